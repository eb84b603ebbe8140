/**
 * The tarot's names in French: the 78 cards and the spreads' positions (by key,
 * contracts/positions.ts), without meanings or a schema, for the page's French strings (the
 * offline reader has words in English and Spanish only, and reads a French reading in English).
 *
 * Source: the names French readers give the Rider–Waite–Smith majors (Le Fou, Le Magicien, La
 * Grande Prêtresse, Le Hiérophante, La Roue de la Fortune…, as in the deck's French editions),
 * with the suits and courts of the French tradition the Tarot de Marseille keeps (Bâtons, Coupes,
 * Épées, Deniers; Valet, Cavalier, Reine, Roi).
 */
import { cardIdentity, type Suit } from './cards.ts';
import type { PositionNames } from './positions.ts';

/** The 22 major arcana's French names, in `MAJOR_NAMES` order (contracts/cards.ts). */
export const MAJOR_NAMES_FR = [
  'Le Fou',
  'Le Magicien',
  'La Grande Prêtresse',
  'L’Impératrice',
  'L’Empereur',
  'Le Hiérophante',
  'Les Amoureux',
  'Le Chariot',
  'La Force',
  'L’Ermite',
  'La Roue de la Fortune',
  'La Justice',
  'Le Pendu',
  'La Mort',
  'La Tempérance',
  'Le Diable',
  'La Tour',
  'L’Étoile',
  'La Lune',
  'Le Soleil',
  'Le Jugement',
  'Le Monde',
] as const;

/** Rank words in French, as (1) to roi (14), in `RANK_WORDS` order. */
export const RANK_WORDS_FR = [
  'As',
  'Deux',
  'Trois',
  'Quatre',
  'Cinq',
  'Six',
  'Sept',
  'Huit',
  'Neuf',
  'Dix',
  'Valet',
  'Cavalier',
  'Reine',
  'Roi',
] as const;

/** Each suit's French name, as it follows "de" in a card's name ("Trois de Coupes"). */
export const SUIT_NAMES_FR: Record<Suit, string> = {
  wands: 'Bâtons',
  cups: 'Coupes',
  swords: 'Épées',
  pentacles: 'Deniers',
};

/** "de Coupes", "d’Épées": French elides "de" before a vowel. */
function ofSuit(suit: string): string {
  return /^[aeiouyéèêàâîôû]/i.test(suit) ? `d’${suit}` : `de ${suit}`;
}

/** The card's French name ("Le Fou", "As de Coupes", "Roi d’Épées"), or undefined. */
export function cardNameFr(id: string): string | undefined {
  const card = cardIdentity(id);
  if (!card) return undefined;
  if (card.suit === null) return MAJOR_NAMES_FR[card.rank];
  const rank = RANK_WORDS_FR[card.rank - 1];
  return rank && `${rank} ${ofSuit(SUIT_NAMES_FR[card.suit])}`;
}

/** The spreads' positions in French, by key. */
export const POSITION_NAMES_FR: PositionNames = {
  'The Answer': 'La réponse',
  Past: 'Passé',
  Present: 'Présent',
  Future: 'Avenir',
  'Path A': 'Chemin A',
  'Path B': 'Chemin B',
  'What to Weigh': 'Ce qui compte',
  You: 'Vous',
  'The Other Person': 'L’autre personne',
  'The Bond': 'Le lien',
  'The Challenge': 'L’obstacle',
  'Where It Is Heading': 'Où cela mène',
  'Heart of the Matter': 'Le cœur du sujet',
  'What Crosses You': 'Ce qui vous barre la route',
  Root: 'La racine',
  'Recent Past': 'Passé récent',
  'Near Future': 'Avenir proche',
  'Likely Outcome': 'Issue probable',
  Situation: 'La situation',
  Challenge: 'Le défi',
  Advice: 'Le conseil',
  Outcome: 'L’issue',
  Clarification: 'Éclaircissement',
};
