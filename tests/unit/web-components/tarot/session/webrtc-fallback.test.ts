/**
 * A voice reading whose call through the edge cannot connect over WebRTC (ICE, DTLS, a network
 * that blocks UDP) falls back to the WebSocket with a token asked for that transport, and says so;
 * a refused call token (401) does not fall back: the page says it in plain words.
 */
import { ScriptedRealtimeTransport } from '@openai/agents-realtime/testing';
import { describe, expect, it } from 'vitest';
import {
  CALL_PASS_REFUSED,
  type ConnectRequest,
} from '../../../../../web-components/tarot/session/token.ts';
import { WEBSOCKET_FALLBACK_NOTICE } from '../../../../../web-components/tarot/session/connection.ts';
import { memoryStorage, voiceReading } from '../../../helpers/scripted-reading.ts';

class FailingCall extends ScriptedRealtimeTransport {
  readonly #message: string;
  constructor(message: string) {
    super();
    this.#message = message;
  }
  override connect(): Promise<void> {
    return Promise.reject(new Error(this.#message));
  }
}

function reading(failure: string) {
  const requests: ConnectRequest[] = [];
  const transports: ScriptedRealtimeTransport[] = [];
  const announced: string[] = [];
  const r = voiceReading(memoryStorage(), {
    persistKey: undefined,
    connect: async (request) => {
      requests.push(request);
      return {
        engine: 'local',
        token: request.transport === 'websocket' ? 'ek_local_socket' : 'ek_call_once',
        expiresAt: Math.floor(Date.now() / 1000) + 60,
        model: 'gpt-realtime',
        ...(request.transport === 'websocket'
          ? { url: 'ws://127.0.0.1/api/reader/realtime' }
          : { callUrl: 'http://127.0.0.1/api/voice/calls' }),
      };
    },
    createTransport: (connection) => {
      const transport = connection.callUrl
        ? new FailingCall(failure)
        : new ScriptedRealtimeTransport();
      transports.push(transport);
      return transport;
    },
  });
  r.controller.announcer.$polite.listen((said) => void (said && announced.push(said.message)));
  return { ...r, requests, callTransports: transports, announced };
}

describe('the voice reading falls back to the WebSocket where WebRTC cannot connect', () => {
  it('opens the reading over the WebSocket with a token for it, and says so', async () => {
    const r = reading('ICE connection failed');
    expect(await r.controller.start()).toBe(true);
    expect(r.requests.map((request) => request.transport)).toEqual([undefined, 'websocket']);
    expect(r.callTransports[0]).toBeInstanceOf(FailingCall);
    expect(r.callTransports[1]).not.toBeInstanceOf(FailingCall);
    expect(r.store.$connection.get()).toBe('connected');
    expect(r.announced).toContain(WEBSOCKET_FALLBACK_NOTICE);
  });

  it('does not fall back when the edge refuses the call token (401), and says why', async () => {
    const r = reading(
      'Realtime call request failed with status 401: This voice call token has already opened its call',
    );
    expect(await r.controller.start()).toBe(false);
    expect(r.requests).toHaveLength(1);
    expect(r.store.$connection.get()).toBe('error');
    expect(r.store.$error.get()?.message).toBe(CALL_PASS_REFUSED);
    expect(CALL_PASS_REFUSED).toBe(
      "This voice reading's pass was already used or has expired. Start again.",
    );
  });
});
