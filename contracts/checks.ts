/**
 * The smallest schema that holds: type guards for what a browser session checks without zod (a
 * token answer, an error body, a data packet, the events it logs). zod's parser alone weighs more
 * than BMO's whole session; these hold the same rules in a few lines. A zod-free contract builds its
 * checks from these beside its `-schema` half (`cassette.ts` and `cassette-schema.ts`), and
 * tests/unit/contracts/checks-agree.test.ts holds each pair to the same answer, value by value.
 */

/**
 * Whether a value is a `T` that keeps the rules. It narrows only where it passes: a string that
 * fails a length rule is still a string, so a check's `false` says nothing about the type.
 */
export type Check<T> = (value: unknown) => value is T;
/** The type a check admits. */
export type Checked<C> = C extends Check<infer T> ? T : never;

/**
 * What an answer is parsed with: a zod schema (its `safeParse`), or a parser built on these checks,
 * so one client reads both without loading zod for the second.
 */
export interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** An object that is not an array or null: what a JSON object parses to. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string of `min` to `max` UTF-16 code units, matching `pattern` when one is given. */
export const text =
  (min = 0, max = Infinity, pattern?: RegExp): Check<string> =>
  (value): value is string =>
    typeof value === 'string' &&
    value.length >= min &&
    value.length <= max &&
    (!pattern || pattern.test(value));

/** A safe integer from `min` to `max`. */
export const integer =
  (min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Check<number> =>
  (value): value is number =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

/** A finite number. */
export const finite: Check<number> = (value): value is number => Number.isFinite(value);

export const boolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';

/** One of `values`, compared with `===`. */
export const oneOf =
  <const T extends readonly (string | number | boolean | null)[]>(...values: T): Check<T[number]> =>
  (value): value is T[number] =>
    values.includes(value as T[number]);

export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value): value is T | undefined =>
    value === undefined || check(value);

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value): value is T | null =>
    value === null || check(value);

/** Any one of `checks`. */
export const either =
  <const C extends readonly Check<unknown>[]>(...checks: C): Check<Checked<C[number]>> =>
  (value): value is Checked<C[number]> =>
    checks.some((check) => check(value));

/** An array whose every item passes `item`. */
export const list =
  <T>(item: Check<T>): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every((entry) => item(entry));

/** A plain object (its prototype Object's or none): what a record is read from. */
const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (!isObject(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** A plain object whose keys all pass `key` and whose values all pass `entry`. */
export const record =
  <V>(key: Check<string>, entry: Check<V>): Check<Record<string, V>> =>
  (value): value is Record<string, V> =>
    isPlain(value) && Object.entries(value).every(([name, item]) => key(name) && entry(item));

type Shape = Record<string, Check<unknown>>;
type Optional<S extends Shape> = {
  [K in keyof S]: undefined extends Checked<S[K]> ? K : never;
}[keyof S];
/** The object a shape admits: a field whose check takes `undefined` may be left out. */
export type Shaped<S extends Shape> = {
  [K in keyof S as K extends Optional<S> ? never : K]: Checked<S[K]>;
} & { [K in Optional<S>]?: Checked<S[K]> } extends infer O
  ? { [K in keyof O]: O[K] }
  : never;

/**
 * An object whose fields pass the shape's checks; `strict`, it has no other fields (so nothing
 * else, a transcript or a token, can ride along).
 */
export const object =
  <S extends Shape>(shape: S, strict = false): Check<Shaped<S>> =>
  (value): value is Shaped<S> =>
    isObject(value) &&
    Object.entries(shape).every(([name, check]) => check(value[name])) &&
    (!strict || Object.keys(value).every((name) => Object.hasOwn(shape, name)));
