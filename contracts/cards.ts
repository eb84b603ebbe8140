/**
 * The 78 cards by identity: id, name, arcana, suit and rank, without their meanings or a schema.
 * The browser's elements draw and name cards from this alone, so a page that shows the tarot
 * loads neither zod nor the deck's meanings; the deck (`reader/reading/deck.ts`: these identities
 * with keywords and meanings, and the schema that checks them) is the offline reader's.
 */

export const ARCANA = ['major', 'minor'] as const;
export type Arcana = (typeof ARCANA)[number];

export const SUITS = ['wands', 'cups', 'swords', 'pentacles'] as const;
export type Suit = (typeof SUITS)[number];

/** The 22 major arcana, 0 (The Fool) to 21 (The World). */
export const MAJOR_NAMES = [
  'The Fool',
  'The Magician',
  'The High Priestess',
  'The Empress',
  'The Emperor',
  'The Hierophant',
  'The Lovers',
  'The Chariot',
  'Strength',
  'The Hermit',
  'Wheel of Fortune',
  'Justice',
  'The Hanged Man',
  'Death',
  'Temperance',
  'The Devil',
  'The Tower',
  'The Star',
  'The Moon',
  'The Sun',
  'Judgement',
  'The World',
] as const;

/** Rank words, ace (1) to king (14), as they appear in ids and names. */
export const RANK_WORDS = [
  'ace',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'page',
  'knight',
  'queen',
  'king',
] as const;

/** What a card is, apart from what it means. */
export interface CardIdentity {
  id: string;
  name: string;
  arcana: Arcana;
  suit: Suit | null;
  /** Majors 0–21; minors: ace = 1 … 10, page = 11, knight = 12, queen = 13, king = 14. */
  rank: number;
}

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const slug = (name: string): string => name.toLowerCase().replace(/\s+/g, '-');

function buildCards(): CardIdentity[] {
  const cards: CardIdentity[] = MAJOR_NAMES.map((name, rank) => ({
    id: slug(name),
    name,
    arcana: 'major',
    suit: null,
    rank,
  }));
  for (const suit of SUITS) {
    RANK_WORDS.forEach((word, index) => {
      cards.push({
        id: `${word}-of-${suit}`,
        name: `${capitalise(word)} of ${capitalise(suit)}`,
        arcana: 'minor',
        suit,
        rank: index + 1,
      });
    });
  }
  return cards;
}

/** All 78 cards: the 22 major arcana in order, then wands, cups, swords and pentacles, ace to king. */
export const CARDS: readonly CardIdentity[] = Object.freeze(buildCards());

/** Every card id, in deck order. */
export const CARD_IDS: readonly string[] = Object.freeze(CARDS.map((card) => card.id));

const BY_ID: ReadonlyMap<string, CardIdentity> = new Map(CARDS.map((card) => [card.id, card]));

/** The card with this id, or undefined when no card has it. */
export function cardIdentity(id: string): CardIdentity | undefined {
  return BY_ID.get(id);
}

/** The card's display name ("The Fool", "Ace of Cups"), or undefined for an unknown id. */
export function cardName(id: string): string | undefined {
  return BY_ID.get(id)?.name;
}
