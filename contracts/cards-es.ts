/**
 * The tarot's names in Spanish, as Spanish-speaking readers use them: the 78 cards and the
 * spreads' positions (by key, contracts/positions.ts), without meanings or a schema. The page
 * names cards and positions in Spanish from this alone (the tarot's Spanish strings), and the
 * offline reader's Spanish deck and words (reader/reading/deck-es.ts, words-es.ts) name theirs
 * from it too.
 *
 * Source: the names Spanish editions of the Rider–Waite–Smith deck print, with the Spanish
 * deck's own suits and courts (Bastos, Copas, Espadas, Oros; Sota, Caballero, Reina, Rey).
 */
import { cardIdentity, type Suit } from './cards.ts';
import type { PositionNames } from './positions.ts';

/** The 22 major arcana's Spanish names, in `MAJOR_NAMES` order (contracts/cards.ts). */
export const MAJOR_NAMES_ES = [
  'El Loco',
  'El Mago',
  'La Sacerdotisa',
  'La Emperatriz',
  'El Emperador',
  'El Hierofante',
  'Los Enamorados',
  'El Carro',
  'La Fuerza',
  'El Ermitaño',
  'La Rueda de la Fortuna',
  'La Justicia',
  'El Colgado',
  'La Muerte',
  'La Templanza',
  'El Diablo',
  'La Torre',
  'La Estrella',
  'La Luna',
  'El Sol',
  'El Juicio',
  'El Mundo',
] as const;

/** Rank words in Spanish, as (1) to rey (14), in `RANK_WORDS` order. */
export const RANK_WORDS_ES = [
  'As',
  'Dos',
  'Tres',
  'Cuatro',
  'Cinco',
  'Seis',
  'Siete',
  'Ocho',
  'Nueve',
  'Diez',
  'Sota',
  'Caballero',
  'Reina',
  'Rey',
] as const;

/** Each suit's Spanish name, as it follows "de" in a card's name ("Tres de Copas"). */
export const SUIT_NAMES_ES: Record<Suit, string> = {
  wands: 'Bastos',
  cups: 'Copas',
  swords: 'Espadas',
  pentacles: 'Oros',
};

/** The card's Spanish name ("El Loco", "As de Copas"), or undefined for an unknown id. */
export function cardNameEs(id: string): string | undefined {
  const card = cardIdentity(id);
  if (!card) return undefined;
  if (card.suit === null) return MAJOR_NAMES_ES[card.rank];
  const rank = RANK_WORDS_ES[card.rank - 1];
  return rank && `${rank} de ${SUIT_NAMES_ES[card.suit]}`;
}

/** The spreads' positions in Spanish, by key. */
export const POSITION_NAMES_ES: PositionNames = {
  'The Answer': 'La respuesta',
  Past: 'Pasado',
  Present: 'Presente',
  Future: 'Futuro',
  'Path A': 'Camino A',
  'Path B': 'Camino B',
  'What to Weigh': 'Qué sopesar',
  You: 'Tú',
  'The Other Person': 'La otra persona',
  'The Bond': 'El vínculo',
  'The Challenge': 'El desafío',
  'Where It Is Heading': 'Hacia dónde va',
  'Heart of the Matter': 'El centro del asunto',
  'What Crosses You': 'Lo que te cruza',
  Root: 'La raíz',
  'Recent Past': 'Pasado reciente',
  'Near Future': 'Futuro cercano',
  'Likely Outcome': 'Desenlace probable',
  Situation: 'Situación',
  Challenge: 'Desafío',
  Advice: 'Consejo',
  Outcome: 'Desenlace',
  Clarification: 'Aclaración',
};
