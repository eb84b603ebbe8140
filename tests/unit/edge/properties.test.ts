/**
 * Property tests (fast-check, 1,000 runs each unless a test says) on what strangers send the edge:
 * token-route and event bodies of any shape, reader frames of any shape, session.update of any
 * shape (bounded, the contract's fields only), and Host headers under local development (loopback
 * only). Whatever arrives: no 5xx, no secret in
 * any response, nothing reflected beyond validated, capped fields, and a reader session that never
 * fails on its own side. The seed is fixed (so CI runs the same cases every time; FC_SEED replays
 * another, FC_RANDOM=1 draws a new one) and fast-check prints it with any failure.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../../edge/app.ts';
import { ReaderSession } from '../../../reader/protocol/engine.ts';
import { RealtimeSessionKept } from '../../../contracts/realtime.ts';
import { MAX_SESSION_BYTES } from '../../../reader/protocol/limits.ts';
import { DEV_READER_TOKEN_SECRET } from '../../../edge/reader/token.ts';
import { SECRETS, UUID, deployment } from '../helpers/hostile/cases.ts';
import { useLiveKitApiStandIn } from '../helpers/livekit-api-standin.ts';

// Fixed unless asked otherwise: FC_SEED=<n> replays a seed, FC_RANDOM=1 explores new ones.
const SEED = process.env.FC_SEED
  ? Number(process.env.FC_SEED)
  : process.env.FC_RANDOM === '1'
    ? Math.floor(Math.random() * 2 ** 31)
    : 20_261_123;
const RUNS = { numRuns: 1000, seed: SEED };
const SECRET_VALUES = [...Object.values(SECRETS), DEV_READER_TOKEN_SECRET];

// the LiveKit token route creates its room through LiveKit's server API: a local stand-in here
useLiveKitApiStandIn();

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

/** A marker no route could produce by itself: if it comes back, the route reflected input. */
const marker = fc.stringMatching(/^zq[a-z]{10,20}$/);

/** A JSON body of any shape with the marker somewhere in it: as a key, a value, or the body. */
const bodyWithMarker = fc
  .tuple(marker, fc.jsonValue({ maxDepth: 4 }), fc.constantFrom('key', 'value', 'mode', 'whole'))
  .map(([mark, value, where]) => {
    const base = { sessionId: UUID, mode: 'text' };
    const body =
      where === 'key'
        ? { ...base, [mark]: value }
        : where === 'value'
          ? { ...base, extra: [value, mark] }
          : where === 'mode'
            ? { ...base, mode: mark }
            : mark;
    return { mark, text: JSON.stringify(body) };
  });

const headerSets = fc.constantFrom<Record<string, string>>(
  { 'content-type': 'application/json' },
  { 'content-type': 'application/json', origin: 'http://edge.test' },
  { 'content-type': 'application/json', origin: 'null' },
  { 'content-type': 'text/plain' },
  { 'content-type': 'application/json', 'cf-connecting-ip': '2001:db8::1' },
);

const routes = fc.constantFrom('/api/voice/token', '/api/events', '/api/livekit/token');

describe(`route bodies (seed ${SEED})`, () => {
  it('never answer 5xx (but a deliberate 503), never carry a secret, never reflect a marker', async () => {
    await fc.assert(
      fc.asyncProperty(routes, bodyWithMarker, headerSets, async (path, body, headers) => {
        const response = await app.request(
          `http://edge.test${path}`,
          { method: 'POST', headers, body: body.text },
          deployment({
            OPENAI_API_KEY: undefined,
            LIVEKIT_URL: 'wss://livekit.example.test',
            LIVEKIT_API_KEY: 'APIhostile',
            LIVEKIT_API_SECRET: SECRETS.LIVEKIT_API_SECRET,
          }),
        );
        const text = await response.text();
        expect(response.status === 500 || response.status > 503).toBe(false);
        for (const secret of SECRET_VALUES) expect(text).not.toContain(secret);
        expect(text).not.toContain(body.mark);
      }),
      RUNS,
    );
  });
});

describe(`reader frames (seed ${SEED})`, () => {
  const frames = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 5 }).map((value) => JSON.stringify(value)),
    fc
      .record({
        type: fc.constantFrom(
          'session.update',
          'conversation.item.create',
          'conversation.item.retrieve',
          'conversation.item.delete',
          'conversation.item.truncate',
          'input_audio_buffer.append',
          'input_audio_buffer.commit',
          'input_audio_buffer.clear',
          'response.create',
          'response.cancel',
        ),
        event_id: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
        item: fc.option(fc.jsonValue({ maxDepth: 4 }), { nil: undefined }),
        session: fc.option(fc.jsonValue({ maxDepth: 4 }), { nil: undefined }),
        item_id: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
        audio: fc.option(fc.base64String({ maxLength: 40 }), { nil: undefined }),
      })
      .map((event) => JSON.stringify(event)),
  );

  it('never fail on the reader’s side, never close on their own, and stay bounded', () => {
    fc.assert(
      fc.property(fc.array(frames, { minLength: 1, maxLength: 8 }), (batch) => {
        const sent: string[] = [];
        const session = new ReaderSession({ send: (event) => sent.push(JSON.stringify(event)) });
        session.start();
        for (const frame of batch) session.handleMessage(frame);
        const events = sent.map((line) => JSON.parse(line) as { error?: { type: string } });
        expect(events.some((event) => event.error?.type === 'server_error')).toBe(false);
        expect(session.closed).toBe(false);
        const inBytes = batch.reduce((sum, frame) => sum + frame.length, 0);
        const outBytes = sent.reduce((sum, line) => sum + line.length, 0);
        // Replies are bounded by what came in plus the reader's own words.
        expect(outBytes).toBeLessThan(4 * inBytes + 64 * 1024);
        for (const line of sent) expect(line).not.toContain(DEV_READER_TOKEN_SECRET);
      }),
      RUNS,
    );
  });
});

describe(`session.update of any shape (seed ${SEED})`, () => {
  const update = fc
    .record({
      audio: fc.option(fc.jsonValue({ maxDepth: 4 }), { nil: undefined }),
      extra: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), {
        maxKeys: 4,
      }),
      instructions: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
    })
    .map(({ audio, extra, instructions }) =>
      JSON.stringify({
        type: 'session.update',
        session: { ...extra, type: 'realtime', audio, instructions },
      }),
    );

  it('keeps the stored session within its cap, and echoes what it holds, never what was sent', () => {
    fc.assert(
      fc.property(fc.array(update, { minLength: 1, maxLength: 12 }), (batch) => {
        const sent: { type: string; session?: unknown }[] = [];
        const session = new ReaderSession({
          send: (event) => sent.push(event as (typeof sent)[number]),
        });
        session.start();
        for (const frame of batch) session.handleMessage(frame);
        const held = JSON.stringify(session.snapshot().state.session);
        expect(held.length).toBeLessThanOrEqual(MAX_SESSION_BYTES);
        const last = sent.filter((event) => event.type === 'session.updated').at(-1);
        if (last) expect(JSON.stringify(last.session)).toBe(held);
        // Only the contract's fields are held, with the contract's keys at every depth: parsing
        // with the contract (which drops any other key) leaves the session as it is.
        const stripped = stripReported(held);
        expect(RealtimeSessionKept.parse(stripped)).toEqual(stripped);
      }),
      { ...RUNS, numRuns: 300 },
    );
  });
});

/** The session without the fields the reader reports of itself (id, object, expiry). */
function stripReported(held: string): Record<string, unknown> {
  const session = JSON.parse(held) as Record<string, unknown>;
  delete session['id'];
  delete session['object'];
  delete session['expires_at'];
  return session;
}

describe(`Host headers in local development (seed ${SEED})`, () => {
  const port = fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined });
  const withPort = (host: string, at: number | undefined) =>
    at === undefined ? host : `${host}:${at}`;

  it('answers a loopback host on any port, and refuses any other host with forbidden_host', async () => {
    const loopback = fc.tuple(fc.constantFrom('127.0.0.1', 'localhost', '[::1]'), port);
    const other = fc
      .tuple(
        fc.oneof(
          fc.domain(),
          fc.ipV4(),
          fc.ipV6().map((ip) => `[${ip}]`),
        ),
        port,
      )
      .filter(([host]) => !['127.0.0.1', 'localhost', '[::1]'].includes(host.toLowerCase()));
    await fc.assert(
      fc.asyncProperty(fc.oneof(loopback, other), async ([host, at]) => {
        const name = withPort(host, at);
        const response = await app.request(
          `http://${name}/api/health`,
          {},
          {
            LOCAL_DEVELOPMENT: 'true',
          },
        );
        const isLoopback = ['127.0.0.1', 'localhost', '[::1]'].includes(host);
        expect(response.status, name).toBe(isLoopback ? 200 : 403);
      }),
      { ...RUNS, numRuns: 300 },
    );
  });
});
