/**
 * `POST /api/voice/token` with OPENAI_API_KEY set: every reading gets a token of ours, never an
 * OpenAI secret. A voice reading's call token, or, for a text reading and a voice reading's
 * WebSocket fallback, a relay token and the relay's URL on this host; each carries the reading's
 * minutes, tokens and modality, signed for its kind. OpenAI (a local stand-in) is asked nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ApiErrorBody } from '../../../contracts/api-schema.ts';
import { ReadingTokenResponse } from '../../../contracts/reading-token.ts';
import { app } from '../../../edge/app.ts';
import type { Bindings } from '../../../edge/env.ts';
import { verifySessionToken } from '../../../edge/realtime/session-token.ts';
import { deployed } from '../../support/edge-env.ts';
import { type OpenAiStandin, startOpenAiStandin } from '../../support/openai-realtime-standin.ts';

let standin: OpenAiStandin;
let logged: string[];

beforeEach(async () => {
  standin = await startOpenAiStandin();
  logged = [];
  const keep = (...args: unknown[]) => logged.push(args.map(String).join(' '));
  vi.spyOn(console, 'error').mockImplementation(keep);
  vi.spyOn(console, 'log').mockImplementation(keep);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await standin.close();
});

function env(extra: Partial<Bindings> = {}): Bindings {
  // Turnstile is turned off out loud here: these tests are about what a token is.
  return deployed({
    OPENAI_API_KEY: standin.key,
    OPENAI_BASE_URL: standin.baseURL,
    TURNSTILE_NOT_REQUIRED: 'true',
    READING_MAX_MINUTES: '12',
    READING_MAX_TOKENS: '50000',
    ...extra,
  });
}

async function mint(
  bindings: Bindings,
  mode: 'voice' | 'text',
  transport?: 'webrtc' | 'websocket',
): Promise<{ response: Response; text: string }> {
  const response = await app.request(
    'http://edge.test/api/voice/token',
    {
      method: 'POST',
      headers: { origin: 'http://edge.test', 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: randomUUID(), mode, ...(transport ? { transport } : {}) }),
    },
    bindings,
  );
  return { response, text: await response.clone().text() };
}

describe('POST /api/voice/token with an OpenAI key', () => {
  it('gives a voice reading over WebRTC a one-call token for the edge’s calls', async () => {
    const { response } = await mint(env(), 'voice', 'webrtc');
    expect(response.status).toBe(200);
    const body = ReadingTokenResponse.parse(await response.json());
    expect(body).toMatchObject({ engine: 'openai', callUrl: 'http://edge.test/api/voice/calls' });
    expect(body.token).toMatch(/^ek_call_/);
    expect(body).not.toHaveProperty('url');
  });

  for (const [mode, transport] of [
    ['text', undefined],
    ['voice', 'websocket'],
  ] as const) {
    it(`gives a ${mode} reading${transport ? ' over the WebSocket' : ''} a relay token and the relay’s URL on this host, carrying its limits`, async () => {
      const { response } = await mint(env(), mode, transport);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = ReadingTokenResponse.parse(await response.json());
      expect(body).toMatchObject({
        engine: 'openai',
        url: 'ws://edge.test/api/voice/realtime',
        model: 'gpt-realtime',
        maxSessionMinutes: 12,
      });
      expect(body.token).toMatch(/^ek_relay_/);
      const checked = await verifySessionToken('relay', standin.key, body.token);
      if (!checked.ok) throw new Error(checked.message);
      expect(checked.payload).toMatchObject({ cap: 12 * 60, tok: 50_000, mode });
      // A relay token opens no call, and a call token no relay session.
      expect((await verifySessionToken('call', standin.key, body.token)).ok).toBe(false);
    });
  }

  it('asks OpenAI for nothing and hands out none of its secrets, in any mode', async () => {
    for (const [mode, transport] of [
      ['text', undefined],
      ['voice', 'websocket'],
      ['voice', 'webrtc'],
      ['voice', undefined],
    ] as const) {
      const { response, text } = await mint(env(), mode, transport);
      expect(response.status).toBe(200);
      for (const secret of standin.secrets()) {
        expect(text).not.toContain(secret);
        for (const [, value] of response.headers) expect(value).not.toContain(secret);
      }
    }
    expect(standin.requests).toEqual([]);
    for (const line of logged) expect(line).not.toContain(standin.key);
  });

  it('signs each token with a key derived from the upstream’s: another site’s key opens nothing', async () => {
    const { response } = await mint(env(), 'text');
    const { token } = ReadingTokenResponse.parse(await response.json());
    expect((await verifySessionToken('relay', 'sk-another-site-key', token)).ok).toBe(false);
  });

  it('still validates the request first: a bad session id gets no token', async () => {
    const response = await app.request(
      'http://edge.test/api/voice/token',
      {
        method: 'POST',
        headers: { origin: 'http://edge.test', 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: 'nope', mode: 'voice' }),
      },
      env(),
    );
    expect(response.status).toBe(400);
    const body = ApiErrorBody.parse(await response.json());
    expect(body.error.issues?.map((i) => i.path)).toEqual(['sessionId']);
  });
});
