import { describe, expect, it } from 'vitest';
import {
  ReadingConnectError,
  requestReadingToken,
} from '../../../../../web-components/tarot/session/token.ts';

function fakeFetch(status: number, body: unknown, seen: RequestInit[] = []): typeof fetch {
  return async (_input, init) => {
    if (init) seen.push(init);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

const SESSION = '7d6f4a43-0f0a-4f57-9a1c-1f4ad0f0e0b1';

describe('asking the edge for a reading token', () => {
  it('posts the session id and mode, and returns the engine, token, expiry, model and url', async () => {
    const seen: RequestInit[] = [];
    const answer = {
      engine: 'local',
      token: 'ek_local_abc.def',
      expiresAt: 1_900_000_000,
      model: 'gpt-realtime',
      url: 'ws://127.0.0.1:8787/api/reader/realtime',
    };
    const connection = await requestReadingToken({
      mode: 'text',
      sessionId: SESSION,
      fetch: fakeFetch(200, answer, seen),
    });
    expect(connection).toEqual(answer);
    expect(seen[0]?.method).toBe('POST');
    expect(JSON.parse(String(seen[0]?.body))).toEqual({ sessionId: SESSION, mode: 'text' });
  });

  it('turns an edge error into a readable sentence with its code', async () => {
    const attempt = requestReadingToken({
      mode: 'text',
      sessionId: SESSION,
      fetch: fakeFetch(429, { error: { code: 'rate_limited', message: 'Too many requests' } }),
    });
    await expect(attempt).rejects.toBeInstanceOf(ReadingConnectError);
    await expect(attempt).rejects.toMatchObject({
      code: 'rate_limited',
      message: 'Too many readings were started from here just now. Wait a minute and try again.',
    });
  });

  it('refuses a token the browser SDK could not use', async () => {
    const attempt = requestReadingToken({
      mode: 'voice',
      sessionId: SESSION,
      fetch: fakeFetch(200, { engine: 'openai', token: 'sk-secret', expiresAt: 1, model: 'm' }),
    });
    await expect(attempt).rejects.toThrow('The reading service sent a token this page cannot use.');
  });

  it('says so plainly when the service cannot be reached', async () => {
    const attempt = requestReadingToken({
      mode: 'text',
      sessionId: SESSION,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(attempt).rejects.toThrow('Could not reach the reading service.');
  });
});
