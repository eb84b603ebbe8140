/**
 * The page's voice session on the production transport: the SDK's own `OpenAIRealtimeWebRTC` (on
 * Node's WebRTC), through the edge's call route, to the local WebRTC reader.
 * - The interrupt, by events: while the reader speaks, a press sends `response.cancel` and
 *   `output_audio_buffer.clear` on `oai-events`, `output_audio_buffer.cleared` comes back, the
 *   reader sends no more of its answer, and the reader's track, as the page receives it, goes quiet.
 *   The page silenced that track at the press (what was already on its way is not heard) and
 *   gives it back when the next answer starts.
 * - The edge's hangup at the reading's cap reaches the page (the reader's channel closes) and the
 *   page says the reading reached its time limit, without calling again.
 */
import { OpenAIRealtimeWebRTC } from '@openai/agents-realtime';
import wrtc from '@roamhq/wrtc';
import type { RTCAudioData } from '@roamhq/wrtc/types/nonstandard';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { app } from '../../../../../edge/app.ts';
import type { Bindings } from '../../../../../edge/env.ts';
import { mintSessionToken } from '../../../../../edge/realtime/session-token.ts';
import { FRAME_SAMPLES, TRACK_RATE, isVoiced } from '../../../../../voice-peer/audio.ts';
import { type VoicePeer, startVoicePeer } from '../../../../../voice-peer/server.ts';
import { SessionLog } from '../../../../../web-components/events/index.ts';
import { TIME_LIMIT_ENDED } from '../../../../../web-components/tarot/session/token.ts';
import { VoiceReadingSession } from '../../../../../web-components/tarot/session/voice-session.ts';
import { allowAll } from '../../../../support/edge-env.ts';
import { memoryCalls } from '../../../../support/voice-calls-memory.ts';
import { until } from '../../../../support/wait.ts';

const KEY = 'voice-interrupt-test-peer-key-01';
const CALLS_URL = 'http://127.0.0.1/api/voice/calls';
const { nonstandard } = wrtc;

/** What the page's peer connections send and receive on `oai-events`, and hear on their tracks. */
const wire = { sent: [] as string[], received: [] as string[], frames: [] as boolean[] };

class RecordingPeerConnection extends wrtc.RTCPeerConnection {
  constructor(config?: RTCConfiguration) {
    super(config);
    this.addEventListener('track', (event: RTCTrackEvent) => {
      const sink = new nonstandard.RTCAudioSink(event.track);
      sink.ondata = (data: RTCAudioData) => void wire.frames.push(isVoiced(data.samples));
    });
  }
  override createDataChannel(label: string, init?: RTCDataChannelInit): RTCDataChannel {
    const channel = super.createDataChannel(label, init);
    // The SDK sends JSON strings on this channel; each is recorded, then sent as it was.
    const send = channel.send.bind(channel) as (data: string) => void;
    Object.assign(channel, {
      send: (data: string) => {
        wire.sent.push(JSON.parse(data).type);
        send(data);
      },
    });
    channel.addEventListener('message', ({ data }: MessageEvent) => {
      if (typeof data === 'string') wire.received.push(JSON.parse(data).type);
    });
    return channel;
  }
}

let peer: VoicePeer;
let env: Bindings;
const calls = memoryCalls();

beforeAll(async () => {
  peer = await startVoicePeer({ key: KEY, onLog: () => undefined });
  env = {
    LOCAL_DEVELOPMENT: 'true',
    VOICE_PEER_URL: peer.url,
    VOICE_PEER_KEY: KEY,
    VOICE_CALLS: calls.namespace,
    TOKEN_RATE_LIMITER: allowAll(),
  };
  calls.setEnv(env);
  vi.stubGlobal('RTCPeerConnection', RecordingPeerConnection);
  // The SDK posts its offer with the page's fetch: the edge's route answers it here.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return request.url.startsWith(CALLS_URL)
      ? app.request(request, undefined, env)
      : realFetch(request);
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await peer.close();
});

/** A microphone track in Node: silence, as a muted microphone sends. */
function silentMicrophone() {
  const source = new nonstandard.RTCAudioSource();
  const track = source.createTrack();
  const tick = setInterval(() => {
    source.onData({
      samples: new Int16Array(FRAME_SAMPLES),
      sampleRate: TRACK_RATE,
      channelCount: 1,
    });
  }, 10);
  return { stream: new wrtc.MediaStream([track]), stop: () => clearInterval(tick) };
}

/**
 * The page's voice session on the SDK's WebRTC transport, its call through the edge with a token
 * good for `capSeconds` (0: no cap); `maxSessionMinutes` is what the token route would hand the
 * page with it, and `now` the page's clock.
 */
async function webRtcSession(
  sessionId: string,
  cap: { capSeconds: number; maxSessionMinutes?: number; now?: () => number } = { capSeconds: 0 },
) {
  const microphone = silentMicrophone();
  const { token, payload } = await mintSessionToken('call', KEY, {
    sessionId,
    ttlSeconds: 60,
    capSeconds: cap.capSeconds,
  });
  const audioElement = { autoplay: false, srcObject: null } as unknown as HTMLAudioElement;
  let connects = 0;
  const voice = new VoiceReadingSession({
    missingApis: () => [],
    getUserMedia: async () => microphone.stream,
    minHoldMs: 0,
    reading: {
      connect: async () => {
        connects += 1;
        return {
          engine: 'local',
          token,
          expiresAt: Math.floor(Date.now() / 1000) + 60,
          model: 'gpt-realtime',
          callUrl: CALLS_URL,
          ...(cap.maxSessionMinutes ? { maxSessionMinutes: cap.maxSessionMinutes } : {}),
        };
      },
      createTransport: (connection, sdk) =>
        new sdk.OpenAIRealtimeWebRTC({
          baseUrl: connection.callUrl ?? '',
          audioElement,
          mediaStream: microphone.stream,
        }),
      createLog: (id) => new SessionLog(id, { emit: () => true }),
      ...(cap.now ? { now: cap.now } : {}),
    },
  });
  return {
    voice,
    callObject: () => calls.objects.get(payload.jti),
    connects: () => connects,
    close: () => {
      voice.end('leave');
      microphone.stop();
    },
  };
}

/** Whether the page plays each of the reader's tracks (its peer connection's receivers). */
function readerTracksEnabled(voice: VoiceReadingSession): boolean[] {
  const transport = voice.reading.session?.transport;
  if (!(transport instanceof OpenAIRealtimeWebRTC)) return [];
  const receivers = transport.connectionState.peerConnection?.getReceivers() ?? [];
  return receivers.map((receiver) => receiver.track.enabled);
}

describe('the interrupt over WebRTC, by events', () => {
  it('a press while the reader speaks: cancel and clear sent, cleared received, then silence on its track', async () => {
    const { voice, close } = await webRtcSession('reading-interrupt');
    try {
      expect(await voice.start()).toBe(true);
      expect(voice.reading.transport).toBe('webrtc');
      voice.reading.sendMessage('Will I find a new job this year? Tell me at length.');
      await until(
        () => voice.store.$audio.get().speaking || undefined,
        'the reader speaking',
        15_000,
      );
      await until(
        () => wire.frames.filter(Boolean).length > 10 || undefined,
        'the reader heard on its track',
        15_000,
      );

      wire.sent.length = 0;
      wire.received.length = 0;
      expect(voice.press()).toBe(true);
      expect(readerTracksEnabled(voice)).toEqual([false]);
      await until(
        () => wire.received.includes('output_audio_buffer.cleared') || undefined,
        'output_audio_buffer.cleared',
        10_000,
      );
      expect(wire.sent).toContain('response.cancel');
      expect(wire.sent).toContain('output_audio_buffer.clear');
      expect(voice.store.$audio.get().speaking).toBe(false);

      // The reader dropped the rest of its answer at the clear (more than a second of it) and
      // has sent no speech since.
      const call = [...peer.calls.values()].at(-1)?.call;
      const spoken = call?.spoken;
      expect(spoken?.clears).toBe(1);
      expect(spoken?.leftAtClear).toBeGreaterThan(100);
      // The page's track goes quiet: a second of frames in a row with no sound. What it still
      // heard after cleared was already on its way or in its receiver's jitter buffer, which
      // deepens when packets come late (a busy machine, a bad network): a few frames, at most a few
      // dozen. Far less than the answer had left.
      const from = wire.frames.length;
      await until(() => {
        const after = wire.frames.slice(from);
        const lastVoiced = after.lastIndexOf(true);
        return after.length - lastVoiced - 1 >= 100 || undefined;
      }, 'a second of silence on the reader’s track');
      const heardAfterCleared = wire.frames.slice(from).lastIndexOf(true) + 1;
      expect(heardAfterCleared).toBeLessThan((spoken?.leftAtClear ?? 0) / 2);
      expect(call?.spoken.sentSinceClear).toBe(0);
      // cut off, never finished
      expect(wire.received).not.toContain('output_audio_buffer.stopped');

      // The next answer is heard again.
      voice.release();
      voice.reading.sendMessage('And what else?');
      await until(() => voice.store.$audio.get().speaking || undefined, 'the next answer', 15_000);
      expect(readerTracksEnabled(voice)).toEqual([true]);
    } finally {
      close();
    }
  }, 60_000);
});

describe('the edge hangs the call up at the reading’s cap', () => {
  it('the call closes on the page, which says the reading reached its time limit and does not call again', async () => {
    let now = Date.now();
    const capped = await webRtcSession('reading-capped', {
      capSeconds: 1,
      maxSessionMinutes: 1,
      now: () => now,
    });
    try {
      expect(await capped.voice.start()).toBe(true);
      const held = capped.callObject();
      const hangupAt = held?.alarm() ?? 0;
      expect(hangupAt).toBeGreaterThan(0);
      // workerd runs the alarm at its time; here the test does, once the time has come. The
      // page's clock has seen the reading's minute go by (the token said 1, the edge held 1 s).
      await until(() => Date.now() >= hangupAt, 'the cap', 5000);
      now += 60_000;
      await held?.object.alarm();
      await until(
        () => capped.voice.store.$connection.get() === 'disconnected',
        'the call closed on the page',
        10_000,
      );
      expect(capped.voice.store.$error.get()?.message).toBe(TIME_LIMIT_ENDED);
      expect(capped.connects()).toBe(1);
    } finally {
      capped.close();
    }
  }, 30_000);
});
