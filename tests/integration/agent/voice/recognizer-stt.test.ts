/**
 * The offline BMO's ears and voice one by one, with real parts: the recognizer STT against the
 * real recognizer (words, silence, a wrong key) and against a port where nothing listens; espeak-ng
 * behind `tts.TTS`, real and missing; and the vocabulary the recognizer is told to expect, which
 * for a visitor names public notes only. None of them ever throws into the session.
 */
import { AudioFrame } from '@livekit/rtc-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_VAULT_PATH } from '../../../../agent/config.ts';
import { VaultIndex } from '../../../../agent/vault-index.ts';
import {
  ESPEAK_RATE,
  EspeakTTS,
  type SpokenSentence,
  espeakRuns,
} from '../../../../agent/voice/espeak-tts.ts';
import { type HeardTurn, RecognizerSTT } from '../../../../agent/voice/recognizer-stt.ts';
import { MAX_VOCABULARY_CHARS, bmoVocabulary } from '../../../../agent/voice/vocabulary.ts';
import { parseWav } from '../../../../voice-peer/audio.ts';
import { initAgentsLogger } from '../../../unit/helpers/bmo-session.ts';
import { freeTcpPort } from '../../../support/free-port.ts';
import { type RunningRecognizer, speak, startRecognizer } from '../../../support/recognizer.ts';

function frameOf(wav: Buffer): AudioFrame {
  const { samples, rate } = parseWav(wav);
  return new AudioFrame(samples, rate, 1, samples.length);
}

describe('the recognizer as the session STT', () => {
  let recognizer: RunningRecognizer | undefined;
  beforeAll(async () => {
    initAgentsLogger();
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

  it('does not ask the recognizer about silence or a beep too short to hold a word', async () => {
    // a port where nothing listens: asked, it would say the recognizer is down
    const { recognize, turns } = stt({ url: `http://127.0.0.1:${await freeTcpPort()}/v1` });
    for (const frame of [hum(1, 0), hum(1, 200)]) {
      expect((await recognize.recognize(frame)).alternatives?.[0]?.text).toBe('');
    }
    expect(turns).toMatchObject([
      { heard: false, reason: 'too_short', voicedMs: 0 },
      { heard: false, reason: 'too_short', voicedMs: 200 },
    ]);
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

describe('espeak-ng as the session TTS', () => {
  beforeAll(initAgentsLogger);

  async function synthesize(binary: string, text: string) {
    const sentences: SpokenSentence[] = [];
    const errors: unknown[] = [];
    const voice = new EspeakTTS({ binary, onSentence: (s) => sentences.push(s) });
    voice.on('error', (error) => errors.push(error));
    const frames = [];
    for await (const audio of voice.synthesize(text)) frames.push(audio);
    return { frames, sentences, errors };
  }

  it('speaks a sentence as it is made, in 20 ms frames, the last one final', async () => {
    const { frames, sentences } = await synthesize(
      'espeak-ng',
      "I've popped it into the cassette!",
    );
    expect(frames.length).toBeGreaterThan(40);
    expect(frames.every((f) => f.frame.sampleRate === ESPEAK_RATE)).toBe(true);
    expect(frames.map((f) => f.final)).toEqual([...frames.slice(1).map(() => false), true]);
    const loud = frames.filter((f) => f.frame.data.some((sample) => Math.abs(sample) > 1000));
    expect(loud.length).toBeGreaterThan(10);
    expect(sentences).toMatchObject([{ spoken: true }]);
    expect(await espeakRuns('espeak-ng')).toBe(true);
  });

  it('plays a moment of silence for a sentence it cannot speak, and says why, never failing the session', async () => {
    const missing = '/nonexistent/espeak-ng';
    const { frames, sentences, errors } = await synthesize(missing, 'Hello friend.');
    expect(frames).toHaveLength(1);
    expect(frames[0]?.frame.data.every((sample) => sample === 0)).toBe(true);
    expect(sentences).toMatchObject([{ spoken: false, reason: 'missing' }]);
    expect(errors).toEqual([]);
    expect(await espeakRuns(missing)).toBe(false);
  });
});

describe("BMO's vocabulary for the recognizer", () => {
  let sample: VaultIndex;
  beforeAll(async () => {
    sample = await VaultIndex.open(SAMPLE_VAULT_PATH);
  });
  afterAll(() => sample.close());

  it("is the owner's note titles and headings, and a visitor's from public notes only", () => {
    const owner = bmoVocabulary(sample.names('all'));
    expect(owner).toMatch(/^BMO, /);
    for (const name of ['PhilHealth ID', 'Guest Wi-Fi', 'Kyoto trip', 'Chicken adobo']) {
      expect(owner).toContain(name);
    }
    const visitor = bmoVocabulary(sample.names('public'));
    expect(visitor).toContain('Guest Wi-Fi');
    for (const name of ['PhilHealth', 'Health insurance', 'Kyoto', 'Contacts', 'Landlord']) {
      expect(visitor).not.toContain(name);
    }
  });

  it('keeps to what the recognizer reads, and leaves out names with no letters', () => {
    const many = Array.from({ length: 500 }, (_, i) => `Note number ${i}`);
    const prompt = bmoVocabulary(['2026-11-20', ...many]);
    expect(prompt.length).toBeLessThanOrEqual(MAX_VOCABULARY_CHARS);
    expect(prompt).not.toContain('2026-11-20');
    expect(prompt).toContain('Note number 0');
  });
});
