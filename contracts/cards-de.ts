/**
 * The tarot's names in German: the 78 cards and the spreads' positions (by key,
 * contracts/positions.ts), without meanings or a schema, for the page's German strings (the
 * offline reader has words in English and Spanish only, and reads a German reading in English).
 *
 * Source: the names of the Rider–Waite–Smith deck's German editions, which Hajo Banzhaf's
 * handbooks also use (Der Narr, Der Magier, Die Hohepriesterin, Das Rad des Schicksals, Die
 * Mäßigkeit…; Stäbe, Kelche, Schwerter, Münzen; Bube, Ritter, Königin, König).
 */
import { cardIdentity, type Suit } from './cards.ts';
import type { PositionNames } from './positions.ts';

/** The 22 major arcana's German names, in `MAJOR_NAMES` order (contracts/cards.ts). */
export const MAJOR_NAMES_DE = [
  'Der Narr',
  'Der Magier',
  'Die Hohepriesterin',
  'Die Herrscherin',
  'Der Herrscher',
  'Der Hierophant',
  'Die Liebenden',
  'Der Wagen',
  'Die Kraft',
  'Der Eremit',
  'Das Rad des Schicksals',
  'Die Gerechtigkeit',
  'Der Gehängte',
  'Der Tod',
  'Die Mäßigkeit',
  'Der Teufel',
  'Der Turm',
  'Der Stern',
  'Der Mond',
  'Die Sonne',
  'Das Gericht',
  'Die Welt',
] as const;

/** Rank words in German, Ass (1) to König (14), in `RANK_WORDS` order. */
export const RANK_WORDS_DE = [
  'Ass',
  'Zwei',
  'Drei',
  'Vier',
  'Fünf',
  'Sechs',
  'Sieben',
  'Acht',
  'Neun',
  'Zehn',
  'Bube',
  'Ritter',
  'Königin',
  'König',
] as const;

/** Each suit's German name in the genitive plural, as it follows "der" ("Drei der Kelche"). */
export const SUIT_NAMES_DE: Record<Suit, string> = {
  wands: 'Stäbe',
  cups: 'Kelche',
  swords: 'Schwerter',
  pentacles: 'Münzen',
};

/** The card's German name ("Der Narr", "Ass der Kelche"), or undefined for an unknown id. */
export function cardNameDe(id: string): string | undefined {
  const card = cardIdentity(id);
  if (!card) return undefined;
  if (card.suit === null) return MAJOR_NAMES_DE[card.rank];
  const rank = RANK_WORDS_DE[card.rank - 1];
  return rank && `${rank} der ${SUIT_NAMES_DE[card.suit]}`;
}

/** The spreads' positions in German, by key. */
export const POSITION_NAMES_DE: PositionNames = {
  'The Answer': 'Die Antwort',
  Past: 'Vergangenheit',
  Present: 'Gegenwart',
  Future: 'Zukunft',
  'Path A': 'Weg A',
  'Path B': 'Weg B',
  'What to Weigh': 'Was abzuwägen ist',
  You: 'Du',
  'The Other Person': 'Die andere Person',
  'The Bond': 'Die Verbindung',
  'The Challenge': 'Das Hindernis',
  'Where It Is Heading': 'Wohin es führt',
  'Heart of the Matter': 'Der Kern der Sache',
  'What Crosses You': 'Was dich kreuzt',
  Root: 'Die Wurzel',
  'Recent Past': 'Jüngste Vergangenheit',
  'Near Future': 'Nahe Zukunft',
  'Likely Outcome': 'Wahrscheinlicher Ausgang',
  Situation: 'Die Lage',
  Challenge: 'Die Herausforderung',
  Advice: 'Der Rat',
  Outcome: 'Der Ausgang',
  Clarification: 'Klärung',
};
