/**
 * How the cards are named in words: a card as it lies, as the conversation and the spread show it,
 * and a spread row. Apart from `<tarot-card>` so a reading view names cards without loading the
 * card elements, which it shows only once its reading is under way (../tarot-card-picker/picker-section.ts).
 */
import type { CardIdentity } from '../../../contracts/cards.ts';
import type { SpreadRow } from '../../stores/reading.ts';
import { type TarotCardsStrings, tarotCardsEn } from '../i18n/cards-en.ts';

/**
 * The accessible name of a card as it lies: "The Fool, reversed", "Face-down card", "Unknown
 * card", in the words of `t` (English by default).
 */
export function cardLabel(
  card: CardIdentity | undefined,
  reversed: boolean,
  faceDown: boolean,
  t: TarotCardsStrings = tarotCardsEn,
): string {
  if (!card) return t.unknownCard;
  if (faceDown) return t.faceDownCard;
  return cardAsLies(t, card.id, reversed);
}

/** "The Fool, reversed" / "El Loco, invertida", in the view's language. */
export function cardAsLies(t: TarotCardsStrings, cardId: string, reversed: boolean): string {
  return t.cardAs(t.cardName(cardId), reversed);
}

/** A card named as the conversation and the spread show it: reversed said, upright not. */
export function cardShort(t: TarotCardsStrings, cardId: string, reversed: boolean): string {
  return reversed ? cardAsLies(t, cardId, true) : t.cardName(cardId);
}

/** A spread row's value: the card (reversed said), or that it is not drawn yet. */
export function spreadRowWords(t: TarotCardsStrings, row: SpreadRow): string {
  return row.card ? cardShort(t, row.card.cardId, row.card.reversed) : t.notDrawnYet;
}
