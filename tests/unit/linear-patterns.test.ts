/**
 * The patterns rewritten to run in linear time (ESLint's `regexp/no-super-linear-*` rules now
 * cover every source) behave as the regular expressions they replaced: property tests against
 * the old expressions, on inputs made of the characters those expressions care about.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trimTrailingSlashes } from '../../web-components/shared/trim-slashes.ts';
import { parseDuration } from '../../web-components/tarot/controllers/card-motion.ts';

const RUNS = { numRuns: 1000, seed: 12 };
const from = (alphabet: string, maxLength = 24) =>
  fc.string({ unit: fc.constantFrom(...alphabet), maxLength });

describe('patterns that replace super-linear regular expressions', () => {
  it('trimTrailingSlashes is /\\/+$/ removed', () => {
    fc.assert(
      fc.property(from('/ab.:'), (text) => {
        // eslint-disable-next-line regexp/no-super-linear-move -- the old pattern, as the oracle
        expect(trimTrailingSlashes(text)).toBe(text.replace(/\/+$/, ''));
      }),
      RUNS,
    );
  });

  it('trimTrailingSlashes strips a run of 200,000 slashes before a letter in one pass', () => {
    const text = `${'/'.repeat(200_000)}x${'/'.repeat(200_000)}`;
    expect(trimTrailingSlashes(text)).toBe(`${'/'.repeat(200_000)}x`);
  });

  it('parseDuration reads what /^\\s*(\\d*\\.?\\d+)\\s*(ms|s)\\s*$/ read', () => {
    const old = (value: string, fallback: number) => {
      // eslint-disable-next-line regexp/no-super-linear-backtracking -- the old pattern, as the oracle
      const match = /^\s*(\d*\.?\d+)\s*(ms|s)\s*$/.exec(value);
      if (!match) return fallback;
      const amount = Number(match[1]);
      return match[2] === 's' ? amount * 1000 : amount;
    };
    fc.assert(
      fc.property(from('0179. msx\t', 12), (value) => {
        expect(parseDuration(value, -1)).toBe(old(value, -1));
      }),
      RUNS,
    );
    expect(parseDuration('700ms', 0)).toBe(700);
    expect(parseDuration(' .7s ', 0)).toBe(700);
    expect(parseDuration('1.', 5)).toBe(5);
  });
});
