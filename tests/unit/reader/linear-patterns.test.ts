/**
 * The patterns rewritten to run in linear time (ESLint's `regexp/no-super-linear-*` rules now
 * cover every source) behave as the regular expressions they replaced: property tests against
 * the old expressions, on inputs made of the characters those expressions care about.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ReaderSession } from '../../../reader/protocol/engine.ts';
import { cardsFrom, readingFrom, spreadFrom } from '../../../reader/reading/history.ts';
import {
  parseCardLine,
  parsePosition,
  parseReadingLine,
} from '../../../reader/reading/instruction-lines.ts';
import { MAX_INSTRUCTIONS_LINE_CHARS } from '../../../reader/protocol/limits.ts';
import { trimTrailingSlashes } from '../../../web-components/shared/trim-slashes.ts';
import { parseDuration } from '../../../web-components/shared/controllers/card-motion.ts';

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

/**
 * A count of the characters the string methods a parser calls may look at: each call's span from
 * where it starts to where it stops. Linear parsing keeps the count proportional to the input.
 */
function countSteps(run: () => void): number {
  let steps = 0;
  const proto = String.prototype;
  const saved = {
    indexOf: proto.indexOf,
    lastIndexOf: proto.lastIndexOf,
    includes: proto.includes,
    startsWith: proto.startsWith,
    endsWith: proto.endsWith,
    slice: proto.slice,
  };
  proto.indexOf = function (this: string, search: string, from?: number) {
    const at = saved.indexOf.call(this, search, from);
    steps += (at === -1 ? this.length : at + search.length) - (from ?? 0) + 1;
    return at;
  };
  proto.lastIndexOf = function (this: string, search: string, from?: number) {
    const at = saved.lastIndexOf.call(this, search, from);
    steps += Math.min(from ?? this.length, this.length) - (at === -1 ? 0 : at) + 1;
    return at;
  };
  proto.includes = function (this: string, search: string, from?: number) {
    steps += this.length + 1;
    return saved.includes.call(this, search, from);
  };
  proto.startsWith = function (this: string, search: string, from?: number) {
    steps += search.length + 1;
    return saved.startsWith.call(this, search, from);
  };
  proto.endsWith = function (this: string, search: string, end?: number) {
    steps += search.length + 1;
    return saved.endsWith.call(this, search, end);
  };
  proto.slice = function (this: string, start?: number, end?: number) {
    const result = saved.slice.call(this, start, end);
    steps += result.length + 1;
    return result;
  };
  const exec = vi.spyOn(RegExp.prototype, 'exec');
  let patterns = 0;
  try {
    run();
    // The contracts' schemas check short fields (a card id) with patterns; none may read a line.
    patterns = exec.mock.calls.filter(([input]) => String(input).length > 64).length;
  } finally {
    Object.assign(proto, saved);
    exec.mockRestore();
  }
  // No regular expression read a line: the counted calls are all the parsing there was.
  expect(patterns, 'regular expressions run on a line').toBe(0);
  return steps;
}

// The offline reader's patterns, kept here as the oracles of their linear replacements (the lint
// rules for super-linear patterns pass them: their cost comes from the unbounded groups together).
const CARD_LINE =
  /^\d+\. (.+?) \((.*)\): (.+), (?:upright|reversed) \[cardId "([^"]+)", reversed (true|false)\]$/;
const POSITION = /^(.+?) \((.*)\)$/;
const READING_LINE = /^- (.+?) \[([^\]]+)\]: (.*)$/;

/** Strings made of the pieces the reader's line formats are made of, in any order. */
const linePieces = fc
  .array(
    fc.constantFrom(
      'a',
      'b c',
      ' ',
      '1',
      '12. ',
      '. ',
      '- ',
      ' (',
      ')',
      '): ',
      ':',
      ', upright',
      ', reversed',
      ' [cardId "',
      ' [',
      ']',
      ']: ',
      '"',
      '", reversed true]',
      '", reversed false]',
      '\r',
    ),
    { maxLength: 14 },
  )
  .map((pieces) => pieces.join(''));
const wellFormedCard = fc
  .tuple(linePieces, linePieces, linePieces, linePieces, fc.boolean(), fc.boolean())
  .map(
    ([label, role, name, id, upright, flag]) =>
      `3. ${label} (${role}): ${name}, ${upright ? 'upright' : 'reversed'} [cardId "${id}", reversed ${flag}]`,
  );

describe('the reader reads its instruction lines in linear time', () => {
  it('parseCardLine reads what the card line pattern read', () => {
    fc.assert(
      fc.property(fc.oneof(linePieces, wellFormedCard), (line) => {
        const match = CARD_LINE.exec(line);
        expect(parseCardLine(line)).toEqual(
          match
            ? {
                positionLabel: match[1],
                promptRole: match[2],
                cardName: match[3],
                cardId: match[4],
                reversed: match[5] === 'true',
              }
            : undefined,
        );
      }),
      { numRuns: 3000, seed: 21 },
    );
    expect(
      parseCardLine(
        '1. Past (what (shaped) this): The Tower, upright [cardId "major-16", reversed false]',
      ),
    ).toEqual({
      positionLabel: 'Past',
      promptRole: 'what (shaped) this',
      cardName: 'The Tower',
      cardId: 'major-16',
      reversed: false,
    });
  });

  it('parsePosition and parseReadingLine read what their patterns read', () => {
    fc.assert(
      fc.property(linePieces, (text) => {
        const position = POSITION.exec(text);
        expect(parsePosition(text)).toEqual(
          position ? { label: position[1], role: position[2] } : undefined,
        );
        const reading = READING_LINE.exec(text);
        expect(parseReadingLine(text)).toEqual(
          reading
            ? { positionLabel: reading[1], cardId: reading[2], summary: reading[3] }
            : undefined,
        );
      }),
      { numRuns: 3000, seed: 21 },
    );
    // A terminator in the first candidate's summary, inside the second one's id.
    expect(parseReadingLine('- a [b]: x [\r]: y')).toEqual({
      positionLabel: 'a [b]: x',
      cardId: '\r',
      summary: 'y',
    });
  });

  it('the steps to read a line at most double when the line doubles, on the lines that made the old patterns cubic', () => {
    const attacks: ((n: number) => string)[] = [
      (n) => `Cards drawn:\n1. ${'a (b): c, upright '.repeat(n)}`,
      (n) => `Cards drawn:\n1. ${'a (b): c, upright [cardId "x'.repeat(n)}", reversed true]`,
      (n) => `The reading as delivered:\n- ${'a [b]c [d'.repeat(n)}`,
      (n) => `The spread: S: ${'a (b (c'.repeat(n)}`,
    ];
    for (const attack of attacks) {
      const steps = [8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096].map((n) =>
        countSteps(() => {
          cardsFrom(attack(n));
          readingFrom(attack(n));
          spreadFrom(attack(n));
        }),
      );
      let previous = Infinity;
      for (const count of steps) {
        expect(count / previous, `${attack(1)}: ${steps.join(', ')}`).toBeLessThan(2.2);
        previous = count;
      }
    }
  });
});

describe('session.update: a line of instructions over the cap', () => {
  it('is refused with instructions_line_too_long, whatever its length, and the session is unchanged', () => {
    const sent: { type: string; session?: { instructions?: string }; error?: { code: string } }[] =
      [];
    const session = new ReaderSession({
      send: (event) => sent.push(event as (typeof sent)[number]),
    });
    session.start();
    const update = (instructions: string) =>
      session.handleMessage(
        JSON.stringify({ type: 'session.update', session: { type: 'realtime', instructions } }),
      );
    update(`Cards drawn:\n${'x'.repeat(MAX_INSTRUCTIONS_LINE_CHARS)}`);
    expect(sent.at(-1)?.type).toBe('session.updated');
    for (let length = MAX_INSTRUCTIONS_LINE_CHARS + 1; length < 32_000; length *= 2) {
      update(`Cards drawn:\n1. ${'a (b): c, upright '.repeat(length / 18)}`.slice(0, length + 13));
      expect(sent.at(-1)?.error?.code).toBe('instructions_line_too_long');
    }
    const updated = sent.filter((event) => event.type === 'session.updated');
    expect(updated).toHaveLength(1);
  });
});
