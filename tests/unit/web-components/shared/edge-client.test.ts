import { describe, expect, it } from 'vitest';
import { API_PATHS, HealthResponse } from '../../../../contracts/api-schema.ts';
import {
  type ReadingTokenRequest,
  ReadingTokenResponse,
} from '../../../../contracts/reading-token.ts';
import {
  type CallOptions,
  EdgeClient,
  EdgeError,
  parseRetryAfter,
} from '../../../../web-components/shared/edge-client.ts';

const SESSION = '7d6f4a43-0f0a-4f57-9a1c-1f4ad0f0e0b1';
const TOKEN = {
  engine: 'local',
  token: 'ek_local_abc.def',
  expiresAt: 1_900_000_000,
  model: 'gpt-realtime',
  url: 'ws://127.0.0.1:8787/api/reader/realtime',
};

/** A POST and a GET with zod schemas, as the tarot's session passes them (tarot/session/token.ts). */
const readingToken = (client: EdgeClient, body: ReadingTokenRequest, options?: CallOptions) =>
  client.post(API_PATHS.readingToken, body, ReadingTokenResponse, options);
const health = (client: EdgeClient, options?: CallOptions) =>
  client.get(API_PATHS.health, HealthResponse, options);

type Answer = Response | Error;

/** A fetch that answers from a script, one entry per call, and records what it was asked. */
function scriptedFetch(answers: Answer[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push({ url: String(input), init });
    const next = answers.shift();
    if (!next) throw new Error('the script ran out of answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch, calls };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Records each wait instead of sleeping. */
function recordingSleep() {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };
}

describe('the edge client', () => {
  it('posts to the route below api-base and returns the contract-checked answer', async () => {
    const { fetch, calls } = scriptedFetch([json(200, TOKEN)]);
    const client = new EdgeClient({ apiBase: 'https://edge.example//', fetch });
    expect(await readingToken(client, { sessionId: SESSION, mode: 'text' })).toEqual(TOKEN);
    expect(calls[0]?.url).toBe('https://edge.example/api/voice/token');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ sessionId: SESSION, mode: 'text' });
  });

  it('sends a Turnstile token as X-Turnstile-Token on token requests, and no such header without one', async () => {
    const { fetch, calls } = scriptedFetch([json(200, TOKEN), json(200, TOKEN)]);
    const client = new EdgeClient({ fetch });
    await readingToken(client, { sessionId: SESSION, mode: 'text' }, { turnstileToken: 'tt-1' });
    await readingToken(client, { sessionId: SESSION, mode: 'text' }, { turnstileToken: '' });
    expect(new Headers(calls[0]?.init?.headers).get('X-Turnstile-Token')).toBe('tt-1');
    expect(new Headers(calls[1]?.init?.headers).has('X-Turnstile-Token')).toBe(false);
  });

  it('uses a token-url override as is, and the page’s own origin without api-base', async () => {
    const livekit = {
      serverUrl: 'ws://127.0.0.1:7880',
      roomName: 'bmo-abc',
      participantToken: 'jwt',
      participantName: 'Visitor',
      expiresAt: 1_900_000_000,
    };
    const { fetch, calls } = scriptedFetch([json(200, livekit), json(200, livekit)]);
    const client = new EdgeClient({ fetch });
    await client.livekitToken({});
    await client.livekitToken({}, { url: 'https://other.example/token' });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/livekit/token',
      'https://other.example/token',
    ]);
  });

  it('checks the LiveKit token answer without zod: a room not named bmo-, a non-URL or an expiry that is not a whole second is refused', async () => {
    const livekit = {
      serverUrl: ' wss://live.example ',
      roomName: 'bmo-abc',
      participantToken: 'jwt',
      participantName: 'Visitor',
      expiresAt: 1_900_000_000,
      server_url: 'wss://live.example',
    };
    const bad = [
      { ...livekit, roomName: 'other-abc' },
      { ...livekit, serverUrl: 'not a url' },
      { ...livekit, serverUrl: 'ftp://live.example' },
      { ...livekit, expiresAt: 1.5 },
      { ...livekit, participantToken: '' },
    ];
    const { fetch } = scriptedFetch([json(200, livekit), ...bad.map((body) => json(200, body))]);
    const client = new EdgeClient({ fetch, retry: { attempts: 1 } });
    const { server_url: _, ...ours } = livekit;
    // trimmed as zod trims a URL, and only the contract's fields, as zod keeps them
    expect(await client.livekitToken({})).toEqual({ ...ours, serverUrl: 'wss://live.example' });
    for (const body of bad) {
      await expect(client.livekitToken({}), JSON.stringify(body)).rejects.toMatchObject({
        code: 'invalid_response',
      });
    }
  });

  it('sends the headers a GET is given (a call token to a voice call’s state)', async () => {
    const { fetch, calls } = scriptedFetch([json(200, { ended: null })]);
    const state = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };
    await new EdgeClient({ fetch }).get('https://edge.example/api/voice/calls/c1', state, {
      headers: { authorization: 'Bearer ek_call_1' },
    });
    expect(calls[0]?.url).toBe('https://edge.example/api/voice/calls/c1');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer ek_call_1');
  });

  it('turns the edge’s error shape into an EdgeError with its code, status and message, without retrying a 4xx', async () => {
    const { fetch, calls } = scriptedFetch([
      json(403, { error: { code: 'forbidden_origin', message: 'Origin not allowed' } }),
    ]);
    const { sleep, waits } = recordingSleep();
    const attempt = health(new EdgeClient({ fetch, sleep }));
    await expect(attempt).rejects.toBeInstanceOf(EdgeError);
    await expect(attempt).rejects.toMatchObject({
      code: 'forbidden_origin',
      status: 403,
      message: 'Origin not allowed',
      detail: 'Origin not allowed',
    });
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('says the status when an error answer is not the edge’s shape', async () => {
    const notTheShape = [
      new Response('<h1>Bad gateway</h1>', { status: 400 }),
      json(400, { error: { code: 'no_such_code', message: 'x' } }),
      json(400, { error: { code: 'bad_request', message: 'x', issues: [{ path: 1 }] } }),
      json(400, { error: 'bad_request' }),
    ];
    const { fetch } = scriptedFetch(notTheShape);
    for (let answer = 0; answer < notTheShape.length; answer++) {
      await expect(health(new EdgeClient({ fetch }))).rejects.toMatchObject({
        code: 'http',
        status: 400,
        message: 'The server answered 400.',
      });
    }
  });

  it('refuses an answer that is not the contract’s, without retrying', async () => {
    const { fetch, calls } = scriptedFetch([json(200, { ...TOKEN, token: 'sk-secret' })]);
    const attempt = readingToken(new EdgeClient({ fetch }), { sessionId: SESSION, mode: 'voice' });
    await expect(attempt).rejects.toMatchObject({
      code: 'invalid_response',
      message: 'The server sent an answer this page cannot use.',
    });
    expect(calls).toHaveLength(1);
  });

  it('retries network failures and 5xx with growing waits, then succeeds', async () => {
    const { fetch, calls } = scriptedFetch([
      new TypeError('Failed to fetch'),
      json(503, { error: { code: 'upstream_unavailable', message: 'down' } }),
      json(200, TOKEN),
    ]);
    const { sleep, waits } = recordingSleep();
    const client = new EdgeClient({
      fetch,
      sleep,
      random: () => 0.5,
      retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 10_000 },
    });
    expect(await readingToken(client, { sessionId: SESSION, mode: 'text' })).toEqual(TOKEN);
    expect(calls).toHaveLength(3);
    // Half the exponential step plus jitter on the other half: 100 → 75, 200 → 150.
    expect(waits).toEqual([75, 150]);
  });

  it('gives up after its attempts with the last failure, readable', async () => {
    const { fetch, calls } = scriptedFetch([
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
    ]);
    const { sleep, waits } = recordingSleep();
    const attempt = health(new EdgeClient({ fetch, sleep, retry: { attempts: 2 } }));
    await expect(attempt).rejects.toMatchObject({
      code: 'network',
      status: undefined,
      message: 'Could not reach the server. Check your connection and try again.',
    });
    expect(calls).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('names another origin’s edge when it cannot be reached, since the browser hides why', async () => {
    const { fetch } = scriptedFetch([new TypeError('Failed to fetch')]);
    const attempt = health(
      new EdgeClient({ apiBase: 'https://edge.example', fetch, retry: { attempts: 1 } }),
    );
    await expect(attempt).rejects.toMatchObject({
      code: 'network',
      foreignOrigin: 'https://edge.example',
      message:
        'Could not reach the server at https://edge.example. It may be offline, or it may not accept requests from this site.',
    });
  });

  it('waits as long as Retry-After asks on a 429, and does not retry when that is longer than it will wait', async () => {
    const limited = (seconds: string) =>
      json(
        429,
        { error: { code: 'rate_limited', message: 'Too many requests' } },
        {
          'retry-after': seconds,
        },
      );
    const first = scriptedFetch([limited('2'), json(200, TOKEN)]);
    const short = recordingSleep();
    await readingToken(new EdgeClient({ fetch: first.fetch, sleep: short.sleep }), {
      sessionId: SESSION,
      mode: 'text',
    });
    expect(short.waits).toEqual([2000]);

    const second = scriptedFetch([limited('60')]);
    const long = recordingSleep();
    const attempt = readingToken(new EdgeClient({ fetch: second.fetch, sleep: long.sleep }), {
      sessionId: SESSION,
      mode: 'text',
    });
    await expect(attempt).rejects.toMatchObject({
      code: 'rate_limited',
      status: 429,
      retryAfterMs: 60_000,
    });
    expect(second.calls).toHaveLength(1);
    expect(long.waits).toEqual([]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('stops when aborted: the request gets the signal, and a wait before a retry ends at once', async () => {
    const controller = new AbortController();
    const { fetch, calls } = scriptedFetch([new TypeError('Failed to fetch'), json(200, TOKEN)]);
    // The real sleep, with a long wait: the abort must end it, not the timer.
    const client = new EdgeClient({
      fetch,
      retry: { attempts: 3, baseDelayMs: 60_000, maxDelayMs: 120_000 },
    });
    const attempt = readingToken(
      client,
      { sessionId: SESSION, mode: 'text' },
      { signal: controller.signal },
    );
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]?.init?.signal).toBe(controller.signal);
    controller.abort();
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);
  });

  it('does not call at all with a signal already aborted', async () => {
    const { fetch, calls } = scriptedFetch([json(200, TOKEN)]);
    const attempt = health(new EdgeClient({ fetch }), { signal: AbortSignal.abort() });
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(0);
  });
});
