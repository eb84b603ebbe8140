/**
 * The offline BMO's ears: the recognizer STT against the real recognizer (words, a hum, a wrong
 * key) and against a port where nothing listens. It never throws into the session: a turn it could
 * not transcribe comes back with no words, and says why.
 */
import { initializeLogger } from '@livekit/agents';
import { AudioFrame } from '@livekit/rtc-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeardTurn, RecognizerSTT } from '../../../../agent/voice/recognizer-stt.ts';
import { parseWav } from '../../../../voice-peer/audio.ts';
import { freeTcpPort } from '../../../support/free-port.ts';
import { type RunningRecognizer, speak, startRecognizer } from '../../../support/recognizer.ts';

function frameOf(wav: Buffer): AudioFrame {
  const { samples, rate } = parseWav(wav);
  return new AudioFrame(samples, rate, 1, samples.length);
}

describe('the recognizer as the session STT', () => {
  let recognizer: RunningRecognizer | undefined;
  beforeAll(async () => {
    // the SDK's logger, quiet: a process of its own (the integration layer)
    initializeLogger({ pretty: false, level: 'fatal' });
    recognizer = await startRecognizer();
  }, 120_000);
  afterAll(async () => {
    await recognizer?.stop();
  });

  function stt(overrides: { url?: string; key?: string } = {}) {
    if (!recognizer) throw new Error('setup failed');
    const turns: HeardTurn[] = [];
    const recognize = new RecognizerSTT({
      url: overrides.url ?? recognizer.url,
      key: overrides.key ?? recognizer.key,
      prompt: 'BMO, Health insurance, PhilHealth ID, Guest Wi-Fi.',
      onTurn: (turn) => turns.push(turn),
    });
    return { recognize, turns };
  }

  it('hears the words of a turn through the OpenAI plugin, and says how much it heard', async () => {
    const { recognize, turns } = stt();
    const event = await recognize.recognize(frameOf(speak('What is my guest Wi-Fi password?').wav));
    expect(event.alternatives?.[0]?.text).toMatch(/guest Wi-Fi password/i);
    expect(turns).toEqual([
      {
        heard: true,
        words: 6,
        audioMs: expect.any(Number),
        voicedMs: expect.any(Number),
        ms: expect.any(Number),
      },
    ]);
    expect(turns[0]?.voicedMs).toBeLessThanOrEqual(turns[0]?.audioMs ?? 0);
  });

  /** `seconds` of 24 kHz audio, a 180 Hz hum for its first `humMs`, silence after. */
  function hum(seconds: number, humMs: number): AudioFrame {
    const samples = new Int16Array(24_000 * seconds);
    for (let i = 0; i < (24_000 * humMs) / 1000; i += 1) {
      samples[i] = Math.round(6000 * Math.sin((2 * Math.PI * 180 * i) / 24_000));
    }
    return new AudioFrame(samples, 24_000, 1, samples.length);
  }

  it('hears no words in a hum, and says so', async () => {
    const { recognize, turns } = stt();
    const event = await recognize.recognize(hum(2, 1500));
    expect(event.alternatives?.[0]?.text).toBe('');
    expect(turns).toMatchObject([{ heard: false, reason: 'nothing_heard', voicedMs: 1500 }]);
  });

  it('does not ask the recognizer about silence or a beep too short to hold a word, but does about a short word', async () => {
    // a port where nothing listens: asked, it would say the recognizer is down
    const { recognize, turns } = stt({ url: `http://127.0.0.1:${await freeTcpPort()}/v1` });
    for (const frame of [hum(1, 0), hum(1, 100)]) {
      expect((await recognize.recognize(frame)).alternatives?.[0]?.text).toBe('');
    }
    expect(turns).toMatchObject([
      { heard: false, reason: 'too_short', voicedMs: 0 },
      { heard: false, reason: 'too_short', voicedMs: 100 },
    ]);
    // the shortest word, said briskly, is asked about: it reaches the port, where nothing listens
    await recognize.recognize(frameOf(speak('Hi', ['-v', 'en-us', '-s', '200']).wav));
    expect(turns.at(-1)).toMatchObject({ heard: false, reason: 'unavailable' });
  });

  it('comes back empty, never throwing, from a recognizer that refuses it or is not there', async () => {
    const refused = stt({ key: 'not-the-key-at-all' });
    const turn = frameOf(speak('Thank you BMO').wav);
    expect((await refused.recognize.recognize(turn)).alternatives?.[0]?.text).toBe('');
    expect(refused.turns).toMatchObject([{ heard: false, reason: 'refused' }]);

    // a port where nothing listens: the recognizer is down
    const down = stt({ url: `http://127.0.0.1:${await freeTcpPort()}/v1` });
    expect((await down.recognize.recognize(turn)).alternatives?.[0]?.text).toBe('');
    expect(down.turns).toMatchObject([{ heard: false, reason: 'unavailable' }]);
  });
});
