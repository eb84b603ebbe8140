/**
 * The local speech recognizer (recognizer/server.py, faster-whisper with Whisper tiny.en) and the
 * client the reader hears with (reader/hearing/transcriber.ts), for real: every phrase is spoken
 * by espeak-ng and heard by the model; every failure is the real one (nothing listening, a
 * recognizer killed mid-turn, a full line), never a stand-in that answers what the test expects.
 */
import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerVocabulary } from '../../../../reader/reading/vocabulary.ts';
import { RecognizerClient, wavFile } from '../../../../reader/hearing/transcriber.ts';
import { parseWav } from '../../../../voice-peer/audio.ts';
import { freeTcpPort } from '../../../support/free-port.ts';
import {
  RECOGNIZER_MODEL,
  type RunningRecognizer,
  speak,
  startRecognizer,
} from '../../../support/recognizer.ts';

/** A phrase as PCM16 bytes and its rate, spoken by the tests' voice. */
function spoken(words: string): { pcm: Uint8Array; rate: number } {
  const { samples, rate } = parseWav(speak(words).wav);
  return { pcm: new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength), rate };
}

function silence(seconds: number, rate = 16_000): { pcm: Uint8Array; rate: number } {
  return { pcm: new Uint8Array(seconds * rate * 2), rate };
}

/** Gaussian-ish noise at about -20 dBFS. */
function noise(seconds: number, rate = 16_000): { pcm: Uint8Array; rate: number } {
  const samples = new Int16Array(seconds * rate);
  let seed = 7;
  for (let i = 0; i < samples.length; i += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    samples[i] = Math.round(((seed / 2_147_483_648) * 2 - 1) * 3_000);
  }
  return { pcm: new Uint8Array(samples.buffer), rate };
}

/** One sentence said again and again: a monologue of `seconds`. */
function monologue(seconds: number): { pcm: Uint8Array; rate: number } {
  const { pcm: once, rate } = spoken(
    'I have been thinking about my career and my family and where I want to live.',
  );
  const length = Math.floor(seconds * rate) * 2;
  const pcm = new Uint8Array(length);
  for (let at = 0; at < length; at += once.byteLength) pcm.set(once.subarray(0, length - at), at);
  return { pcm, rate };
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .trim();

let recognizer: RunningRecognizer;
let client: RecognizerClient;

// The recognizer's model loads in seconds, more on a loaded machine; a turn is heard in under one.
beforeAll(async () => {
  recognizer = await startRecognizer();
  client = new RecognizerClient({ url: recognizer.url, key: recognizer.key });
}, 120_000);

afterAll(async () => {
  await recognizer?.stop();
});

function transcribe(audio: { pcm: Uint8Array; rate: number }, using = client) {
  return using.transcribe({ ...audio, lang: 'en', prompt: readerVocabulary('en') });
}

describe(
  'the local speech recognizer, through the client the reader hears with',
  { timeout: 90_000 },
  () => {
    it('hears spoken phrases from both experiences, with the app’s words as its prompt', async () => {
      const phrases: [string, string[]][] = [
        ['Just one card about love', ['one card', 'love']],
        ['Tell me more about the Queen of Cups', ['queen', 'cups']],
        ['What time is it in Tokyo?', ['what time', 'tokyo']],
      ];
      // one after another, each within the client's time limit (at once, the last would wait for
      // the other two: that is the line's test, below)
      const heard = [];
      for (const [phrase] of phrases) heard.push(await transcribe(spoken(phrase)));
      for (const [index, result] of heard.entries()) {
        const text = result.ok ? words(result.text) : result.code;
        for (const word of phrases[index]?.[1] ?? []) expect(text).toContain(word);
      }
    });

    it('answers silence and noise with no words, rather than inventing some', async () => {
      expect(await transcribe(silence(2))).toEqual({ ok: true, text: '' });
      expect(await transcribe(noise(2))).toEqual({ ok: true, text: '' });
    });

    it('refuses a turn past 30 seconds whole, saying so, and hears the next turn', async () => {
      const long = monologue(40);
      expect(long.pcm.byteLength / 2 / long.rate).toBeGreaterThan(30);
      const refused = await transcribe(long);
      expect(refused).toMatchObject({ ok: false, code: 'audio_too_long' });
      expect(refused.ok ? '' : refused.message).toMatch(/a turn may last 30 s/);
      const next = await transcribe(spoken('Draw a card'));
      expect(next.ok && words(next.text)).toBe('draw a card');
    });

    it('reads a clipped buffer (half a sample at its end) and refuses what is not audio, in OpenAI’s error shape', async () => {
      const { pcm, rate } = spoken('Just one card about love');
      const clipped = await transcribe({ pcm: pcm.subarray(0, pcm.byteLength - 1), rate });
      expect(clipped.ok && words(clipped.text)).toBe('just one card about love');

      const form = new FormData();
      form.append('file', new Blob(['this is not a sound file']), 'turn.wav');
      const response = await fetch(`${recognizer.url}/audio/transcriptions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${recognizer.key}` },
        body: form,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { type: 'invalid_request_error', code: 'invalid_audio', param: 'file' },
      });
    });

    it('refuses a wrong key, a body past its cap and a language it does not hear, each by name', async () => {
      const wrongKey = new RecognizerClient({ url: recognizer.url, key: 'not-the-key-0000' });
      expect(await transcribe(spoken('Draw a card'), wrongKey)).toMatchObject({
        ok: false,
        code: 'recognizer_error',
        message: expect.stringContaining('Missing or wrong bearer key'),
      });
      // Refused on its headers: the 9 MiB it announces are never sent, nor read.
      const big = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const asked = request(
          `${recognizer.url}/audio/transcriptions`,
          {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${recognizer.key}`,
              'Content-Type': 'multipart/form-data; boundary=x',
              'Content-Length': String(9 * 1024 * 1024),
            },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        asked.on('error', reject);
        asked.flushHeaders();
      });
      expect(big.status).toBe(413);
      expect(JSON.parse(big.body)).toMatchObject({ error: { code: 'body_too_large' } });
      const spanish = await client.transcribe({ ...spoken('Draw a card'), lang: 'es', prompt: '' });
      expect(spanish).toMatchObject({ ok: false, code: 'unsupported_language' });
      expect(client.languages).toEqual(['en']);
    });

    it('says what it runs at GET /health, with no key needed and no secret in it', async () => {
      const health = await fetch(`${recognizer.url.replace(/\/v1$/, '')}/health`);
      expect(await health.json()).toEqual({
        status: 'ok',
        model: RECOGNIZER_MODEL,
        languages: ['en'],
      });
    });
  },
);

describe('a recognizer that is down, slow, full or restarting', { timeout: 90_000 }, () => {
  it('says it is unavailable when nothing listens', async () => {
    const port = await freeTcpPort();
    const down = new RecognizerClient({ url: `http://127.0.0.1:${port}/v1`, key: 'k'.repeat(20) });
    expect(await transcribe(spoken('Draw a card'), down)).toMatchObject({
      ok: false,
      code: 'recognizer_unavailable',
    });
  });

  it('gives up on one that never answers, after its time limit, saying how long it waited', async () => {
    const sockets: import('node:net').Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const slow = new RecognizerClient({
        url: `http://127.0.0.1:${port}/v1`,
        key: 'k'.repeat(20),
        timeoutMs: 500,
      });
      const started = Date.now();
      const result = await transcribe(spoken('Draw a card'), slow);
      expect(result).toEqual({
        ok: false,
        code: 'recognizer_timeout',
        message: 'The recognizer took over 0.5 s.',
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('tells the callers past its line that it is busy at once, and hears the one it took', async () => {
    const narrow = await startRecognizer({ env: { RECOGNIZER_QUEUE: '0' } });
    try {
      // the one it takes is heard to the end however busy the machine: a generous time limit
      const using = new RecognizerClient({ url: narrow.url, key: narrow.key, timeoutMs: 120_000 });
      // Each turn is 25 s of speech: seconds of work, so the three arrive while the first is heard.
      const turn = monologue(25);
      const results = await Promise.all([1, 2, 3].map(() => transcribe(turn, using)));
      const busy = results.filter((result) => !result.ok);
      expect(results.filter((result) => result.ok).length).toBeGreaterThanOrEqual(1);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const result of busy) expect(result).toMatchObject({ code: 'recognizer_busy' });
    } finally {
      await narrow.stop();
    }
  }, 150_000);

  it('fails a turn as unavailable when the recognizer dies during it, and hears again once it is back', async () => {
    const port = await freeTcpPort();
    const env = { RECOGNIZER_PORT: String(port) };
    const first = await startRecognizer({ env });
    const using = new RecognizerClient({ url: first.url, key: first.key });
    const turn = transcribe(monologue(25), using);
    // The turn is on its way (25 s of speech takes the model seconds): the process dies.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.kill();
    expect(await turn).toMatchObject({ ok: false, code: 'recognizer_unavailable' });
    // Started again on its port (as npm start's stack does), with the same key.
    const again = await startRecognizer({ env: { ...env, RECOGNIZER_KEY: first.key } });
    try {
      const heard = await transcribe(spoken('Draw a card'), using);
      expect(heard.ok && words(heard.text)).toBe('draw a card');
    } finally {
      await again.stop();
    }
  });
});

describe('the WAV the client sends', { timeout: 90_000 }, () => {
  it('is a RIFF/WAVE file of mono PCM16 at the turn’s rate', () => {
    const file = wavFile(new Uint8Array(8), 24_000);
    const { samples, rate } = parseWav(file);
    expect(rate).toBe(24_000);
    expect(samples.length).toBe(4);
  });
});
