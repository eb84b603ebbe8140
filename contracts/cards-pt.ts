/**
 * The tarot's names in Portuguese, as Brazilian readers use them (a `pt-PT` visitor reads these
 * too): the 78 cards and the spreads' positions (by key, contracts/positions.ts), without meanings
 * or a schema, for the page's Portuguese strings (the offline reader has words in English and
 * Spanish only, and reads a Portuguese reading in English).
 *
 * Source: the names Brazilian editions of the Rider–Waite–Smith deck and Brazilian tarot books use
 * (O Louco, O Mago, A Sacerdotisa, O Hierofante, A Roda da Fortuna, O Enforcado…), with the
 * suits and courts of the Portuguese deck (Paus, Copas, Espadas, Ouros; Valete, Cavaleiro, Rainha,
 * Rei).
 */
import { cardIdentity, type Suit } from './cards.ts';
import type { PositionNames } from './positions.ts';

/** The 22 major arcana's Portuguese names, in `MAJOR_NAMES` order (contracts/cards.ts). */
export const MAJOR_NAMES_PT = [
  'O Louco',
  'O Mago',
  'A Sacerdotisa',
  'A Imperatriz',
  'O Imperador',
  'O Hierofante',
  'Os Enamorados',
  'O Carro',
  'A Força',
  'O Eremita',
  'A Roda da Fortuna',
  'A Justiça',
  'O Enforcado',
  'A Morte',
  'A Temperança',
  'O Diabo',
  'A Torre',
  'A Estrela',
  'A Lua',
  'O Sol',
  'O Julgamento',
  'O Mundo',
] as const;

/** Rank words in Portuguese, Ás (1) to Rei (14), in `RANK_WORDS` order. */
export const RANK_WORDS_PT = [
  'Ás',
  'Dois',
  'Três',
  'Quatro',
  'Cinco',
  'Seis',
  'Sete',
  'Oito',
  'Nove',
  'Dez',
  'Valete',
  'Cavaleiro',
  'Rainha',
  'Rei',
] as const;

/** Each suit's Portuguese name, as it follows "de" in a card's name ("Três de Copas"). */
export const SUIT_NAMES_PT: Record<Suit, string> = {
  wands: 'Paus',
  cups: 'Copas',
  swords: 'Espadas',
  pentacles: 'Ouros',
};

/** The card's Portuguese name ("O Louco", "Ás de Copas"), or undefined for an unknown id. */
export function cardNamePt(id: string): string | undefined {
  const card = cardIdentity(id);
  if (!card) return undefined;
  if (card.suit === null) return MAJOR_NAMES_PT[card.rank];
  const rank = RANK_WORDS_PT[card.rank - 1];
  return rank && `${rank} de ${SUIT_NAMES_PT[card.suit]}`;
}

/** The spreads' positions in Portuguese, by key. */
export const POSITION_NAMES_PT: PositionNames = {
  'The Answer': 'A resposta',
  Past: 'Passado',
  Present: 'Presente',
  Future: 'Futuro',
  'Path A': 'Caminho A',
  'Path B': 'Caminho B',
  'What to Weigh': 'O que pesar',
  You: 'Você',
  'The Other Person': 'A outra pessoa',
  'The Bond': 'O vínculo',
  'The Challenge': 'O obstáculo',
  'Where It Is Heading': 'Para onde vai',
  'Heart of the Matter': 'O cerne da questão',
  'What Crosses You': 'O que cruza o seu caminho',
  Root: 'A raiz',
  'Recent Past': 'Passado recente',
  'Near Future': 'Futuro próximo',
  'Likely Outcome': 'Resultado provável',
  Situation: 'Situação',
  Challenge: 'Desafio',
  Advice: 'Conselho',
  Outcome: 'Resultado',
  Clarification: 'Esclarecimento',
};
