/**
 * `POST /api/voice/calls`: the voice reading's WebRTC call through the edge, forwarded to the local
 * WebRTC reader (the same forwarding code OpenAI gets). One token opens one call; a forged or
 * expired token gets 401; the call is hung up at its cap through the hangup; the forwarder sends
 * the pinned session, as the local reader received it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../../edge/app.ts';
import type { Bindings } from '../../../edge/env.ts';
import { mintSessionToken } from '../../../edge/realtime/session-token.ts';
import { type VoicePeer, startVoicePeer } from '../../../voice-peer/server.ts';
import { allowAll } from '../../support/edge-env.ts';
import { memoryCalls } from '../../support/voice-calls-memory.ts';
import { callPeer, postSdp } from '../helpers/webrtc-client.ts';

const KEY = 'voice-calls-test-peer-key-0123';
const CALLS_URL = 'http://127.0.0.1/api/voice/calls';
let peer: VoicePeer;

const calls = memoryCalls();
let env: Bindings;

beforeAll(async () => {
  peer = await startVoicePeer({ key: KEY, onLog: () => undefined });
  env = {
    LOCAL_DEVELOPMENT: 'true',
    VOICE_PEER_URL: peer.url,
    VOICE_PEER_KEY: KEY,
    VOICE_CALLS: calls.namespace,
    TOKEN_RATE_LIMITER: allowAll(),
    OPENAI_MAX_OUTPUT_TOKENS: '640',
  };
  calls.setEnv(env);
});
afterAll(async () => {
  await peer.close();
});

const send = (request: Request) => app.request(request, undefined, env);

describe('voice calls through the edge', () => {
  it('hands a voice reading a one-call ek_ token and the call URL', async () => {
    const response = await app.request(
      '/api/voice/token',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sessionId: crypto.randomUUID(), mode: 'voice' }),
      },
      env,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; callUrl: string; engine: string };
    expect(body.token).toMatch(/^ek_call_/);
    expect(body.callUrl).toBe('http://localhost/api/voice/calls');
    expect(body.engine).toBe('local');
  });

  it('opens one call per token, never two, and forwards the pinned session', async () => {
    const { token } = await mintSessionToken('call', KEY, {
      sessionId: 'reading-1',
      ttlSeconds: 60,
      capSeconds: 0,
    });
    const call = await callPeer(postSdp(send, CALLS_URL, `Bearer ${token}`));
    if ('status' in call) throw new Error(`refused: ${call.status} ${call.body}`);
    try {
      await call.waitFor('session.created');
      expect(peer.calls.get(call.callId)?.session).toEqual({
        type: 'realtime',
        model: 'gpt-realtime',
        output_modalities: ['audio'],
        audio: { output: { voice: 'alloy' } },
        max_output_tokens: 640,
        tracing: null,
      });
      const again = await callPeer(postSdp(send, CALLS_URL, `Bearer ${token}`));
      expect('status' in again && again.status).toBe(401);
      expect('body' in again && again.body).toContain('already opened its call');
      expect(peer.calls.size).toBe(1);
    } finally {
      call.close();
    }
  });

  it('carries the reading’s language to the local reader, which reads and speaks in it', async () => {
    const response = await app.request(
      '/api/voice/token',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sessionId: crypto.randomUUID(), mode: 'voice', lang: 'es' }),
      },
      env,
    );
    const { token } = (await response.json()) as { token: string };
    const call = await callPeer(postSdp(send, CALLS_URL, `Bearer ${token}`));
    if ('status' in call) throw new Error(`refused: ${call.status} ${call.body}`);
    try {
      await call.waitFor('session.created');
      expect(peer.calls.get(call.callId)?.lang).toBe('es');
      call.send({ type: 'response.create' });
      const said = await call.waitFor('response.output_audio_transcript.done');
      expect(said.transcript).toMatch(/^Te doy la bienvenida a tu lectura\./);
    } finally {
      call.close();
    }
  });

  it('refuses a forged or an expired token with 401, as OpenAI refuses a bad key', async () => {
    const forged = await mintSessionToken('call', 'another-key-entirely-0000', {
      sessionId: 'reading-2',
      ttlSeconds: 60,
      capSeconds: 0,
    });
    const refused = await callPeer(postSdp(send, CALLS_URL, `Bearer ${forged.token}`));
    expect('status' in refused && refused.status).toBe(401);
    const expired = await mintSessionToken(
      'call',
      KEY,
      { sessionId: 'reading-3', ttlSeconds: 10, capSeconds: 0 },
      Date.now() - 20_000,
    );
    const late = await callPeer(postSdp(send, CALLS_URL, `Bearer ${expired.token}`));
    expect('status' in late && late.status).toBe(401);
    expect('body' in late && late.body).toContain('expired');
  });

  it('hangs the call up at its cap through the hangup, whatever the page does', async () => {
    const { token, payload } = await mintSessionToken('call', KEY, {
      sessionId: 'reading-4',
      ttlSeconds: 60,
      capSeconds: 1,
    });
    const call = await callPeer(postSdp(send, CALLS_URL, `Bearer ${token}`));
    if ('status' in call) throw new Error(`refused: ${call.status}`);
    try {
      await call.waitFor('session.created');
      expect(peer.calls.has(call.callId)).toBe(true);
      const held = calls.objects.get(payload.jti);
      const hangupAt = held?.alarm() ?? 0;
      expect(hangupAt).toBeGreaterThan(Date.now() - 1000);
      expect(hangupAt).toBeLessThanOrEqual(Date.now() + 1000);
      // workerd runs the alarm at its time; here the test does, once the time has come.
      await new Promise<void>((resolve) => {
        const tick = setInterval(() => {
          if (Date.now() < hangupAt) return;
          clearInterval(tick);
          resolve();
        }, 20);
      });
      await held?.object.alarm();
      expect(peer.calls.has(call.callId)).toBe(false);
    } finally {
      call.close();
    }
  });

  it('answers the SDK preflight for Authorization, application/sdp and X-OpenAI-Agents-SDK', async () => {
    const response = await app.request(
      '/api/voice/calls',
      {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://127.0.0.1:8787',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type,x-openai-agents-sdk',
        },
      },
      env,
    );
    expect(response.status).toBe(204);
    const allowed = response.headers.get('access-control-allow-headers')?.toLowerCase() ?? '';
    for (const header of ['authorization', 'content-type', 'x-openai-agents-sdk'])
      expect(allowed).toContain(header);
  });
});
