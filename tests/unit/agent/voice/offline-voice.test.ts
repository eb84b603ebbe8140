/**
 * What the offline BMO says about a turn it could not hear, and when: never over the visitor. The
 * STT's turn ends on a VAD stream of its own, which can be ahead of the session's, so a recognizer
 * that fails at once (here: nothing listens on its port) reports while the session still hears the
 * visitor speaking. The session is a real `AgentSession`, not started; only what it is told to say
 * is recorded.
 */
import { type ReadableStream } from 'node:stream/web';
import { voice } from '@livekit/agents';
import { AudioFrame } from '@livekit/rtc-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_HEARING_ATTRIBUTE } from '../../../../contracts/livekit-schema.ts';
import { type AgentLogEntry, setLogSink } from '../../../../agent/log.ts';
import { HEARING_DOWN } from '../../../../agent/offline/phrases.ts';
import { loadVad } from '../../../../agent/voice/vad.ts';
import { OfflineVoice } from '../../../../agent/voice/offline-voice.ts';
import { freeTcpPort } from '../../../support/free-port.ts';
import { initAgentsLogger } from '../../helpers/bmo-session.ts';

/** An `AgentSession` that records what BMO is told to say. */
class RecordingSession extends voice.AgentSession {
  readonly said: string[] = [];
  override say(text: string | ReadableStream<string>): voice.SpeechHandle {
    if (typeof text === 'string') this.said.push(text);
    return voice.SpeechHandle.create();
  }
}

/** One second of a 180 Hz hum at 24 kHz: enough sound to be sent to the recognizer. */
function hum(): AudioFrame {
  const samples = new Int16Array(24_000);
  for (let i = 0; i < samples.length; i += 1) {
    samples[i] = Math.round(6000 * Math.sin((2 * Math.PI * 180 * i) / 24_000));
  }
  return new AudioFrame(samples, 24_000, 1, samples.length);
}

describe('the offline BMO saying what it could not hear', () => {
  const logs: AgentLogEntry[] = [];
  let restoreLog = () => {};
  beforeAll(() => {
    initAgentsLogger();
    restoreLog = setLogSink((entry) => logs.push(entry));
  });
  afterAll(() => restoreLog());

  async function setUp() {
    const published: Record<string, string>[] = [];
    const offline = new OfflineVoice({
      // a port where nothing listens: the recognizer is down, and says so at once
      recognizer: { url: `http://127.0.0.1:${await freeTcpPort()}/v1`, key: 'k'.repeat(24) },
      vocabulary: 'BMO',
      espeak: undefined,
      speechWpm: 175,
      vad: loadVad(),
      lang: 'en',
      publish: async (attributes) => {
        published.push(attributes);
      },
      logContext: {},
    });
    const session = new RecordingSession();
    offline.attach(session);
    return { offline, session, published };
  }

  it('says its ears are down at once when the visitor has stopped speaking', async () => {
    const { offline, session, published } = await setUp();
    await offline.stt.recognize(hum());
    expect(session.said).toEqual([HEARING_DOWN]);
    expect(published.at(-1)?.[AGENT_HEARING_ATTRIBUTE]).toBe('down');
    expect(logs.at(-1)).toMatchObject({ event: 'speech_unheard', reason: 'unavailable' });
  });

  it('waits for the visitor to stop when the session still hears them, then says it once', async () => {
    const { offline, session } = await setUp();
    session._updateUserState('speaking');
    await offline.stt.recognize(hum());
    expect(session.said).toEqual([]);
    session._updateUserState('listening');
    expect(session.said).toEqual([HEARING_DOWN]);
    // the next time they speak and stop, nothing is left to say
    session._updateUserState('speaking');
    session._updateUserState('listening');
    expect(session.said).toEqual([HEARING_DOWN]);
  });
});
