/**
 * The text helpers the edge, the reader, the agent and the page share (contracts/text.ts): each
 * trims only what it is given, and clip cuts at a word boundary.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clip, trimChars, trimEnd } from '../../../contracts/text.ts';

const RUNS = { numRuns: 500, seed: 22 };
const text = fc.string({ unit: fc.constantFrom(...'ab .,;-/\t'), maxLength: 30 });

describe('shared text helpers', () => {
  it('trimEnd drops only the given characters, and only at the end', () => {
    fc.assert(
      fc.property(text, (value) => {
        const kept = trimEnd(value, '.,;');
        expect(value.startsWith(kept)).toBe(true);
        expect([...value.slice(kept.length)].every((ch) => '.,;'.includes(ch))).toBe(true);
        expect('.,;'.includes(kept.at(-1) ?? 'x')).toBe(false);
      }),
      RUNS,
    );
  });

  it('trimChars drops the given characters at both ends, and nothing between', () => {
    fc.assert(
      fc.property(text, (value) => {
        const kept = trimChars(value, '/-');
        expect(value.includes(kept)).toBe(true);
        expect('/-'.includes(kept.at(0) ?? 'x')).toBe(false);
        expect('/-'.includes(kept.at(-1) ?? 'x')).toBe(false);
        expect(kept === '' || trimChars(`-${kept}/`, '/-') === kept).toBe(true);
      }),
      RUNS,
    );
  });

  it('clip keeps a short text whole, with its whitespace collapsed', () => {
    expect(clip('  the   tower\n falls ', 40)).toBe('the tower falls');
  });

  it('clip cuts a long text at a word boundary and ends it with an ellipsis', () => {
    const clipped = clip('the tower falls, and the star rises over the quiet water', 30);
    expect(clipped).toBe('the tower falls, and the…');
    expect(clipped.length).toBeLessThanOrEqual(30);
  });
});
