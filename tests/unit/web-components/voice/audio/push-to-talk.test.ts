import { RealtimeAgent, RealtimeSession } from '@openai/agents-realtime';
import { ScriptedRealtimeTransport } from '@openai/agents-realtime/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Pcm16Resampler } from '../../../../../web-components/voice/audio/microphone.ts';
import {
  type AudioCapture,
  type AudioPath,
  PushToTalk,
  type PushToTalkOptions,
  type PushToTalkSession,
} from '../../../../../web-components/voice/audio/push-to-talk.ts';

/** A transport call as the scripted transport records it, cut down to what push-to-talk decides. */
function describeCall(call: unknown): string {
  const method = typeof call === 'object' && call !== null ? Reflect.get(call, 'method') : '';
  if (method === 'sendEvent') {
    const event: unknown = Reflect.get(call as object, 'event');
    const type = typeof event === 'object' && event !== null ? Reflect.get(event, 'type') : '';
    return `sendEvent:${String(type)}`;
  }
  if (method === 'mute') return `mute:${String(Reflect.get(call as object, 'muted'))}`;
  if (method === 'sendAudio') {
    const audio: unknown = Reflect.get(call as object, 'audio');
    return `sendAudio:${audio instanceof ArrayBuffer ? audio.byteLength : '?'}`;
  }
  return String(method);
}

/** A clock the test moves by hand. */
function clock(start = 1000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

const sessions: RealtimeSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.close();
});

/** A real RealtimeSession on the SDK's scripted transport, connected; calls recorded from here. */
async function connectedSession() {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'IntentAssessment' }), {
    transport,
    config: { audio: { input: { turnDetection: null } } },
  });
  sessions.push(session);
  await session.connect({ apiKey: 'ek_test' });
  const from = transport.calls.length;
  return {
    session,
    transport,
    calls: () => transport.calls.slice(from).map(describeCall),
  };
}

/** A capture that hands out chunks when the test says so. */
function fakeCapture() {
  let send: ((chunk: ArrayBuffer) => void) | undefined;
  const log: string[] = [];
  const capture: AudioCapture = {
    start(next) {
      send = next;
      log.push('start');
    },
    stop() {
      send = undefined;
      log.push('stop');
    },
  };
  return {
    capture,
    log,
    chunk: (bytes: number) => send?.(new ArrayBuffer(bytes)),
    get capturing() {
      return send !== undefined;
    },
  };
}

function pushToTalk(
  session: () => PushToTalkSession | undefined,
  path: AudioPath,
  extra: Partial<PushToTalkOptions> = {},
) {
  const time = clock();
  const events: string[] = [];
  const ptt = new PushToTalk({
    session,
    path: () => path,
    now: time.now,
    onListening: (listening) => events.push(listening ? 'listening' : 'not listening'),
    onTooShort: () => events.push('too short'),
    onError: (error, stage) =>
      events.push(`error during ${stage}: ${error instanceof Error ? error.message : ''}`),
    ...extra,
  });
  return { ptt, time, events };
}

describe('push-to-talk over WebRTC (the real SDK session, scripted transport)', () => {
  it('press clears the input buffer and unmutes; release commits, asks for a response, then mutes', async () => {
    const { session, calls } = await connectedSession();
    const { ptt, time, events } = pushToTalk(() => session, 'webrtc');

    expect(ptt.press()).toBe(true);
    expect(calls()).toEqual(['sendEvent:input_audio_buffer.clear', 'mute:false']);
    expect(ptt.holding).toBe(true);

    time.advance(800);
    expect(ptt.release()).toBe('sent');
    expect(calls()).toEqual([
      'sendEvent:input_audio_buffer.clear',
      'mute:false',
      'sendEvent:input_audio_buffer.commit',
      'requestResponse',
      'mute:true',
    ]);
    expect(session.muted).toBe(true);
    expect(events).toEqual(['listening', 'not listening']);
  });

  it('interrupts the agent when it is speaking, between clearing the buffer and opening the microphone', async () => {
    const { session, calls } = await connectedSession();
    let interrupted = 0;
    const { ptt } = pushToTalk(() => session, 'webrtc', {
      isSpeaking: () => true,
      onInterrupt: () => void (interrupted += 1),
    });
    ptt.press();
    expect(calls()).toEqual(['sendEvent:input_audio_buffer.clear', 'interrupt', 'mute:false']);
    expect(interrupted).toBe(1);
  });

  it('does not interrupt when the agent is quiet', async () => {
    const { session, calls } = await connectedSession();
    let interrupted = 0;
    const { ptt } = pushToTalk(() => session, 'webrtc', {
      isSpeaking: () => false,
      onInterrupt: () => void (interrupted += 1),
    });
    ptt.press();
    expect(calls()).not.toContain('interrupt');
    expect(interrupted).toBe(0);
  });

  it('ignores a second press while the button is held', async () => {
    const { session, calls } = await connectedSession();
    const { ptt } = pushToTalk(() => session, 'webrtc');
    expect(ptt.press()).toBe(true);
    expect(ptt.press()).toBe(false);
    expect(calls()).toEqual(['sendEvent:input_audio_buffer.clear', 'mute:false']);
  });

  it('ignores a release without a press', async () => {
    const { session, calls } = await connectedSession();
    const { ptt, events } = pushToTalk(() => session, 'webrtc');
    expect(ptt.release()).toBe('ignored');
    expect(calls()).toEqual([]);
    expect(events).toEqual([]);
  });

  it('mutes a freshly connected session until the first press', async () => {
    const { session, calls } = await connectedSession();
    const { ptt } = pushToTalk(() => session, 'webrtc');
    ptt.prepare();
    expect(calls()).toEqual(['mute:true']);
  });

  it('release after the session disconnected is harmless: nothing is sent and nothing throws', async () => {
    const { session, transport, calls } = await connectedSession();
    const { ptt, time, events } = pushToTalk(() => session, 'webrtc');
    ptt.press();
    transport.disconnect();
    time.advance(800);
    expect(() => ptt.release()).not.toThrow();
    expect(ptt.release()).toBe('ignored');
    expect(calls()).toEqual(['sendEvent:input_audio_buffer.clear', 'mute:false']);
    expect(events).toEqual(['listening', 'not listening']);
    expect(ptt.holding).toBe(false);
  });

  it('cancel (a hold broken off) mutes again without committing', async () => {
    const { session, calls } = await connectedSession();
    const { ptt, events } = pushToTalk(() => session, 'webrtc');
    ptt.press();
    ptt.cancel();
    expect(calls()).toEqual(['sendEvent:input_audio_buffer.clear', 'mute:false', 'mute:true']);
    expect(events).toEqual(['listening', 'not listening']);
    expect(ptt.release()).toBe('ignored');
  });

  it('a press with no session opens nothing', () => {
    const { ptt, events } = pushToTalk(() => undefined, 'webrtc');
    expect(ptt.press()).toBe(false);
    expect(ptt.release()).toBe('ignored');
    expect(events).toEqual([]);
  });

  it('a tap too short to carry words commits nothing: the buffer is cleared and the microphone muted', async () => {
    const { session, calls } = await connectedSession();
    const { ptt, time, events } = pushToTalk(() => session, 'webrtc', { minHoldMs: 250 });
    ptt.press();
    time.advance(100);
    expect(ptt.release()).toBe('too-short');
    expect(calls()).toEqual([
      'sendEvent:input_audio_buffer.clear',
      'mute:false',
      'sendEvent:input_audio_buffer.clear',
      'mute:true',
    ]);
    expect(events).toEqual(['listening', 'not listening', 'too short']);
  });

  it('reports a failed press and leaves the button free', async () => {
    const { session, transport } = await connectedSession();
    transport.failNextCall('sendEvent', new Error('data channel closed'));
    const { ptt, events } = pushToTalk(() => session, 'webrtc');
    expect(ptt.press()).toBe(false);
    expect(ptt.holding).toBe(false);
    expect(events).toEqual(['error during press: data channel closed']);
  });
});

describe('push-to-talk over WebSocket (the audio is captured and sent as data)', () => {
  it('streams captured audio while held, then commits, asks for a response and stops capturing', async () => {
    const { session, calls } = await connectedSession();
    const mic = fakeCapture();
    const { ptt, time } = pushToTalk(() => session, 'websocket', { capture: mic.capture });

    ptt.press();
    expect(mic.capturing).toBe(true);
    mic.chunk(960);
    mic.chunk(960);
    time.advance(600);
    expect(ptt.release()).toBe('sent');
    mic.chunk(960); // a chunk still in flight after the release is dropped
    expect(calls()).toEqual([
      'sendEvent:input_audio_buffer.clear',
      'sendAudio:960',
      'sendAudio:960',
      'sendEvent:input_audio_buffer.commit',
      'requestResponse',
    ]);
    expect(mic.log).toEqual(['start', 'stop']);
    expect(calls()).not.toContain('mute:true'); // mute() throws on the WebSocket transport
  });

  it('falls back to a raw response.create where the transport has no requestResponse', () => {
    const sent: string[] = [];
    const session: PushToTalkSession = {
      transport: { status: 'connected', sendEvent: (event) => sent.push(event.type) },
      interrupt: () => sent.push('interrupt'),
      mute: () => {
        throw new Error('Mute is not supported for the WebSocket transport.');
      },
      sendAudio: (audio) => sent.push(`audio:${audio.byteLength}`),
    };
    const mic = fakeCapture();
    const { ptt, time } = pushToTalk(() => session, 'websocket', { capture: mic.capture });
    ptt.press();
    mic.chunk(480);
    time.advance(400);
    expect(ptt.release()).toBe('sent');
    expect(sent).toEqual([
      'input_audio_buffer.clear',
      'audio:480',
      'input_audio_buffer.commit',
      'response.create',
    ]);
  });

  it('a hold that captured no audio commits nothing (an empty commit is a server error)', async () => {
    const { session, calls } = await connectedSession();
    const mic = fakeCapture();
    const { ptt, time, events } = pushToTalk(() => session, 'websocket', { capture: mic.capture });
    ptt.press();
    time.advance(600);
    expect(ptt.release()).toBe('too-short');
    expect(calls()).toEqual([
      'sendEvent:input_audio_buffer.clear',
      'sendEvent:input_audio_buffer.clear',
    ]);
    expect(events).toContain('too short');
    expect(mic.log).toEqual(['start', 'stop']);
  });

  it('release after disconnect stops capturing and sends nothing', async () => {
    const { session, transport, calls } = await connectedSession();
    const mic = fakeCapture();
    const { ptt, time } = pushToTalk(() => session, 'websocket', { capture: mic.capture });
    ptt.press();
    mic.chunk(960);
    transport.disconnect();
    time.advance(600);
    expect(ptt.release()).toBe('ignored');
    expect(mic.log).toEqual(['start', 'stop']);
    expect(calls()).toEqual(['sendEvent:input_audio_buffer.clear', 'sendAudio:960']);
  });

  it('cancel lets go without committing anything', async () => {
    const { session, calls } = await connectedSession();
    const mic = fakeCapture();
    const { ptt, events } = pushToTalk(() => session, 'websocket', { capture: mic.capture });
    ptt.press();
    ptt.cancel();
    mic.chunk(960);
    expect(ptt.release()).toBe('ignored');
    expect(calls()).toEqual(['sendEvent:input_audio_buffer.clear']);
    expect(events).toEqual(['listening', 'not listening']);
  });

  it('a capture that fails to start is reported and the button is let go', async () => {
    const { session } = await connectedSession();
    const capture: AudioCapture = {
      start: () => Promise.reject(new Error('AudioContext was not allowed to start')),
      stop: () => undefined,
    };
    const { ptt, events } = pushToTalk(() => session, 'websocket', { capture });
    expect(ptt.press()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ptt.holding).toBe(false);
    expect(events).toEqual([
      'listening',
      'not listening',
      'error during capture: AudioContext was not allowed to start',
    ]);
  });
});

describe('PCM16 for the Realtime API', () => {
  it('halves 48 kHz to 24 kHz without a seam between chunks', () => {
    const resampler = new Pcm16Resampler(48_000, 24_000);
    const ramp = Float32Array.from({ length: 2048 }, (_, i) => (i % 200) / 400);
    const first = resampler.push(ramp.subarray(0, 1024));
    const second = resampler.push(ramp.subarray(1024));
    expect(first.byteLength + second.byteLength).toBe(1024 * 2);
    const samples = [...new Int16Array(first), ...new Int16Array(second)];
    // Every second input sample, in order, scaled to 16 bits.
    samples.forEach((sample, i) => {
      expect(sample).toBe(Math.trunc((ramp[i * 2] ?? 0) * 0x7fff));
    });
  });

  it('interpolates between samples at an uneven ratio and clamps out-of-range input', () => {
    const resampler = new Pcm16Resampler(44_100, 24_000);
    const out = new Int16Array(resampler.push(new Float32Array(441).fill(0.5)));
    expect(out.length).toBe(240); // 10 ms either way
    expect(new Set(out)).toEqual(new Set([Math.trunc(0.5 * 0x7fff)]));
    const loud = new Int16Array(new Pcm16Resampler(24_000).push(Float32Array.from([2, -2, 0])));
    expect([...loud]).toEqual([0x7fff, -0x8000, 0]);
  });
});
