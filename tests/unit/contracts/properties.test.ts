/**
 * Property tests (fast-check, 1,000 runs each on a fixed seed) for what crosses a boundary: the
 * cassette packet, the reading tools' arguments, and the shuffle that deals the cards.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CASSETTE_TITLE_MAX,
  PresentToCassetteParams,
  encodeCassette,
  parseCassette,
} from '../../../contracts/cassette-schema.ts';
import { CARD_IDS } from '../../../contracts/cards.ts';
import { DrawCardParams, ShowCardParams } from '../../../contracts/reading-schema.ts';
import { secureShuffle } from '../../../web-components/tarot/tarot-card-picker/secure-shuffle.ts';
import { chiSquare, propertyParameters, seededRandomInt } from '../helpers/property.ts';

describe('a cassette packet', () => {
  it('is read without throwing whatever bytes arrive, and is accepted only as a whole cassette', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 512 }),
          fc.string({ maxLength: 512 }),
          fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
          fc
            .record(
              {
                type: fc.constantFrom('cassette', 'other'),
                title: fc.anything(),
                content: fc.anything(),
              },
              { requiredKeys: [] },
            )
            .map((value) => JSON.stringify(value)),
        ),
        (bytes) => {
          const result = parseCassette(bytes);
          if (result.ok) {
            expect(result.cassette.type).toBe('cassette');
            expect(result.cassette.title.length).toBeGreaterThan(0);
            expect(result.cassette.title.length).toBeLessThanOrEqual(CASSETTE_TITLE_MAX);
            expect(result.cassette.content.length).toBeGreaterThan(0);
          } else {
            expect(result.error).toMatch(/cassette/i);
          }
        },
      ),
      propertyParameters(),
    );
  });

  it('arrives exactly as it was sent: encode then parse gives the same title and content', () => {
    const title = fc
      .string({ minLength: 1, maxLength: CASSETTE_TITLE_MAX })
      .filter((value) => value.trim().length > 0 && value.trim() === value);
    const content = fc.string({ minLength: 1, maxLength: 2_000, unit: 'binary' });
    fc.assert(
      fc.property(title, content, (title, content) => {
        const result = parseCassette(encodeCassette({ type: 'cassette', title, content }));
        expect(result).toEqual({ ok: true, cassette: { type: 'cassette', title, content } });
      }),
      propertyParameters(),
    );
  });
});

describe("the tools' arguments", () => {
  it('draw_card, show_card and present_to_cassette arguments are checked without throwing, whatever the model sends', () => {
    fc.assert(
      fc.property(fc.anything(), (args) => {
        for (const schema of [DrawCardParams, ShowCardParams, PresentToCassetteParams]) {
          const parsed = schema.safeParse(args);
          if (!parsed.success) expect(parsed.error.issues.length).toBeGreaterThan(0);
        }
      }),
      propertyParameters(),
    );
  });

  it('show_card accepts every card of the deck either way up, and no id outside the id shape', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CARD_IDS),
        fc.boolean(),
        fc.string(),
        (cardId, reversed, other) => {
          expect(ShowCardParams.safeParse({ cardId, reversed }).success).toBe(true);
          const shaped = /^[a-z]+(?:-[a-z]+)*$/.test(other);
          expect(ShowCardParams.safeParse({ cardId: other, reversed }).success).toBe(shaped);
        },
      ),
      propertyParameters(),
    );
  });
});

describe('the shuffle that deals the cards', () => {
  it('deals every remaining card exactly once: never a repeated card, never one already drawn', () => {
    fc.assert(
      fc.property(
        fc.subarray([...CARD_IDS], { maxLength: 10 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (drawn, seed) => {
          const remaining = CARD_IDS.filter((id) => !drawn.includes(id));
          const dealt = secureShuffle(remaining, seededRandomInt(seed));
          expect(dealt).toHaveLength(remaining.length);
          expect(new Set(dealt).size).toBe(dealt.length);
          expect(dealt.some((id) => drawn.includes(id))).toBe(false);
          expect([...dealt].sort()).toEqual([...remaining].sort());
        },
      ),
      propertyParameters(),
    );
  });

  /** How often each card lands first and last over `rounds` shuffles of the whole deck. */
  function landings(rounds: number, randomInt: (max: number) => number): [number[], number[]] {
    const first = new Array<number>(CARD_IDS.length).fill(0);
    const last = new Array<number>(CARD_IDS.length).fill(0);
    const count = (bins: number[], id: string | undefined): void => {
      const at = CARD_IDS.indexOf(id ?? '');
      bins[at] = (bins[at] ?? 0) + 1;
    };
    for (let round = 0; round < rounds; round++) {
      const dealt = secureShuffle(CARD_IDS, randomInt);
      count(first, dealt[0]);
      count(last, dealt.at(-1));
    }
    return [first, last];
  }
  // Chi-square with 77 degrees of freedom: 121.1 is its 99.9th percentile.
  const CRITICAL = 121.1;
  const ROUNDS = CARD_IDS.length * 200;

  it('makes every card equally likely first and last (chi-square within the 0.1% bound)', () => {
    const [first, last] = landings(ROUNDS, seededRandomInt(20_261_123));
    expect(chiSquare(first, ROUNDS / CARD_IDS.length)).toBeLessThan(CRITICAL);
    expect(chiSquare(last, ROUNDS / CARD_IDS.length)).toBeLessThan(CRITICAL);
  });

  it('the same bound catches a biased source (a byte taken modulo the range), so the check can fail', () => {
    const bytes = seededRandomInt(7);
    // The last place is settled by the first draw, from the full range, where the bias is largest.
    const [, last] = landings(ROUNDS, (max) => bytes(256) % max);
    expect(chiSquare(last, ROUNDS / CARD_IDS.length)).toBeGreaterThan(CRITICAL);
  });
});
