/**
 * Fair randomness for drawing cards, from `crypto.getRandomValues`: a uniform integer by rejection
 * sampling (no modulo bias), and a Fisher–Yates shuffle built on it.
 */

const RANGE = 2 ** 32;

/** A uniformly random integer in [0, max), for 1 ≤ max ≤ 2³². */
export function secureRandomInt(max: number): number {
  if (!Number.isInteger(max) || max < 1 || max > RANGE) {
    throw new RangeError(`secureRandomInt needs an integer from 1 to 2^32, got ${max}`);
  }
  // The largest multiple of max that fits in 32 bits; values at or above it would favour the
  // low remainders, so they are drawn again.
  const limit = RANGE - (RANGE % max);
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % max;
  }
}

/** A fair coin: true half the time. */
export function secureCoin(): boolean {
  return secureRandomInt(2) === 1;
}

/** A uniform integer in [0, max): `secureRandomInt`, or a seeded source in tests. */
export type RandomInt = (max: number) => number;

/**
 * A new array with `items` in a uniformly random order (Fisher–Yates). `randomInt` is the source
 * of randomness: the crypto one by default; tests inject a seeded one to check fairness.
 */
export function secureShuffle<T extends NonNullable<unknown>>(
  items: readonly T[],
  randomInt: RandomInt = secureRandomInt,
): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const a = out[i];
    const b = out[j];
    if (a === undefined || b === undefined) continue; // both indices are always in range
    out[i] = b;
    out[j] = a;
  }
  return out;
}
