/**
 * A reading the edge ended at one of its limits ends on the page with the reason said, and buys no
 * fresh session: over the relay the edge says which limit in an `error` event before the socket
 * closes; a call just closes, so the page asks the edge about it. A close the edge did not cause
 * reconnects as any drop does. (Scripted transports stand in for the SDK's.)
 */
import { ScriptedRealtimeTransport } from '@openai/agents-realtime/testing';
import { describe, expect, it } from 'vitest';
import {
  READING_LIMIT_CODES,
  type VoiceCallState,
} from '../../../../../contracts/reading-token.ts';
import { tarotSessionEn } from '../../../../../web-components/tarot/i18n/session-en.ts';
import { memoryStorage, voiceReading } from '../../../helpers/scripted-reading.ts';
import { until } from '../../../../support/wait.ts';

const grant = (tokens: number, where: { url?: string; callUrl?: string }) => ({
  engine: 'openai' as const,
  token: `ek_test_${tokens}`,
  expiresAt: Math.floor(Date.now() / 1000) + 60,
  model: 'gpt-realtime',
  ...where,
});

describe('a reading the edge ended at a limit', () => {
  it('over the relay: the error naming the token budget ends the reading, said plainly, with no new session', async () => {
    let tokens = 0;
    const r = voiceReading(memoryStorage(), {
      connect: async () => grant(++tokens, { url: 'wss://edge.test/api/voice/realtime' }),
    });
    expect(await r.controller.start()).toBe(true);
    const transport = r.transports[0];
    transport?.emit('*', {
      type: 'error',
      event_id: 'relay_limit_tokens',
      error: {
        type: 'invalid_request_error',
        code: READING_LIMIT_CODES.tokens,
        message: 'This reading has used everything it may spend and has ended.',
        param: null,
        event_id: null,
      },
    });
    transport?.disconnect();
    await until(() => r.store.$connection.get() === 'disconnected', 'the reading ended');
    expect(r.store.$error.get()?.message).toBe(tarotSessionEn.spendLimitEnded);
    expect(tokens).toBe(1);
    expect(r.transports).toHaveLength(1);
  });

  it('over a call: the page asks the edge why it closed, hears the token budget, and ends', async () => {
    let tokens = 0;
    const asked: unknown[] = [];
    const r = voiceReading(memoryStorage(), {
      connect: async () => grant(++tokens, { callUrl: 'https://edge.test/api/voice/calls' }),
      createTransport: () => {
        const transport = Object.assign(new ScriptedRealtimeTransport(), { callId: 'rtc_one' });
        r.transports.push(transport);
        return transport;
      },
      callState: async (call): Promise<VoiceCallState> => {
        asked.push(call);
        return { callId: call.callId, ended: 'tokens' };
      },
    });
    expect(await r.controller.start()).toBe(true);
    r.transports[0]?.disconnect();
    await until(() => r.store.$connection.get() === 'disconnected', 'the reading ended');
    expect(asked).toEqual([
      { callUrl: 'https://edge.test/api/voice/calls', callId: 'rtc_one', token: 'ek_test_1' },
    ]);
    expect(r.store.$error.get()?.message).toBe(tarotSessionEn.spendLimitEnded);
    expect(tokens).toBe(1);
  });

  it('a call the edge did not end reconnects with a fresh token, as after any drop', async () => {
    let tokens = 0;
    const r = voiceReading(memoryStorage(), {
      connect: async () => grant(++tokens, { callUrl: 'https://edge.test/api/voice/calls' }),
      createTransport: () => {
        const transport = Object.assign(new ScriptedRealtimeTransport(), {
          callId: `rtc_${tokens}`,
        });
        r.transports.push(transport);
        return transport;
      },
      callState: async (call) => ({ callId: call.callId, ended: null }),
    });
    expect(await r.controller.start()).toBe(true);
    r.transports[0]?.disconnect();
    await until(() => r.transports.length === 2, 'a second session');
    await until(() => r.store.$connection.get() === 'connected', 'reconnected');
    expect(tokens).toBe(2);
  });
});
