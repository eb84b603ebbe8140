import { describe, expect, it } from 'vitest';
import { CARD_IDS, cardName } from '../../../../contracts/cards.ts';
import { DECK, Suit, TarotCard, getCard } from '../../../../reader/reading/deck.ts';
import { CardIdSchema } from '../../../../contracts/reading-schema.ts';

describe('the tarot deck', () => {
  it('holds exactly 78 cards: 22 major arcana and 56 minor, 14 in each suit', () => {
    expect(DECK).toHaveLength(78);
    expect(DECK.filter((card) => card.arcana === 'major')).toHaveLength(22);
    expect(DECK.filter((card) => card.arcana === 'minor')).toHaveLength(56);
    for (const suit of Suit.options) {
      const cards = DECK.filter((card) => card.suit === suit);
      expect(cards).toHaveLength(14);
      expect(cards.map((card) => card.rank)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    }
  });

  it('numbers the major arcana 0 to 21, with no suit', () => {
    const majors = DECK.filter((card) => card.arcana === 'major');
    expect(majors.map((card) => card.rank)).toEqual(Array.from({ length: 22 }, (_, i) => i));
    expect(majors.every((card) => card.suit === null)).toBe(true);
  });

  it('gives every card a unique id that matches the card id schema', () => {
    expect(new Set(DECK.map((card) => card.id)).size).toBe(78);
    for (const card of DECK) expect(CardIdSchema.safeParse(card.id).success, card.id).toBe(true);
    expect(CARD_IDS).toEqual(DECK.map((card) => card.id));
  });

  it('parses every card with the TarotCard schema', () => {
    for (const card of DECK) {
      const result = TarotCard.safeParse(card);
      expect(result.success, `${card.id}: ${result.error?.message ?? ''}`).toBe(true);
    }
  });

  it('gives every card its own meanings, upright and reversed', () => {
    const meanings = DECK.flatMap((card) => [card.upright.meaning, card.reversed.meaning]);
    expect(new Set(meanings).size).toBe(meanings.length);
    for (const card of DECK) expect(card.upright.meaning).not.toBe(card.reversed.meaning);
  });

  it('spells ids and names the usual way', () => {
    const expected: [string, string][] = [
      ['the-fool', 'The Fool'],
      ['the-high-priestess', 'The High Priestess'],
      ['wheel-of-fortune', 'Wheel of Fortune'],
      ['ace-of-cups', 'Ace of Cups'],
      ['two-of-wands', 'Two of Wands'],
      ['page-of-swords', 'Page of Swords'],
      ['king-of-pentacles', 'King of Pentacles'],
    ];
    for (const [id, name] of expected) expect(cardName(id)).toBe(name);
    expect(getCard('ten-of-swords')).toMatchObject({ arcana: 'minor', suit: 'swords', rank: 10 });
    expect(getCard('the-world')).toMatchObject({ arcana: 'major', suit: null, rank: 21 });
  });

  it('finds a card by id and returns undefined for an unknown id', () => {
    expect(getCard('the-star')?.name).toBe('The Star');
    expect(getCard('the-joker')).toBeUndefined();
    expect(getCard('')).toBeUndefined();
    expect(cardName('eleven-of-cups')).toBeUndefined();
  });

  it('refuses a card whose suit does not fit its arcana', () => {
    const fool = getCard('the-fool');
    expect(fool).toBeDefined();
    expect(TarotCard.safeParse({ ...fool, suit: 'cups' }).success).toBe(false);
  });
});
