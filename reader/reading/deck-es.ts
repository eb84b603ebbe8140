/**
 * The tarot deck in Spanish: every card of contracts/cards.ts with its Spanish name
 * (contracts/cards-es.ts), and its keywords and meanings upright and reversed, in the English
 * deck's shape (`TarotCard`, deck.ts). The meanings are our own words, written plainly for a spoken
 * reading, as the English ones are.
 *
 * One thing: the 78 cards' readings in deck order, the major arcana (deck-es-majors.ts) and then
 * the minor arcana suit by suit (deck-es-minors.ts), built into one deck, as the English deck is
 * in deck.ts.
 */
import { CARDS, SUITS } from '../../contracts/cards.ts';
import { cardNameEs } from '../../contracts/cards-es.ts';
import type { CardReading, ReadingEntry, TarotCard } from './deck.ts';
import { MAJORS_ES } from './deck-es-majors.ts';
import { MINORS_ES } from './deck-es-minors.ts';

function reading(keywords: readonly string[], meaning: string): CardReading {
  return { keywords: [...keywords], meaning };
}

function spanishName(card: (typeof CARDS)[number]): string {
  const name = cardNameEs(card.id);
  if (!name) throw new Error(`no Spanish name for ${card.id}`);
  return name;
}

/** Each card's identity (contracts/cards.ts) with its Spanish name and readings, in deck order. */
function buildDeckEs(): TarotCard[] {
  const entries: readonly ReadingEntry[] = [
    ...MAJORS_ES,
    ...SUITS.flatMap((suit) => MINORS_ES[suit]),
  ];
  return CARDS.map((card, index) => {
    const entry = entries[index];
    if (!entry) throw new Error(`no Spanish reading for ${card.id}`);
    const [up, upMeaning, down, downMeaning] = entry;
    return {
      ...card,
      name: spanishName(card),
      upright: reading(up, upMeaning),
      reversed: reading(down, downMeaning),
    };
  });
}

/** All 78 cards in Spanish, in the English deck's order and with its ids. */
export const DECK_ES: readonly TarotCard[] = Object.freeze(buildDeckEs());

const BY_ID: ReadonlyMap<string, TarotCard> = new Map(DECK_ES.map((card) => [card.id, card]));

/** The card with this id, named and read in Spanish, or undefined when no card has it. */
export function getCardEs(id: string): TarotCard | undefined {
  return BY_ID.get(id);
}
