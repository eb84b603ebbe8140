/**
 * How well and how fast the offline stack hears (BENCH=speech), each figure beside a baseline
 * from the same run:
 *
 * - Word error rate of the local recognizer on a fixed set of espeak-ng phrases from the reading
 *   (questions, topics, card requests) with the reader's vocabulary as the prompt, against the same
 *   phrases with no prompt: what the app's words buy. Goal: at most 10%.
 * - The recognizer's time per phrase against the phrase's own length (the real-time factor), and
 *   its resident memory once warm.
 * - End of speech (the last non-silent sample the page's microphone sent) → the first sound of the
 *   reader's answer on the page, over WebRTC through the edge to the local WebRTC reader, the
 *   recognizer warm: p50 and p95 (goals 1.5 s and 3 s here). Baseline, interleaved in the same
 *   browser: the same question typed (the reading's `send()`) → the first sound of its answer, so
 *   the ratio is what hearing adds.
 * - BMO's own: end of speech → the first sound of its answer over LiveKit, and the memory a voice
 *   job adds over a typed one (speech-bmo.bench.ts).
 *
 * Run alone: `node tests/bench/speech.bench.ts`.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { RecognizerClient } from '../../reader/hearing/transcriber.ts';
import { readerVocabulary } from '../../reader/reading/vocabulary.ts';
import { parseWav } from '../../voice-peer/audio.ts';
import { startVoicePeer } from '../../voice-peer/server.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { type RunningRecognizer, speak, startRecognizer } from '../support/recognizer.ts';
import { sayInto, useSpokenMicrophone } from '../support/spoken-microphone.ts';
import { startWrangler } from '../support/wrangler.ts';
import { bmoSpeechBench } from './speech-bmo.bench.ts';
import { median, percentile, row, type BenchRow } from './stats.ts';

/** The reading's phrases: none of them in the reader's prompt, none of them its demo script. */
export const READING_PHRASES = [
  "I'd like a three card reading about moving to a new city",
  'Just one card about love',
  'Will I find a new job this year?',
  'Yes, mostly about making new friends there',
  "No, I'm more worried about money",
  'Draw another card please',
  'What does the Tower mean for me?',
  'Tell me more about the Queen of Cups',
  'Should I stay in my job or go back to school?',
  'I want a reading about my health',
  "Thank you, that's all for today",
  'Can you explain the second card again?',
  'Give me a five card reading about my family',
  'What should I focus on next month?',
  'I want to know if my partner still loves me',
  'Is this the right time to buy a house?',
  'Draw a card for my sister',
  'What does the Moon say about my dreams?',
  'Pick a spread for a choice between two offers',
  'How will my new business do this summer?',
];

/** Lower-case words; hyphens, digits and punctuation as a reader would say them. */
function words(text: string): string[] {
  const digits: Record<string, string> = { '1': 'one', '3': 'three', '5': 'five' };
  return text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => digits[word] ?? word);
}

/** Word-level edit distance. */
function errors(reference: readonly string[], heard: readonly string[]): number {
  let previous = Array.from({ length: heard.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= heard.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (reference[i - 1] === heard[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[heard.length] ?? 0;
}

interface Heard {
  wordErrorRate: number;
  /** Per phrase: transcription time and the phrase's length, ms. */
  timings: { ms: number; audioMs: number }[];
}

async function hear(recognizer: RunningRecognizer, prompt: string): Promise<Heard> {
  const client = new RecognizerClient({ url: recognizer.url, key: recognizer.key });
  let wrong = 0;
  let total = 0;
  const timings: Heard['timings'] = [];
  for (const phrase of READING_PHRASES) {
    const { samples, rate } = parseWav(speak(phrase).wav);
    const pcm = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
    const started = performance.now();
    const result = await client.transcribe({ pcm, rate, lang: 'en', prompt });
    timings.push({ ms: performance.now() - started, audioMs: (samples.length / rate) * 1000 });
    const reference = words(phrase);
    wrong += errors(reference, result.ok ? words(result.text) : []);
    total += reference.length;
  }
  return { wordErrorRate: wrong / total, timings };
}

function residentMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/** Epoch ms of the first sound on the page's newest remote track after `after`, by its analyser. */
function firstSoundAfter(page: Page, after: number): Promise<number> {
  return page.evaluate(async (since) => {
    const tracks = Reflect.get(window, '__remoteTracks') as MediaStreamTrack[];
    const track = tracks.at(-1);
    if (!track) throw new Error('no remote track');
    const stream = new MediaStream([track]);
    const sink = new Audio();
    sink.muted = true;
    sink.srcObject = stream;
    await sink.play();
    const context = new AudioContext();
    await context.resume();
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    context.createMediaStreamSource(stream).connect(analyser);
    const data = new Float32Array(analyser.fftSize);
    const deadline = Date.now() + 20_000;
    try {
      while (Date.now() < deadline) {
        analyser.getFloatTimeDomainData(data);
        if (Date.now() > since && data.some((value) => Math.abs(value) > 0.02)) return Date.now();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error('the reader never answered aloud');
    } finally {
      await context.close();
    }
  }, after);
}

/** Trailing silence of a WAV, ms: its sound ends this long before the file does. */
function trailingSilenceMs(wav: Buffer): number {
  const { samples, rate } = parseWav(wav);
  let last = samples.length - 1;
  while (last > 0 && Math.abs(samples[last] ?? 0) < 328) last -= 1;
  return ((samples.length - 1 - last) / rate) * 1000;
}

/** Opens a new voice reading; resolves once its talk button is enabled. */
async function openReading(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/reading/voice`);
  await page.locator('voice-speaker-button button').waitFor();
  await page.waitForFunction(() => {
    const find = (root: ParentNode, selector: string): Element | null => {
      const direct = root.querySelector(selector);
      if (direct) return direct;
      for (const element of root.querySelectorAll('*'))
        if (element.shadowRoot) {
          const found = find(element.shadowRoot, selector);
          if (found) return found;
        }
      return null;
    };
    const button = find(document, 'voice-speaker-button')?.shadowRoot?.querySelector('button');
    return button !== null && button !== undefined && !button.disabled;
  });
}

/** One spoken question: end of its sound → the first sound of the answer, ms. */
async function spokenTurn(page: Page, wav: Buffer, silenceMs: number): Promise<number> {
  const button = page.locator('voice-speaker-button button');
  await button.hover();
  await page.mouse.down();
  const ended = await sayInto(page, wav);
  const answered = firstSoundAfter(page, ended);
  await page.mouse.up();
  return (await answered) - (ended - silenceMs);
}

/** The same question typed through the reading's own `send()`: sent → first sound, ms. */
async function typedTurn(page: Page, text: string): Promise<number> {
  const sent = await page.evaluate((words) => {
    const find = (root: ParentNode): Element | null => {
      const direct = root.querySelector('tarot-reading');
      if (direct) return direct;
      for (const element of root.querySelectorAll('*'))
        if (element.shadowRoot) {
          const found = find(element.shadowRoot);
          if (found) return found;
        }
      return null;
    };
    const reading = find(document) as (Element & { send(text: string): void }) | null;
    if (!reading) throw new Error('no tarot-reading');
    reading.send(words);
    return Date.now();
  }, text);
  return (await firstSoundAfter(page, sent)) - sent;
}

export async function speechBench(options: { runs?: number } = {}): Promise<BenchRow[]> {
  const runs = options.runs ?? 12;
  const recognizer = await startRecognizer();
  const rows: BenchRow[] = [];
  try {
    const prompted = await hear(recognizer, readerVocabulary('en'));
    const bare = await hear(recognizer, '');
    const phrases = `${READING_PHRASES.length} espeak-ng phrases (en-us+m3, 140 wpm)`;
    rows.push(
      row(
        'speech',
        'word error rate, the reading’s phrases, the reader’s vocabulary as prompt',
        prompted.wordErrorRate * 100,
        '%',
        { name: 'the same phrases, no prompt', value: bare.wordErrorRate * 100 },
        `${phrases}; goal ≤ 10%`,
      ),
      row(
        'speech',
        'recognizer time per phrase (median)',
        median(prompted.timings.map((timing) => timing.ms)),
        'ms',
        {
          name: 'the phrase’s own length (median)',
          value: median(prompted.timings.map((timing) => timing.audioMs)),
        },
        'the ratio is the real-time factor; Whisper tiny.en, int8, two threads',
      ),
      row('speech', 'recognizer resident memory, warm', residentMiB(recognizer.pid), 'MiB'),
      row(
        'speech',
        'recognizer model load and warm-up call',
        recognizer.loadedMs ?? Number.NaN,
        'ms',
        undefined,
        'once per machine, at its start',
      ),
    );
    rows.push(...(await endOfSpeechToAnswer(recognizer, runs)));
    rows.push(...(await bmoSpeechBench(recognizer)));
  } finally {
    await recognizer.stop();
  }
  return rows;
}

async function endOfSpeechToAnswer(
  recognizer: RunningRecognizer,
  runs: number,
): Promise<BenchRow[]> {
  const key = 'speech-bench-voice-peer-key-0123456789';
  const peer = await startVoicePeer({
    key,
    transcriber: new RecognizerClient({ url: recognizer.url, key: recognizer.key }),
    onLog: () => undefined,
  });
  const edge = await startWrangler({
    vars: {
      VOICE_PEER_URL: peer.url,
      VOICE_PEER_KEY: key,
      RECOGNIZER_URL: recognizer.url,
      RECOGNIZER_KEY: recognizer.key,
      READER_TOKEN_SECRET: 'speech-bench',
      LOAD_TEST_LIMITS: 'true',
    },
  });
  const launch = chromiumLaunchOptions({ fakeMedia: true });
  const browser = await chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), '--autoplay-policy=no-user-gesture-required'],
  });
  const question = 'Will I find a new job this year?';
  const wav = speak(question).wav;
  const silenceMs = trailingSilenceMs(wav);
  try {
    const context = await browser.newContext();
    const spoken: number[] = [];
    const typed: number[] = [];
    // One unmeasured reading of each warms the edge, the page's chunks and the recognizer.
    for (let run = -1; run < runs; run += 1) {
      const voicePage = await context.newPage();
      await useSpokenMicrophone(voicePage);
      await openReading(voicePage, edge.url);
      const heard = await spokenTurn(voicePage, wav, silenceMs);
      await voicePage.close();
      const typedPage = await context.newPage();
      await useSpokenMicrophone(typedPage);
      await openReading(typedPage, edge.url);
      const answered = await typedTurn(typedPage, question);
      await typedPage.close();
      if (run < 0) continue;
      spoken.push(heard);
      typed.push(answered);
    }
    const note = `${runs} readings each, interleaved; the first turn of a new reading over WebRTC`;
    return [
      row(
        'speech',
        'end of speech → first sound of the reader’s answer (p50)',
        median(spoken),
        'ms',
        { name: 'the same question typed → first sound (p50)', value: median(typed) },
        `${note}; goal ≤ 1500 ms`,
      ),
      row(
        'speech',
        'end of speech → first sound of the reader’s answer (p95)',
        percentile(spoken, 95),
        'ms',
        { name: 'the same question typed → first sound (p95)', value: percentile(typed, 95) },
        'goal ≤ 3000 ms',
      ),
    ];
  } finally {
    await browser.close();
    await edge.stop();
    await peer.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await speechBench());
}
