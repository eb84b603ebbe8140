/**
 * A voice call on OpenAI (a local stand-in) through the edge, its object in memory with its alarms
 * run when they fall due, as workerd runs them: the call is hung up at its cap, a hangup OpenAI
 * answers 500 is tried again with backoff, an error in the log each time, until OpenAI takes it,
 * and the page asking afterwards hears that the call ended at its minutes. (The token budget's
 * watcher needs workerd's outbound WebSocket: tests/e2e/openai-relay.spec.ts.)
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { VoiceCallState } from '../../../../contracts/reading-token.ts';
import { app } from '../../../../edge/app.ts';
import type { Bindings } from '../../../../edge/env.ts';
import { mintSessionToken } from '../../../../edge/realtime/session-token.ts';
import { hangupBackoff } from '../../../../edge/voice-calls/call-object.ts';
import { deployed } from '../../../support/edge-env.ts';
import { memoryCalls } from '../../../support/voice-calls-memory.ts';
import {
  OFFER,
  type OpenAiStandin,
  startOpenAiStandin,
} from '../../../support/openai-realtime-standin.ts';

let standin: OpenAiStandin;
let logged: string[];
const calls = memoryCalls();
let env: Bindings;

beforeAll(async () => {
  standin = await startOpenAiStandin();
  env = deployed({
    OPENAI_API_KEY: standin.key,
    OPENAI_BASE_URL: standin.baseURL,
    VOICE_CALLS: calls.namespace,
  });
  calls.setEnv(env);
});
afterAll(() => standin.close());
beforeEach(() => {
  logged = [];
  const keep = (...args: unknown[]) => logged.push(args.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
});
afterEach(() => vi.restoreAllMocks());

/** Resolves once the clock has reached `at` (an alarm's time). */
function until(at: number): Promise<void> {
  return new Promise((resolve) => {
    const tick = setInterval(() => {
      if (Date.now() < at) return;
      clearInterval(tick);
      resolve();
    }, 20);
  });
}

async function openCall(capSeconds: number) {
  const { token, payload } = await mintSessionToken('call', standin.key, {
    sessionId: crypto.randomUUID(),
    ttlSeconds: 60,
    capSeconds,
  });
  const response = await app.request(
    'http://edge.test/api/voice/calls',
    {
      method: 'POST',
      headers: {
        origin: 'http://edge.test',
        authorization: `Bearer ${token}`,
        'content-type': 'application/sdp',
      },
      body: OFFER,
    },
    env,
  );
  expect(response.status).toBe(201);
  const callId = response.headers.get('location')?.split('/').pop() ?? '';
  const held = calls.objects.get(payload.jti);
  if (!held) throw new Error('no call object');
  return { token, callId, held };
}

describe('a call on OpenAI, held by its object', () => {
  it('is hung up at its cap; a hangup answered 500 is tried again with backoff until OpenAI takes it', async () => {
    const { token, callId, held } = await openCall(1);
    standin.outage(2);
    const attempts: number[] = [];
    while (standin.hangups.filter((hangup) => hangup.callId === callId).at(-1)?.status !== 200) {
      const at = held.alarm() ?? 0;
      attempts.push(at);
      await until(at);
      await held.object.alarm();
      expect(attempts.length, 'hung up within four alarms').toBeLessThan(5);
    }
    expect(standin.hangups.filter((hangup) => hangup.callId === callId)).toEqual([
      { callId, status: 500 },
      { callId, status: 500 },
      { callId, status: 200 },
    ]);
    // Backing off: one second, then two.
    const [capAt = 0, firstRetry = 0, secondRetry = 0] = attempts;
    expect(firstRetry - capAt).toBeGreaterThanOrEqual(hangupBackoff(1));
    expect(secondRetry - firstRetry).toBeGreaterThanOrEqual(hangupBackoff(2));
    expect(standin.calls.get(callId)?.closed).toBe(true);
    const errors = logged.filter((line) => line.includes('"voice_call_hangup_error"'));
    expect(errors.map((line) => JSON.parse(line) as unknown)).toEqual([
      { event: 'voice_call_hangup_error', status: 500, attempt: 1, reason: 'minutes' },
      { event: 'voice_call_hangup_error', status: 500, attempt: 2, reason: 'minutes' },
    ]);
    for (const line of logged) expect(line).not.toContain(standin.key);

    // The page whose call closed asks why, with its (expired or not) token.
    const state = await app.request(
      `http://edge.test/api/voice/calls/${callId}`,
      { headers: { origin: 'http://edge.test', authorization: `Bearer ${token}` } },
      env,
    );
    expect(state.status).toBe(200);
    expect(VoiceCallState.parse(await state.json())).toEqual({ callId, ended: 'minutes' });
  });

  it('treats a 404 from the hangup as done: the call was over already', async () => {
    const { callId, held } = await openCall(1);
    const call = standin.calls.get(callId);
    if (!call) throw new Error('no call at the stand-in');
    call.closed = true; // the page hung up first
    await until(held.alarm() ?? 0);
    await held.object.alarm();
    expect(standin.hangups.filter((hangup) => hangup.callId === callId)).toEqual([
      { callId, status: 404 },
    ]);
    expect(logged.some((line) => line.includes('voice_call_hangup_error'))).toBe(false);
  });
});
