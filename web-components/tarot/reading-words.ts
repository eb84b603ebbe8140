/** Words both reading views build from the catalogue: a card as it lies, a spread row's value. */
import type { SpreadRow, TranscriptEntry } from '../stores/reading.ts';
import type { VoiceTranscriptEntry } from '../voice/voice-transcript.ts';
import type { TarotStrings } from './strings-en.ts';

/** "The Fool, reversed" / "El Loco, invertida", in the view's language. */
export function cardAsLies(t: TarotStrings, cardId: string, reversed: boolean): string {
  return t.cardAs(t.cardName(cardId), reversed);
}

/** A card named as the conversation and the spread show it: reversed said, upright not. */
export function cardShort(t: TarotStrings, cardId: string, reversed: boolean): string {
  return reversed ? cardAsLies(t, cardId, true) : t.cardName(cardId);
}

/** A spread row's value: the card (reversed said), or that it is not drawn yet. */
export function spreadRowWords(t: TarotStrings, row: SpreadRow): string {
  return row.card ? cardShort(t, row.card.cardId, row.card.reversed) : t.notDrawnYet;
}

/** Turns the reading's transcript into the voice transcript's lines, in the view's words. */
export function voiceTranscriptLines(
  t: TarotStrings,
  entries: readonly TranscriptEntry[],
): VoiceTranscriptEntry[] {
  return entries.map((entry): VoiceTranscriptEntry => {
    if (entry.kind === 'message') {
      return { id: entry.id, role: entry.role, text: entry.text, done: entry.done };
    }
    if (entry.kind === 'phase') {
      return {
        id: entry.id,
        role: 'event',
        kind: 'phase',
        text: t.phaseEvent(t.phase(entry.agent)),
      };
    }
    const name = cardAsLies(t, entry.cardId, entry.reversed);
    if (entry.action === 'shown') {
      return { id: entry.id, role: 'event', kind: 'shown', text: t.shownCard(name) };
    }
    const at = entry.positionLabel ? ` ${t.forPosition(entry.positionLabel)}` : '';
    return { id: entry.id, role: 'event', kind: 'drawn', text: `${t.drawnCard(name)}${at}` };
  });
}
