/** Words both reading views build from the catalogue: a card as it lies, a spread row's value. */
import type { SpreadRow } from '../stores/reading.ts';
import type { TarotStrings } from './i18n/en.ts';

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
