import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ApiErrorBody } from '../../../contracts/api-schema.ts';
import { ReadingTokenResponse } from '../../../contracts/reading-token.ts';
import { app } from '../../../edge/app.ts';
import type { Bindings } from '../../../edge/env.ts';
import { deployed } from '../../support/edge-env.ts';
import {
  startClientSecretStandin,
  type ScriptedAnswer,
} from '../helpers/openai-realtime-standin.ts';

// POST /api/voice/token with OPENAI_API_KEY set mints a client secret from OpenAI. These tests run
// the edge's real fetch against a local stand-in of OpenAI's endpoint (OPENAI_BASE_URL).

const KEY = 'sk-test-0123456789-secret-key';
let answer: ScriptedAnswer;
let standin: Awaited<ReturnType<typeof startClientSecretStandin>>;
let logged: string[];

beforeEach(async () => {
  standin = await startClientSecretStandin(() => answer);
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(' '));
  });
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(' '));
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await standin.close();
});

function env(extra: Partial<Bindings> = {}): Bindings {
  // Turnstile is turned off out loud here: these tests are about the client secret.
  return deployed({
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: standin.baseURL,
    TURNSTILE_NOT_REQUIRED: 'true',
    ...extra,
  });
}

/**
 * A token request; a voice reading's asks for the WebSocket's client secret (its fallback), since
 * over WebRTC it gets a call token instead (the last test).
 */
function mint(
  bindings: Bindings,
  mode: 'voice' | 'text' = 'voice',
  transport: 'webrtc' | 'websocket' = 'websocket',
) {
  return app.request(
    '/api/voice/token',
    {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: randomUUID(), mode, transport }),
    },
    bindings,
  );
}

const secret = { value: 'ek_68af296e8e408191a1120ab6383263c2', expires_at: 1_900_000_000 };

describe('POST /api/voice/token with an OpenAI key', () => {
  it('gives a voice reading over WebRTC a one-call ek_ token for the edge’s calls, and no client secret', async () => {
    const response = await mint(env(), 'voice', 'webrtc');
    expect(response.status).toBe(200);
    const body = ReadingTokenResponse.parse(await response.json());
    expect(body.engine).toBe('openai');
    expect(body.token).toMatch(/^ek_call_/);
    expect(body.callUrl).toBe('http://localhost/api/voice/calls');
    expect(standin.requests).toHaveLength(0);
  });

  it('pins the configured voice and output token limit in the client secret', async () => {
    answer = { status: 200, body: { ...secret, session: { type: 'realtime' } } };
    const response = await mint(
      env({ OPENAI_REALTIME_VOICE: 'marin', OPENAI_MAX_OUTPUT_TOKENS: '300' }),
      'text',
    );
    expect(response.status).toBe(200);
    expect(standin.requests[0]?.body).toMatchObject({
      session: {
        output_modalities: ['text'],
        audio: { output: { voice: 'marin' } },
        max_output_tokens: 300,
        tracing: null,
      },
    });
  });

  it('asks OpenAI for a client secret for the session’s model, with the configured lifetime', async () => {
    answer = { status: 200, body: { ...secret, session: { type: 'realtime' } } };
    const response = await mint(
      env({ OPENAI_REALTIME_MODEL: 'gpt-realtime-mini', VOICE_TOKEN_TTL_SECONDS: '45' }),
    );
    expect(response.status).toBe(200);
    expect(standin.requests).toHaveLength(1);
    const [request] = standin.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/realtime/client_secrets');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    // The secret pins the session settings the agents' own updates keep, and nothing they change.
    expect(request?.body).toEqual({
      expires_after: { anchor: 'created_at', seconds: 45 },
      session: {
        type: 'realtime',
        model: 'gpt-realtime-mini',
        output_modalities: ['audio'],
        audio: { output: { voice: 'alloy' } },
        max_output_tokens: 1024,
        tracing: null,
      },
    });
    const session = (request?.body as { session: Record<string, unknown> }).session;
    expect(session).not.toHaveProperty('instructions');
    expect(session).not.toHaveProperty('tools');
    const body = ReadingTokenResponse.parse(await response.json());
    expect(body).toEqual({
      engine: 'openai',
      token: secret.value,
      expiresAt: secret.expires_at,
      model: 'gpt-realtime-mini',
      // deployed, a reading's cost cap comes with its token (READING_MAX_MINUTES, 30 by default)
      maxSessionMinutes: 30,
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('defaults to a 60-second token in voice mode', async () => {
    answer = { status: 200, body: secret };
    await mint(env(), 'voice');
    expect(standin.requests[0]?.body).toMatchObject({
      expires_after: { anchor: 'created_at', seconds: 60 },
      session: { output_modalities: ['audio'] },
    });
  });

  it('gives a text reading a secret of the API’s shortest lifetime, 10 s, whatever the setting, and asks for text output', async () => {
    answer = { status: 200, body: secret };
    await mint(env({ VOICE_TOKEN_TTL_SECONDS: '600' }), 'text');
    expect(standin.requests[0]?.body).toMatchObject({
      expires_after: { anchor: 'created_at', seconds: 10 },
      session: { output_modalities: ['text'] },
    });
  });

  // Deployed, a refused key reads as "unavailable": a visitor learns nothing of the credentials.
  // In local development the developer is told the key is the problem.
  const failures: [number, number, string, Partial<Bindings>][] = [
    [401, 503, 'upstream_unavailable', {}],
    [403, 503, 'upstream_unavailable', {}],
    [401, 502, 'upstream_misconfigured', { LOCAL_DEVELOPMENT: 'true' }],
    [403, 502, 'upstream_misconfigured', { LOCAL_DEVELOPMENT: 'true' }],
    [429, 503, 'upstream_busy', {}],
    [500, 503, 'upstream_unavailable', {}],
    [503, 503, 'upstream_unavailable', {}],
  ];
  for (const [upstream, status, code, extra] of failures) {
    const where = extra.LOCAL_DEVELOPMENT ? ' in local development' : '';
    it(`maps an OpenAI ${upstream} to ${status} ${code}${where}, without the upstream body`, async () => {
      answer = {
        status: upstream,
        body: { error: { message: `upstream detail ${KEY} internal-trace-id-77` } },
      };
      const response = await mint(env(extra));
      expect(response.status).toBe(status);
      const text = await response.text();
      const body = ApiErrorBody.parse(JSON.parse(text));
      expect(body.error.code).toBe(code);
      expect(text).not.toContain('upstream detail');
      expect(text).not.toContain('internal-trace-id-77');
      expect(text).not.toContain(KEY);
      if (!extra.LOCAL_DEVELOPMENT) expect(body.error.message).not.toMatch(/key|credential/i);
    });
  }

  it('answers 503 when OpenAI cannot be reached', async () => {
    await standin.close();
    const response = await mint(env());
    expect(response.status).toBe(503);
    expect(ApiErrorBody.parse(await response.json()).error.code).toBe('upstream_unavailable');
    standin = await startClientSecretStandin(() => answer); // for afterEach
  });

  it('answers 503 when OpenAI answers something that is not a client secret', async () => {
    answer = { status: 200, body: { value: 'not-an-ek', expires_at: 'soon' } };
    const response = await mint(env());
    expect(response.status).toBe(503);
    expect(ApiErrorBody.parse(await response.json()).error.code).toBe('upstream_unavailable');
  });

  it('never puts the API key in a response or a log line, whatever happens', async () => {
    const outcomes: ScriptedAnswer[] = [
      { status: 200, body: secret },
      { status: 401, body: { error: { message: 'bad key' } } },
      { status: 500, body: 'oops' },
      { status: 200, body: 'not json' },
    ];
    for (const outcome of outcomes) {
      answer = outcome;
      const response = await mint(env());
      expect(await response.text()).not.toContain(KEY);
    }
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line).not.toContain(KEY);
  });

  it('still validates the request first: a bad session id never reaches OpenAI', async () => {
    answer = { status: 200, body: secret };
    const response = await app.request(
      '/api/voice/token',
      {
        method: 'POST',
        headers: { origin: 'http://localhost', 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: 'nope', mode: 'voice' }),
      },
      env(),
    );
    expect(response.status).toBe(400);
    const body = ApiErrorBody.parse(await response.json());
    expect(body.error.issues?.map((i) => i.path)).toEqual(['sessionId']);
    expect(standin.requests).toHaveLength(0);
  });
});
