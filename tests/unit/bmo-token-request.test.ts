import { describe, expect, it } from 'vitest';
import { requestLiveKitToken } from '../../web-components/bmo/token-request.ts';

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

describe('requestLiveKitToken (through the one edge client)', () => {
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
    const outcome = await requestLiveKitToken({
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
    const outcome = await requestLiveKitToken({ tokenUrl: '/api/livekit/token', fetch });
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
    const outcome = await requestLiveKitToken({
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
    const outcome = await requestLiveKitToken({ tokenUrl: '/api/livekit/token', fetch });
    expect(outcome.ok || outcome.problem.message).toBe(
      'The server answered with something BMO did not understand.',
    );
  });
});
