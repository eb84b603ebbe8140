/**
 * The English words of the card elements (`<tarot-card>`, `<tarot-card-stage>`,
 * `<tarot-card-picker>`): the cards' names, how a card lies, the picker's fan. They load with the
 * card elements (the `tarot/cards` entry, or a reading view), not with `<tarot-reading>` alone.
 */
import { cardName } from '../../../contracts/cards.ts';

export const tarotCardsEn = {
  /** A card's name for its id (the id itself for an unknown one). */
  cardName: (id: string): string => cardName(id) ?? id,
  /**
   * A spread position's name for its key (contracts/positions.ts: the English labels are the
   * keys); a label that is no key is shown as it came.
   */
  position: (label: string): string => label,
  unknownCard: 'Unknown card',
  faceDownCard: 'Face-down card',
  upright: 'Upright',
  reversed: 'Reversed',
  /** A card as it lies: "The Fool, reversed". */
  cardAs: (name: string, reversed: boolean): string =>
    `${name}, ${reversed ? 'reversed' : 'upright'}`,
  showing: (card: string): string => `Showing ${card}`,
  chooseCard: 'Choose a card',
  chooseCardFor: (position: string): string => `Choose a card for ${position}`,
  drawCardFor: (position: string): string => `Draw a card for ${position}`,
  noCardsLeft: 'No cards are left to draw.',
  /** A card in the spread's fan; the numbers are already formatted. */
  cardOf: (index: string, total: string): string => `Card ${index} of ${total}`,
  drawn: (card: string): string => `drawn: ${card}`,
  youDrew: (card: string): string => `You drew ${card}`,
  cancelDraw: 'Cancel draw',
  notDrawnYet: 'not drawn yet',
};

export type TarotCardsStrings = typeof tarotCardsEn;
