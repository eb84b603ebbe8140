import { describe, expect, it } from 'vitest';
import { DECK, TarotCard } from '../../../../reader/reading/deck.ts';
import { cardNameEs } from '../../../../contracts/cards-es.ts';
import { DECK_ES, getCardEs } from '../../../../reader/reading/deck-es.ts';

const ORIENTATIONS = ['upright', 'reversed'] as const;

const blank = (text: string): boolean => text.trim() === '';

/**
 * Every way the Spanish deck falls short of the English one: a card missing or extra, an identity
 * that differs, a name, keyword list or meaning that is empty, or a meaning or keyword list left
 * in English. An empty list means the Spanish deck can stand in for the English one.
 */
function translationGaps(spanish: readonly TarotCard[], english: readonly TarotCard[]): string[] {
  const gaps: string[] = [];
  const spanishIds = new Set(spanish.map((card) => card.id));
  const byId = new Map(english.map((card) => [card.id, card]));
  for (const card of english) if (!spanishIds.has(card.id)) gaps.push(`${card.id}: missing`);
  for (const card of spanish) {
    const original = byId.get(card.id);
    if (!original) {
      gaps.push(`${card.id}: not in the English deck`);
      continue;
    }
    const { arcana, suit, rank } = original;
    if (card.arcana !== arcana || card.suit !== suit || card.rank !== rank) {
      gaps.push(`${card.id}: identity differs from the English deck`);
    }
    if (blank(card.name)) gaps.push(`${card.id}: no Spanish name`);
    else if (card.name === original.name) gaps.push(`${card.id}: name left in English`);
    for (const side of ORIENTATIONS) {
      const { keywords, meaning } = card[side];
      if (keywords.length === 0 || keywords.some(blank)) gaps.push(`${card.id} ${side}: keywords`);
      else if (keywords.join('|') === original[side].keywords.join('|')) {
        gaps.push(`${card.id} ${side}: keywords left in English`);
      }
      if (blank(meaning)) gaps.push(`${card.id} ${side}: no meaning`);
      else if (meaning === original[side].meaning) {
        gaps.push(`${card.id} ${side}: meaning left in English`);
      }
    }
  }
  return gaps;
}

/** A copy of the Spanish deck with one card changed. */
function withCard(id: string, change: (card: TarotCard) => TarotCard): TarotCard[] {
  return DECK_ES.map((card) => (card.id === id ? change(card) : card));
}

describe('the Spanish tarot deck', () => {
  it('holds the English deck’s cards, no more and none missing, in the same order', () => {
    expect(DECK_ES.map((card) => card.id)).toEqual(DECK.map((card) => card.id));
  });

  it('names and reads every card in Spanish, upright and reversed', () => {
    expect(translationGaps(DECK_ES, DECK)).toEqual([]);
  });

  it('parses every card with the English deck’s TarotCard schema', () => {
    for (const card of DECK_ES) {
      const result = TarotCard.safeParse(card);
      expect(result.success, `${card.id}: ${result.error?.message ?? ''}`).toBe(true);
    }
  });

  it('gives every card its own meanings, upright and reversed', () => {
    const meanings = DECK_ES.flatMap((card) => [card.upright.meaning, card.reversed.meaning]);
    expect(new Set(meanings).size).toBe(meanings.length);
    for (const card of DECK_ES) expect(card.upright.meaning).not.toBe(card.reversed.meaning);
  });

  it('uses the names Spanish-speaking readers use', () => {
    const expected: [string, string][] = [
      ['the-fool', 'El Loco'],
      ['the-high-priestess', 'La Sacerdotisa'],
      ['the-lovers', 'Los Enamorados'],
      ['wheel-of-fortune', 'La Rueda de la Fortuna'],
      ['the-tower', 'La Torre'],
      ['the-world', 'El Mundo'],
      ['ace-of-cups', 'As de Copas'],
      ['three-of-cups', 'Tres de Copas'],
      ['page-of-swords', 'Sota de Espadas'],
      ['knight-of-wands', 'Caballero de Bastos'],
      ['king-of-pentacles', 'Rey de Oros'],
    ];
    for (const [id, name] of expected) expect(cardNameEs(id)).toBe(name);
    expect(new Set(DECK_ES.map((card) => card.name)).size).toBe(78);
  });

  it('finds a card by id and returns undefined for an unknown id', () => {
    expect(getCardEs('ten-of-swords')).toMatchObject({ name: 'Diez de Espadas', rank: 10 });
    expect(getCardEs('the-joker')).toBeUndefined();
    expect(cardNameEs('')).toBeUndefined();
  });

  describe('the translation check', () => {
    it('reports a card whose meaning was left in English', () => {
      const english = DECK.find((card) => card.id === 'the-star');
      expect(english).toBeDefined();
      const deck = withCard('the-star', (card) => ({
        ...card,
        reversed: { ...card.reversed, meaning: english?.reversed.meaning ?? '' },
      }));
      expect(translationGaps(deck, DECK)).toEqual(['the-star reversed: meaning left in English']);
    });

    it('reports a missing name, empty keywords and a blank meaning', () => {
      const deck = withCard('two-of-cups', (card) => ({
        ...card,
        name: ' ',
        upright: { keywords: [], meaning: '' },
      }));
      expect(translationGaps(deck, DECK)).toEqual([
        'two-of-cups: no Spanish name',
        'two-of-cups upright: keywords',
        'two-of-cups upright: no meaning',
      ]);
    });

    it('reports a card missing and a card the English deck lacks', () => {
      const deck = DECK_ES.filter((card) => card.id !== 'the-moon');
      const extra = DECK_ES.slice(0, 1).map((card) => ({ ...card, id: 'the-joker' }));
      expect(translationGaps([...deck, ...extra], DECK)).toEqual([
        'the-moon: missing',
        'the-joker: not in the English deck',
      ]);
    });
  });
});
