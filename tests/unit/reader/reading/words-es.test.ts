import { describe, expect, it } from 'vitest';
import {
  CLARIFYING_QUESTION_ES,
  POSITIONS_ES,
  SPREADS_ES,
} from '../../../../reader/reading/words-es.ts';

/** The spreads and positions the offline reader lays out today (its English names). */
const SPREADS = [
  'One-Card Draw',
  'Past, Present and Future',
  'Two Paths',
  'Relationship Spread',
  'Celtic Cross (lite)',
  'Situation, Challenge and Advice',
];
const POSITIONS = [
  'The Answer',
  'Past',
  'Present',
  'Future',
  'Path A',
  'Path B',
  'What to Weigh',
  'You',
  'The Other Person',
  'The Bond',
  'The Challenge',
  'Where It Is Heading',
  'Heart of the Matter',
  'What Crosses You',
  'Root',
  'Recent Past',
  'Near Future',
  'Likely Outcome',
  'Situation',
  'Challenge',
  'Advice',
  'Clarification',
];

describe('the offline reader’s Spanish words', () => {
  it('name every spread and every position in Spanish, each with its reason or role', () => {
    for (const name of SPREADS) {
      expect(SPREADS_ES[name]?.name, name).toBeTruthy();
      expect(SPREADS_ES[name]?.name).not.toBe(name);
    }
    for (const label of POSITIONS) {
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
