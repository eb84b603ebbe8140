/**
 * What a voice reading tells the visitor when something other than the reading happens: the local
 * reader's own notice (no speech voice: tones), the edge hanging the call up at the reading's
 * minute cap (the time limit, not a dropped connection), and a refused call token (plain words).
 * The real voice session and Realtime SDK, on the SDK's scripted transport standing in for the call.
 */
import { ScriptedRealtimeTransport } from '@openai/agents-realtime/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionLog } from '../../../../../web-components/events/index.ts';
import { createAnnouncer } from '../../../../../web-components/stores/announcer.ts';
import { createReadingStore } from '../../../../../web-components/stores/reading.ts';
import {
  type ConnectRequest,
  TIME_LIMIT_ENDED,
} from '../../../../../web-components/tarot/session/token.ts';
import { VoiceReadingSession } from '../../../../../web-components/tarot/session/voice-session.ts';
import type { MicrophoneStream } from '../../../../../web-components/voice/audio/microphone.ts';

const open: VoiceReadingSession[] = [];
afterEach(() => {
  for (const voice of open.splice(0)) voice.end('leave');
});

/** A voice session whose calls go through the edge (`callUrl`), on a clock the test moves. */
function callSession(maxSessionMinutes?: number) {
  let now = 1_000_000;
  const requests: ConnectRequest[] = [];
  const transports: ScriptedRealtimeTransport[] = [];
  const track = { enabled: false, stop: () => undefined };
  const stream: MicrophoneStream = { getAudioTracks: () => [track], getTracks: () => [track] };
  const store = createReadingStore();
  const announcer = createAnnouncer();
  const said: string[] = [];
  announcer.$polite.listen((message) => void (message && said.push(message.message)));
  announcer.$assertive.listen((message) => void (message && said.push(message.message)));
  const voice = new VoiceReadingSession({
    store,
    announcer,
    missingApis: () => [],
    getUserMedia: async () => stream,
    reading: {
      connect: async (request) => {
        requests.push(request);
        return {
          engine: 'local',
          token: `ek_call_${requests.length}`,
          expiresAt: Math.floor(Date.now() / 1000) + 60,
          model: 'gpt-realtime',
          callUrl: 'http://127.0.0.1/api/voice/calls',
          ...(maxSessionMinutes === undefined ? {} : { maxSessionMinutes }),
        };
      },
      createTransport: () => {
        const transport = new ScriptedRealtimeTransport();
        transports.push(transport);
        return transport;
      },
      createLog: (id) => new SessionLog(id, { emit: () => true }),
      now: () => now,
    },
  });
  open.push(voice);
  return {
    voice,
    store,
    said,
    requests,
    transports,
    advance: (ms: number) => void (now += ms),
  };
}

describe('a voice reading says plainly what happened', () => {
  it('shows and says the local reader’s notice (no speech voice here: tones)', async () => {
    const s = callSession();
    expect(await s.voice.start()).toBe(true);
    const notice = 'espeak-ng is not installed here: the reader speaks in tones.';
    s.transports[0]?.emit('*', { event_id: 'evt_1', type: 'voice_peer.notice', notice });
    expect(s.voice.$notice.get()).toBe(notice);
    expect(s.said).toContain(notice);
    // anything else from the reader is no notice
    s.transports[0]?.emit('*', { event_id: 'evt_2', type: 'voice_peer.notice', notice: '' });
    expect(s.voice.$notice.get()).toBe(notice);
  });

  it('says the reading reached its time limit when the call closes at the cap, and does not reconnect', async () => {
    const s = callSession(1);
    expect(await s.voice.start()).toBe(true);
    s.advance(60_000);
    await s.transports[0]?.close(); // the edge's hangup at the cap closes the call
    expect(s.store.$connection.get()).toBe('disconnected');
    expect(s.store.$error.get()?.message).toBe(TIME_LIMIT_ENDED);
    expect(s.said).toContain(TIME_LIMIT_ENDED);
    expect(s.requests).toHaveLength(1);
  });

  it('still reconnects a call that drops before the cap', async () => {
    const s = callSession(1);
    expect(await s.voice.start()).toBe(true);
    s.advance(59_000);
    await s.transports[0]?.close();
    expect(s.store.$error.get()?.message).not.toBe(TIME_LIMIT_ENDED);
    expect(s.requests).toHaveLength(2);
  });
});
