/**
 * The hostile-input suite (docs/hostile-inputs.md): every case of
 * tests/unit/helpers/hostile/cases.ts against the real app (`app.request`, as deployed: no
 * LOCAL_DEVELOPMENT) and the reader engine. Each case must get its stated outcome, never a 5xx it
 * did not ask for, and no response may carry a secret.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiErrorBody } from '../../../contracts/api-schema.ts';
import { app } from '../../../edge/app.ts';
import { isLocalDevelopment } from '../../../edge/env.ts';
import { ReaderSession } from '../../../reader/protocol/engine.ts';
import { DEV_READER_TOKEN_SECRET } from '../../../edge/reader/token.ts';
import {
  EVENTS_CASES,
  READER_FRAME_CASES,
  SECRETS,
  READER_UPGRADE_CASES,
  VOICE_TOKEN_CASES,
  deployment,
  type HttpCase,
} from '../helpers/hostile/cases.ts';
import {
  HEALTH_CASES,
  LIVEKIT,
  LIVEKIT_TOKEN_CASES,
  LIVEKIT_WEBHOOK_CASES,
} from '../helpers/hostile/livekit-cases.ts';
import { TABLE_PATH, markdownTable } from '../helpers/hostile/table.ts';
import {
  RELAY_FRAME_CASES,
  RELAY_UPGRADE_CASES,
  VOICE_CALL_CASES,
} from '../helpers/hostile/relay-cases.ts';
import { useLiveKitApiStandIn } from '../helpers/livekit-api-standin.ts';
import { ClientFrames } from '../../../edge/relay/client-frames.ts';
import { pinnedSession } from '../../../edge/realtime/upstream.ts';
import { type OpenAiStandin, startOpenAiStandin } from '../../support/openai-realtime-standin.ts';

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

const SECRET_VALUES = [...Object.values(SECRETS), DEV_READER_TOKEN_SECRET];
const livekitApi = useLiveKitApiStandIn();

/** OpenAI, for the call and relay cases: a local stand-in that takes only the site's key. */
let openAi: OpenAiStandin;
beforeAll(async () => {
  openAi = await startOpenAiStandin({ key: SECRETS.OPENAI_API_KEY });
});
afterAll(() => openAi.close());

/** The string values of a JSON body, at any depth. */
function strings(body: unknown): string[] {
  if (typeof body === 'string') return [body];
  if (Array.isArray(body)) return body.flatMap(strings);
  if (body && typeof body === 'object') return Object.values(body).flatMap(strings);
  return [];
}

/**
 * What the response may not echo: deep string values of an object body longer than the longest
 * validated, capped field the edge reflects (a 40-character name), and in a refusal any value with
 * a control character.
 */
function unreflected(entry: HttpCase, refused: boolean): string[] {
  if (typeof entry.body !== 'object' || entry.body === null) return [];
  return strings(entry.body).filter(
    (value) => value.length > 40 || (refused && /[\u0000-\u001f\u007f-\u009f]/.test(value)),
  );
}

async function run(path: string, entry: HttpCase): Promise<Response> {
  const method =
    entry.method ?? (path.endsWith('/realtime') || path.endsWith('/health') ? 'GET' : 'POST');
  // A page's request names its origin; a case that sends none sets it to ''.
  const headers: Record<string, string> = {
    origin: 'http://edge.test',
    'content-type': 'application/json',
    ...entry.headers,
  };
  if (headers['content-type'] === '') delete headers['content-type'];
  if (headers['origin'] === '') delete headers['origin'];
  const init: RequestInit = { method, headers };
  if (entry.body !== undefined && method !== 'GET') {
    init.body = typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body);
  }
  const env = entry.env ?? deployment();
  const host = entry.host ?? (isLocalDevelopment(env) ? '127.0.0.1:8787' : 'edge.test');
  if (headers['origin'] === 'http://edge.test') headers['origin'] = `http://${host}`;
  return app.request(`http://${host}${entry.path ?? path}`, init, env);
}

async function expectOutcome(path: string, entry: HttpCase): Promise<void> {
  const response = await run(path, entry);
  expect(response.status, entry.name).toBe(entry.status);
  const text = await response.text();
  for (const secret of SECRET_VALUES) expect(text, entry.name).not.toContain(secret);
  expect(response.status >= 500 && entry.status < 500, `${entry.name}: an unasked 5xx`).toBe(false);
  for (const value of unreflected(entry, response.status >= 400)) {
    expect(text.includes(value), `${entry.name}: echoes ${value.slice(0, 20)}…`).toBe(false);
  }
  for (const name of entry.names ?? []) expect(text, entry.name).toContain(name);
  for (const word of entry.absent ?? []) expect(text, entry.name).not.toContain(word);
  if (entry.code)
    expect(ApiErrorBody.parse(JSON.parse(text)).error.code, entry.name).toBe(entry.code);
  if (response.status >= 400 && response.status !== 413) {
    // Every refusal is the one error shape, short.
    expect(ApiErrorBody.safeParse(JSON.parse(text)).success, entry.name).toBe(true);
    expect(text.length, entry.name).toBeLessThan(2500);
  }
}

describe(`POST /api/voice/token: ${VOICE_TOKEN_CASES.length} hostile inputs`, () => {
  for (const entry of VOICE_TOKEN_CASES) {
    it(`${entry.name} → ${entry.status}`, () => expectOutcome('/api/voice/token', entry));
  }
});

describe(`POST /api/events: ${EVENTS_CASES.length} hostile inputs`, () => {
  for (const entry of EVENTS_CASES) {
    it(`${entry.name} → ${entry.status}`, () => expectOutcome('/api/events', entry));
  }
});

describe(`POST /api/livekit/token: ${LIVEKIT_TOKEN_CASES.length} hostile inputs`, () => {
  for (const entry of LIVEKIT_TOKEN_CASES) {
    it(`${entry.name} → ${entry.status}`, async () => {
      await expectOutcome('/api/livekit/token', { env: deployment({ ...LIVEKIT }), ...entry });
      // Minting makes no room, handed out or not: BMO's job starts on join (the webhook).
      expect(livekitApi.created, entry.name).toEqual([]);
    });
  }
});

describe(`POST /api/livekit/webhook: ${LIVEKIT_WEBHOOK_CASES.length} hostile inputs`, () => {
  for (const entry of LIVEKIT_WEBHOOK_CASES) {
    it(`${entry.name} → ${entry.status}`, async () => {
      await expectOutcome('/api/livekit/webhook', { env: deployment({ ...LIVEKIT }), ...entry });
      expect(livekitApi.created, entry.name).toEqual([]);
    });
  }
});

describe(`GET /api/health: ${HEALTH_CASES.length} hostile inputs`, () => {
  for (const entry of HEALTH_CASES) {
    it(`${entry.name} → ${entry.status}`, () => expectOutcome('/api/health', entry));
  }
});

describe('GET /api/reader/realtime: hostile upgrades', () => {
  it('answers at least 40 hostile upgrade requests each as stated', async () => {
    const cases = await READER_UPGRADE_CASES();
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const entry of cases) await expectOutcome('/api/reader/realtime', entry);
  });
});

describe('POST /api/voice/calls: hostile offers', () => {
  it('answers each offer as stated, in order, and hangs up a call its object cannot take, again after a failed hangup', async () => {
    const cases = await VOICE_CALL_CASES(openAi.baseURL);
    for (const entry of cases) {
      const hangups = openAi.hangups.length;
      const outage = entry.name.includes('first hangup OpenAI answers 500');
      if (outage) openAi.outage(1);
      await expectOutcome('/api/voice/calls', entry);
      for (const secret of openAi.secrets()) {
        expect(JSON.stringify(openAi.hangups), entry.name).not.toContain(secret);
      }
      if (entry.name.includes('cannot take')) {
        const callId = expect.stringMatching(/^rtc_standin_/);
        expect(openAi.hangups.slice(hangups), entry.name).toEqual([
          ...(outage ? [{ callId, status: 500 }] : []),
          { callId, status: 200 },
        ]);
      }
    }
    // One call per token: the valid offer and the two its object could not take reached OpenAI.
    expect(openAi.calls.size).toBe(3);
  });
});

describe('GET /api/voice/realtime: hostile upgrades', () => {
  it('answers each upgrade as stated, and only ours with a good token get through', async () => {
    for (const entry of await RELAY_UPGRADE_CASES(openAi.baseURL)) {
      await expectOutcome('/api/voice/realtime', entry);
    }
  });
});

describe(`the relay: ${RELAY_FRAME_CASES.length} hostile frames`, () => {
  for (const entry of RELAY_FRAME_CASES) {
    it(`${entry.name} → ${entry.error ?? 'goes on, pinned'}`, () => {
      const pins = pinnedSession({ OPENAI_MAX_OUTPUT_TOKENS: '700' }, 'text');
      const frames = new ClientFrames(pins);
      let verdict = frames.read(entry.frame);
      for (let sent = 1; sent < (entry.times ?? 1); sent += 1) verdict = frames.read(entry.frame);
      if (entry.error === undefined) {
        expect(verdict.kind, entry.name).toBe('forward');
        if (verdict.kind !== 'forward') return;
        const forwarded = JSON.parse(verdict.frame) as Record<string, unknown>;
        const text = verdict.frame;
        // Whatever the page asked for, what goes on is pinned and carries nothing to widen it.
        if (forwarded.type === 'session.update') {
          expect(forwarded.session).toMatchObject({
            model: 'gpt-realtime',
            output_modalities: ['text'],
            max_output_tokens: 700,
            tracing: null,
            audio: { output: { voice: 'alloy' } },
          });
        }
        for (const widening of ['"inf"', 'mcp', 'pmpt_', 'conversation', 'verse', 'large']) {
          expect(text, entry.name).not.toContain(widening);
        }
        return;
      }
      expect(verdict.kind, entry.name).toBe('refuse');
      if (verdict.kind !== 'refuse') return;
      expect(verdict.error.error.code).toBe(entry.error);
      expect(verdict.closeCode !== undefined, entry.name).toBe(entry.closes === true);
      expect(JSON.stringify(verdict.error).length).toBeLessThan(2000);
    });
  }
});

describe(`the reader socket: ${READER_FRAME_CASES.length} hostile frames`, () => {
  it('answers each frame as stated, in order, and still reads a question afterwards', () => {
    expect(READER_FRAME_CASES.length).toBeGreaterThanOrEqual(30);
    const sent: { type: string; error?: { code: string; type: string } }[] = [];
    const session = new ReaderSession({
      send: (event) => sent.push(event as (typeof sent)[number]),
    });
    session.start();
    for (const entry of READER_FRAME_CASES) {
      const before = sent.length;
      session.handleMessage(entry.frame);
      const errors = sent.slice(before).flatMap((event) => (event.error ? [event.error] : []));
      expect(
        errors.map((error) => error.code),
        entry.name,
      ).toEqual(entry.error ? [entry.error] : []);
      expect(
        errors.some((error) => error.type === 'server_error'),
        entry.name,
      ).toBe(false);
      expect(session.closed, entry.name).toBe(false);
    }
    // Nothing was lost: the session still reads a question and answers it.
    const before = sent.length;
    session.handleMessage(
      JSON.stringify({
        type: 'conversation.item.create',
        item: {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'What about my career?' }],
        },
      }),
    );
    session.handleMessage(JSON.stringify({ type: 'response.create' }));
    expect(sent.slice(before).some((event) => event.type === 'response.done')).toBe(true);
    expect(JSON.stringify(sent)).not.toContain(DEV_READER_TOKEN_SECRET);
  });
});

describe('the hostile-input table in the docs', () => {
  it('is the table of the cases above (regenerate: node tests/unit/helpers/hostile/table.ts > docs/hostile-inputs.md)', async () => {
    expect(readFileSync(TABLE_PATH, 'utf8')).toBe(await markdownTable());
  });
});
