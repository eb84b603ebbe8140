import { describe, expect, it } from 'vitest';
import { POSITION_KEYS } from '../../../../contracts/positions.ts';
import { chooseSpread } from '../../../../reader/reading/spreads.ts';
import { WORDS_EN } from '../../../../reader/reading/words-en.ts';
import {
  CLARIFYING_QUESTION_ES,
  POSITIONS_ES,
  SPREADS_ES,
} from '../../../../reader/reading/words-es.ts';

/**
 * The spreads the offline reader lays out (their English names): every shape of question, and
 * every number of cards a visitor may ask for, through the reader's own choice.
 */
const SPREADS = new Set(
  [
    ...[
      'Will I get the job?',
      'What will next year bring?',
      'Should I stay or go?',
      'How is my relationship with my partner?',
      'What should I do about work?',
      Array.from({ length: 31 }, () => 'word').join(' '),
    ].map((question) => chooseSpread(question, 'general', 'the next few months', WORDS_EN)),
    ...[1, 2, 3, 4, 5, 6].map((count) =>
      chooseSpread('What should I do?', 'general', 'the next few months', WORDS_EN, count),
    ),
  ].map((spread) => spread.layout.name),
);

describe('the offline reader’s Spanish words', () => {
  it('name every spread and every position in Spanish, each with its reason or role', () => {
    expect(SPREADS.size).toBe(9);
    for (const name of SPREADS) {
      expect(SPREADS_ES[name]?.name, name).toBeTruthy();
      expect(SPREADS_ES[name]?.name).not.toBe(name);
    }
    for (const label of POSITION_KEYS) {
      expect(POSITIONS_ES[label]?.role, label).toBeTruthy();
      expect(POSITIONS_ES[label]?.label).not.toBe(label);
    }
  });

  it('ask the clarifying question in Spanish for every topic', () => {
    for (const question of Object.values(CLARIFYING_QUESTION_ES)) {
      expect(question).toMatch(/^Antes de sacar las cartas/);
      expect(question.endsWith('?')).toBe(true);
    }
  });
});
