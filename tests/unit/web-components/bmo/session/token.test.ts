import { describe, expect, it } from 'vitest';
import { BMO_EN } from '../../../../../web-components/bmo/i18n/conversation-en.ts';

const TOKEN_TIMEOUT_MESSAGE = BMO_EN.errorTokenTimeout;
import { requestRoomToken } from '../../../../../web-components/bmo/session/token.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A token route that answers from `answers` in turn, recording each request. */
function route(answers: (() => Response | Promise<Response>)[]) {
  const requests: { url: string; body: unknown }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    const answer = answers[Math.min(requests.length, answers.length) - 1];
    if (!answer) throw new Error('no answer scripted');
    return answer();
  };
  return { requests, fetch };
}

describe('requestRoomToken (through the one edge client)', () => {
  it('turns the edge’s answer into a grant, asking the route it is given', async () => {
    const { requests, fetch } = route([
      () =>
        json(200, {
          serverUrl: 'ws://127.0.0.1:7880',
          roomName: 'bmo-abc',
          participantToken: 'jwt',
          participantName: 'Ada',
          expiresAt: 2_000_000_000,
        }),
    ]);
    const outcome = await requestRoomToken({
      tokenUrl: 'https://edge.example/api/livekit/token',
      participantName: 'Ada',
      fetch,
    });
    expect(outcome).toEqual({
      ok: true,
      grant: { serverUrl: 'ws://127.0.0.1:7880', token: 'jwt', expiresAt: 2_000_000_000_000 },
    });
    expect(requests[0]?.url).toBe('https://edge.example/api/livekit/token');
    expect(requests[0]?.body).toMatchObject({ participantName: 'Ada' });
  });

  it('does not retry a server that says LiveKit is not configured, and says so', async () => {
    const { requests, fetch } = route([
      () => json(503, { error: { code: 'not_configured', message: 'Set LIVEKIT_URL.' } }),
    ]);
    const outcome = await requestRoomToken({ tokenUrl: '/api/livekit/token', fetch });
    expect(requests).toHaveLength(1);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.problem.code).toBe('not_configured');
      expect(outcome.problem.message).toContain('Set LIVEKIT_URL.');
    }
  });

  it('retries a failing edge before it gives up, then says which server it could not reach', async () => {
    const { requests, fetch } = route([
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(502, {}),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]);
    const outcome = await requestRoomToken({
      tokenUrl: 'https://edge.example/api/livekit/token',
      fetch,
    });
    expect(requests).toHaveLength(3);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.problem.message).toContain("Could not reach BMO's server at edge.example.");
    }
  });

  it('refuses an answer that is not the contract’s, in words', async () => {
    const { fetch } = route([() => json(200, { serverUrl: 'not a url' })]);
    const outcome = await requestRoomToken({ tokenUrl: '/api/livekit/token', fetch });
    expect(outcome.ok || outcome.problem.message).toBe(
      'The server answered with something BMO did not understand.',
    );
  });

  it('gives up on an attempt that hangs past its time limit and retries it; the next answer is used', async () => {
    const retries: number[] = [];
    const { requests, fetch } = route([
      () => new Promise<Response>(() => undefined), // never answers
      () => json(200, GRANT),
    ]);
    const outcome = await requestRoomToken({
      tokenUrl: '/api/livekit/token',
      fetch: hangable(fetch),
      attemptTimeoutMs: 50,
      onRetry: (attempt) => retries.push(attempt),
    });
    expect(requests).toHaveLength(2);
    expect(retries).toEqual([2]);
    expect(outcome.ok && outcome.grant.token).toBe('jwt');
  });

  it('a token route that never answers ends in plain words after the last attempt, not a wait forever', async () => {
    const { requests, fetch } = route([() => new Promise<Response>(() => undefined)]);
    const started = performance.now();
    const outcome = await requestRoomToken({
      tokenUrl: '/api/livekit/token',
      fetch: hangable(fetch),
      attemptTimeoutMs: 50,
    });
    expect(requests).toHaveLength(3);
    expect(outcome.ok || outcome.problem).toEqual({
      code: 'connect_failed',
      message: TOKEN_TIMEOUT_MESSAGE,
    });
    // three attempts of 50 ms and two backoffs (at most 300 + 600 ms with jitter)
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("the caller's own abort still stops the request, and is not called a timeout", async () => {
    const { fetch } = route([() => new Promise<Response>(() => undefined)]);
    const controller = new AbortController();
    const pending = requestRoomToken({
      tokenUrl: '/api/livekit/token',
      fetch: hangable(fetch),
      attemptTimeoutMs: 60_000,
      signal: controller.signal,
    });
    controller.abort(new DOMException('left the page', 'AbortError'));
    const outcome = await pending;
    expect(outcome.ok).toBe(false);
    expect(outcome.ok || outcome.problem.message).not.toBe(TOKEN_TIMEOUT_MESSAGE);
  });
});

const GRANT = {
  serverUrl: 'ws://127.0.0.1:7880',
  roomName: 'bmo-abc',
  participantToken: 'jwt',
  participantName: 'Visitor',
  expiresAt: 2_000_000_000,
};

/** A fetch that, like a browser's, stops waiting when its signal aborts. */
function hangable(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal;
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      fetch(input, init).then(resolve, reject);
    });
}
