/**
 * Each zod-free contract check (contracts/checks.ts, what a browser session reads with) and its
 * zod schema in the `-schema` half (what the edge, the agent and the tests parse with) give the
 * same answer for the same value: fast-check draws values near each rule's edges (a length at
 * the limit and one past it, a leap day, a float, a field too many or missing) and anything at
 * all, 1,000 runs each on a fixed seed. The types agree too, or this file does not compile.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type ApiError, ERROR_CODES, apiErrorOf } from '../../../contracts/api-error.ts';
import { ApiErrorBody, HealthResponse } from '../../../contracts/api-schema.ts';
import { healthOf } from '../../../contracts/health.ts';
import {
  type CassetteMessage as PlainCassette,
  parseCassette,
} from '../../../contracts/cassette.ts';
import { CassetteMessage } from '../../../contracts/cassette-schema.ts';
import * as plainEvents from '../../../contracts/events.ts';
import * as events from '../../../contracts/events-schema.ts';
import * as plainLiveKit from '../../../contracts/livekit.ts';
import {
  AgentAbility,
  AgentEngine,
  LiveKitTokenRequest,
  LiveKitTokenResponse,
} from '../../../contracts/livekit-schema.ts';
import { AGENT_NAMES } from '../../../contracts/reading.ts';
import { MODALITIES, READING_ENGINES, READING_TOPICS } from '../../../contracts/reading-lists.ts';
import { propertyParameters } from '../helpers/property.ts';

/** Whether two types are the same type. */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameTypes: [
  Same<plainEvents.LogEvent, z.infer<typeof events.LogEvent>>,
  Same<plainEvents.BeaconEvent, z.infer<typeof events.BeaconEvent>>,
  Same<plainEvents.DeviceInfo, z.infer<typeof events.DeviceInfo>>,
  Same<plainEvents.ContextSummary, z.infer<typeof events.ContextSummary>>,
  Same<plainEvents.ConnectionStatus, z.infer<typeof events.ConnectionStatus>>,
  Same<plainEvents.ErrorKind, z.infer<typeof events.ErrorKind>>,
  Same<plainEvents.SessionTransport, z.infer<typeof events.SessionTransport>>,
  Same<plainLiveKit.LiveKitTokenResponse, z.infer<typeof LiveKitTokenResponse>>,
  Same<plainLiveKit.LiveKitTokenRequest, z.infer<typeof LiveKitTokenRequest>>,
  Same<plainLiveKit.AgentEngine, z.infer<typeof AgentEngine>>,
  Same<plainLiveKit.AgentAbility, z.infer<typeof AgentAbility>>,
  Same<PlainCassette, z.infer<typeof CassetteMessage>>,
  Same<ApiError, z.infer<typeof ApiErrorBody>['error']>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true];

/** Mostly `valid`, sometimes `invalid`: so a whole object passes often enough to compare both ways. */
const mostly = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: valid, weight: 9 }, { arbitrary: invalid, weight: 1 });

const wrong = fc.oneof(
  fc.constantFrom(null, undefined, 0, -1, 0.5, Number.NaN, Infinity, 2 ** 53, '', ' ', [], {}),
  fc.constantFrom(true, 'true', '2026-01-01', 'x'.repeat(5000)),
  fc.anything(),
);

/** A string of `min` to `max` characters, and at the edges: `max`, `max + 1`, `min - 1`. */
const text = (min: number, max: number) =>
  mostly(
    fc.oneof(
      fc.string({ minLength: min, maxLength: Math.min(max, 24) }),
      fc.constant('x'.repeat(max)),
    ),
    fc.oneof(
      fc.constant('x'.repeat(max + 1)),
      fc.constant('x'.repeat(Math.max(min - 1, 0))),
      wrong,
    ),
  );

const integer = (min: number, max: number) =>
  mostly(
    fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max)),
    fc.oneof(fc.constantFrom(min - 1, max + 1, min + 0.5, -0, Number.NaN, Infinity), wrong),
  );

const oneOf = <T>(values: readonly T[]) =>
  mostly(fc.constantFrom(...values), fc.oneof(fc.constantFrom('other', 'ERROR', ''), wrong));

const bool = mostly(fc.boolean(), wrong);

const time = mostly(
  fc.oneof(
    fc
      .date({ min: new Date(0), max: new Date('2200-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString()),
    fc.constantFrom('2024-02-29T00:00:00Z', '2000-02-29T23:59:59.5Z', '2026-06-30T12:00:00Z'),
  ),
  fc.oneof(
    fc.constantFrom(
      '2026-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2026-01-01T00:00:00+01:00',
      '2026-01-01T00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:00:00.Z',
      '2026-04-31T00:00:00Z',
      '2026-01-01 00:00:00Z',
      '2026-01-01T00:00:00z',
    ),
    wrong,
  ),
);

/** An object of these fields, each sometimes left out, and sometimes one field more. */
const shaped = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.record(fields),
      fc.option(fc.constantFrom('transcript', 'token', 'toString', 'sessionID'), { freq: 5 }),
      wrong,
    )
    .chain(([some, all, extra, value]) =>
      fc.constantFrom(all, all, all, some, extra === null ? all : { ...all, [extra]: value }),
    );

const common = (event: string) => ({
  event: mostly(fc.constant(event), fc.constantFrom(...events.EVENT_NAMES, 'other')),
  sessionId: text(1, 100),
  time,
});
const device = shaped({ platform: text(0, 60), mobile: bool, touch: bool });
const scalar = fc.oneof(
  text(0, 240),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const logEvents = fc.oneof(
  shaped({
    ...common('session_start'),
    initialAgent: text(1, 60),
    tokenExpiresAt: mostly(fc.oneof(time, fc.constant(null)), wrong),
    userAgent: text(0, 400),
    mode: oneOf(MODALITIES),
    engine: oneOf(READING_ENGINES),
    device: mostly(device, wrong),
    transport: oneOf(plainEvents.SESSION_TRANSPORTS),
  }),
  shaped({
    ...common('agent_transition'),
    from: oneOf(AGENT_NAMES),
    to: oneOf(AGENT_NAMES),
    durationMs: integer(0, 1e9),
    contextSummary: shaped({
      topic: oneOf(READING_TOPICS),
      hasHiddenConcern: bool,
      spreadName: text(0, 80),
      positions: integer(0, 10),
      cards: integer(0, 20),
      interpretations: integer(0, 20),
    }),
  }),
  shaped({
    ...common('tool_call'),
    tool: text(1, 64),
    agent: text(1, 60),
    params: mostly(
      fc.dictionary(text(0, 60) as fc.Arbitrary<string>, scalar, { maxKeys: 3 }),
      wrong,
    ),
    result: oneOf(['success', 'error']),
    errorCode: text(0, 40),
    durationMs: integer(0, 1e9),
  }),
  shaped({
    ...common('error'),
    type: oneOf(plainEvents.ERROR_KINDS),
    severity: oneOf(['warning', 'error']),
    message: text(1, 500),
    stack: text(0, 4000),
    agent: text(0, 60),
    connectionStatus: oneOf(plainEvents.CONNECTION_STATUSES),
  }),
  shaped({
    ...common('session_summary'),
    durationMs: integer(0, 1e9),
    transitions: integer(0, 50),
    toolCalls: mostly(fc.dictionary(text(0, 64) as fc.Arbitrary<string>, integer(0, 9)), wrong),
    cardsDrawn: integer(0, 20),
    averageToolMs: integer(0, 1e6),
    agentDurationsMs: mostly(
      fc.dictionary(text(0, 60) as fc.Arbitrary<string>, integer(0, 1e6)),
      wrong,
    ),
  }),
  wrong,
);

/** Runs the property and says how often the schema took the value, so both answers were seen. */
function agree<T>(values: fc.Arbitrary<T>, same: (value: T) => boolean): number {
  let accepted = 0;
  fc.assert(
    fc.property(values, (value) => {
      const taken = same(value);
      if (taken) accepted++;
    }),
    propertyParameters(),
  );
  return accepted;
}

/** zod's answer and the check's, compared; returns whether zod took the value. */
function compare(schema: z.ZodType, check: (value: unknown) => boolean) {
  return (value: unknown) => {
    const zod = schema.safeParse(value).success;
    expect(check(value), JSON.stringify(value) ?? String(value)).toBe(zod);
    return zod;
  };
}

describe('the zod-free checks and their zod schemas', () => {
  it('have the same types', () => {
    expect(sameTypes.every(Boolean)).toBe(true);
  });

  it('take and refuse the same log events', () => {
    const accepted = agree(logEvents, compare(events.LogEvent, plainEvents.isLogEvent));
    expect(accepted).toBeGreaterThan(50);
    expect(accepted).toBeLessThan(950);
  });

  it('take and refuse the same log codes and beacon parameters', () => {
    const codes = fc.oneof(
      fc.stringMatching(/^[a-z][a-z0-9_.-]{0,70}$/),
      fc.string({ maxLength: 70 }),
      wrong,
    );
    expect(agree(codes, compare(events.LogCode, plainEvents.isLogCode))).toBeGreaterThan(50);
    const params = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_. -]{0,64}$/), scalar, wrong);
    expect(
      agree(params, compare(events.BeaconParamValue, plainEvents.isBeaconParamValue)),
    ).toBeGreaterThan(50);
  });

  it('read the same LiveKit token answer, field for field', () => {
    const answers = fc.oneof(
      shaped({
        serverUrl: mostly(
          fc.oneof(
            fc
              .tuple(
                fc.constantFrom('wss', 'ws', 'https', 'http', 'WSS'),
                fc.constantFrom('live.example', '127.0.0.1:7880', '[::1]', 'xn--bcher-kva.example'),
                fc.string({ maxLength: 8 }),
              )
              .map(([scheme, host, path]) => `${scheme}://${host}/${path}`),
            fc.constantFrom(' wss://live.example ', 'wss://live.\nexample', 'wss:live.example'),
          ),
          fc.oneof(
            fc.constantFrom('ftp://live.example', 'live.example', 'wss://', 'javascript:x'),
            wrong,
          ),
        ),
        roomName: mostly(
          fc.string({ maxLength: 12 }).map((id) => `bmo-${id}`),
          fc.oneof(fc.constantFrom('bmo', 'BMO-1', ' bmo-1'), wrong),
        ),
        participantToken: text(1, 40),
        participantName: text(1, 40),
        expiresAt: integer(1, 2 ** 40),
      }),
      wrong,
    );
    const accepted = agree(answers, (value) => {
      const zod = LiveKitTokenResponse.safeParse(value);
      expect(plainLiveKit.liveKitTokenResponseOf(value)).toEqual(
        zod.success ? zod.data : undefined,
      );
      return zod.success;
    });
    expect(accepted).toBeGreaterThan(50);
  });

  it('keep the same participant name, time zone and engine from a token request, and the same abilities from BMO', () => {
    const names = fc.oneof(
      fc.string({ maxLength: 44 }),
      fc.string({
        maxLength: 44,
        unit: fc.constantFrom('a', ' ', '\t', '\u0000', '\u009f', '\u202e', '\u2066', 'é', '😀'),
      }),
      fc.constantFrom('  BMO  ', '\u202eevil', 'a\u0007b', 'x'.repeat(40), ` ${'x'.repeat(40)} `),
      wrong,
    );
    agree(names, (value) => {
      const zod = LiveKitTokenRequest.shape.participantName.safeParse(value);
      const kept = zod.success ? zod.data : undefined;
      expect(plainLiveKit.participantNameOf(value)).toEqual(kept);
      return kept !== undefined;
    });
    // mostly known names: each unknown one costs the runtime an Intl.DateTimeFormat that throws
    const zones = fc.oneof(
      {
        arbitrary: fc.constantFrom(
          'Europe/Paris',
          ' America/New_York ',
          'UTC',
          'europe/paris',
          'Mars/Base',
          '',
          `Europe/${'x'.repeat(60)}`,
        ),
        weight: 8,
      },
      { arbitrary: fc.string({ maxLength: 70 }), weight: 1 },
      { arbitrary: wrong, weight: 1 },
    );
    agree(zones, (value) => {
      const zod = LiveKitTokenRequest.shape.timeZone.safeParse(value);
      const kept = zod.success ? zod.data : undefined;
      expect(plainLiveKit.timeZoneOf(value)).toEqual(kept);
      return kept !== undefined;
    });
    const engines = fc.constantFrom('openai', 'offline', 'OpenAI', '', null, undefined, 0, {}, []);
    agree(engines, (value) => {
      const zod = AgentEngine.safeParse(value);
      expect(plainLiveKit.agentEngineOf(value)).toEqual(zod.success ? zod.data : undefined);
      return zod.success;
    });
    const abilities = fc.constantFrom('on', 'off', 'down', 'On', 'up', '', null, undefined, 1, {});
    agree(abilities, (value) => {
      const zod = AgentAbility.safeParse(value);
      expect(plainLiveKit.agentAbilityOf(value)).toEqual(zod.success ? zod.data : undefined);
      return zod.success;
    });
  });

  it('read the same cassette from the same packet', () => {
    const cassettes = shaped({
      type: mostly(fc.constant('cassette'), fc.constantFrom('chat', 'Cassette')),
      title: mostly(
        fc.oneof(fc.string({ maxLength: 64 }), fc.constantFrom(`  ${'x'.repeat(60)}  `, '   ')),
        wrong,
      ),
      // a megabyte at the limit and one past it, now and then: JSON of each run would be slow
      content: mostly(
        fc.oneof(
          { arbitrary: fc.string({ minLength: 1, maxLength: 24 }), weight: 30 },
          { arbitrary: fc.constant('x'.repeat(1_000_000)), weight: 1 },
        ),
        fc.oneof(fc.constant(''), fc.constant('x'.repeat(1_000_001)), wrong),
      ),
    });
    const accepted = agree(cassettes, (value) => {
      const zod = CassetteMessage.safeParse(value);
      const plain = parseCassette(JSON.stringify(value) ?? 'undefined');
      // JSON drops what it cannot carry (undefined, NaN becomes null): compare on what arrives
      const arrived = CassetteMessage.safeParse(JSON.parse(JSON.stringify(value) ?? 'null'));
      expect(plain.ok ? plain.cassette : undefined).toEqual(
        arrived.success ? arrived.data : undefined,
      );
      return zod.success;
    });
    expect(accepted).toBeGreaterThan(50);
  });

  it('read the same error from the edge’s answer', () => {
    const bodies = fc.oneof(
      shaped({
        error: mostly(
          shaped({
            code: oneOf(ERROR_CODES),
            message: text(0, 40),
            issues: mostly(
              fc.array(shaped({ path: text(0, 10), message: text(0, 10) }), { maxLength: 2 }),
              wrong,
            ),
          }),
          wrong,
        ),
      }),
      wrong,
    );
    const accepted = agree(bodies, (value) => {
      const zod = ApiErrorBody.safeParse(value);
      expect(apiErrorOf(value) !== undefined).toBe(zod.success);
      return zod.success;
    });
    expect(accepted).toBeGreaterThan(50);
  });

  it('read the same engine and hearing from the edge’s health answer', () => {
    const answers = fc.oneof(
      shaped({
        status: mostly(fc.constant('ok'), fc.constantFrom('down', 'OK')),
        reader: oneOf(READING_ENGINES),
        hears: bool,
        livekit: bool,
        agent: oneOf(['up', 'down', 'unknown']),
        ceiling: oneOf(['open', 'spent', 'busy']),
        time: mostly(fc.string({ maxLength: 24 }), wrong),
      }),
      wrong,
    );
    const accepted = agree(answers, (value) => {
      const zod = HealthResponse.safeParse(value);
      expect(healthOf(value)).toEqual(
        zod.success ? { reader: zod.data.reader, hears: zod.data.hears } : undefined,
      );
      return zod.success;
    });
    expect(accepted).toBeGreaterThan(50);
  });
});
