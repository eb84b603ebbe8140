/**
 * espeak-ng behind `tts.TTS`, real and missing: a sentence's sound as it is made, and a moment of
 * silence for one it cannot speak, never an error into the session.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ESPEAK_RATE,
  EspeakTTS,
  type SpokenSentence,
  espeakRuns,
} from '../../../../agent/voice/espeak-tts.ts';
import { initAgentsLogger } from '../../helpers/bmo-session.ts';

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
