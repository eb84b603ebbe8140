/**
 * The edge's health answer (`GET /api/health`) as a page reads it before any session, without zod
 * and in a few lines: `<tarot-reading>` asks it while its mode selection shows, with no one having
 * done anything yet, so what it loads to ask is part of its first load. `HealthResponse` in
 * `api-schema.ts` is the same answer as a zod schema (the edge answers with it), and
 * tests/unit/contracts/checks-agree.test.ts holds the two to the same answer.
 */

/**
 * The engines (`READING_ENGINES` in `reading-lists.ts`, written out: importing that module would
 * put it in a chunk of its own, shared with the sessions that name it too).
 */
const ENGINES = ['local', 'openai'] as const;

/** The engine behind readings there, and whether its offline reader hears (`HealthResponse`). */
export interface Health {
  reader?: (typeof ENGINES)[number] | undefined;
  hears?: boolean | undefined;
}

const absentOr = (value: unknown, values: readonly unknown[]): boolean =>
  value === undefined || values.includes(value);
const FLAGS = [true, false];

/** The health answer's engine and hearing, or undefined when the body is not the contract's. */
export function healthOf(body: unknown): Health | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { status, reader, hears, livekit, agent, ceiling, time } = body as Record<string, unknown>;
  const engine = ENGINES.find((name) => name === reader);
  return status === 'ok' &&
    typeof time === 'string' &&
    (reader === undefined || engine !== undefined) &&
    (hears === undefined || typeof hears === 'boolean') &&
    absentOr(livekit, FLAGS) &&
    absentOr(agent, ['up', 'down', 'unknown']) &&
    absentOr(ceiling, ['open', 'spent', 'busy'])
    ? { reader: engine, hears }
    : undefined;
}
