/**
 * The real local speech recognizer (`recognizer/server.py`) for tests: its Python environment
 * made first if this machine has none (`scripts/recognizer-local.ts`, as `npm start` does), then
 * started on a port of its own choosing with a fresh key, the model loaded before `startRecognizer`
 * resolves. Always `stop()` it. `kill()` is a crash (SIGKILL), for the tests of a recognizer that
 * dies mid-turn.
 *
 * Spoken phrases for tests come from `speak()`: espeak-ng's US English voice `en-us+m3` at 140
 * words a minute, written to a WAV file. Of the voices and speeds tried (m1, m3, m4, m7 at 140 and
 * 160), it gave Whisper tiny.en the fewest word errors on the bench's phrases (5.3%), and the same
 * words whichever BLAS kernel numpy ran on (the mel features, and so the words, differ slightly
 * between kernels: at 150 words a minute "three" came back "free" on one of them).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECOGNIZER_SERVER, findOrProvisionRecognizer } from '../../scripts/recognizer-local.ts';

export interface RunningRecognizer {
  /** The API base, `http://127.0.0.1:<port>/v1`. */
  url: string;
  key: string;
  pid: number | undefined;
  /** How long it took to load its model and warm it, as it says (ms). */
  loadedMs: number | undefined;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

export async function startRecognizer(
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<RunningRecognizer> {
  const found = findOrProvisionRecognizer();
  if ('problem' in found) throw new Error(`The speech recognizer cannot run: ${found.problem}`);
  const key = options.env?.RECOGNIZER_KEY ?? randomBytes(24).toString('hex');
  const child = spawn(found.python, [RECOGNIZER_SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      RECOGNIZER_KEY: key,
      RECOGNIZER_PORT: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let loadedMs: number | undefined;
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The recognizer did not start in time:\n${output.join('')}`)),
      options.timeoutMs ?? 120_000,
    );
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        output.push(`${line}\n`);
        const loaded = /"type": "recognizer_loaded".*"ms": (\d+)/.exec(line);
        if (loaded?.[1]) loadedMs = Number(loaded[1]);
        const listening = /"type": "recognizer_listening", "url": "([^"]+)"/.exec(line);
        if (listening?.[1]) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(
          `The recognizer exited (${signal ?? code}) before listening:\n${output.join('')}`,
        ),
      );
    });
  });
  const ended = (signal: NodeJS.Signals) => () => stopChild(child, signal);
  return { url, key, pid: child.pid, loadedMs, stop: ended('SIGTERM'), kill: ended('SIGKILL') };
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** The model recognizer/server.py loads, as its GET /health names it. */
export const RECOGNIZER_MODEL = 'whisper-tiny.en';

/** The voice tests speak with: clear enough for a small model, and never a recording of a person. */
export const TEST_VOICE = ['-v', 'en-us+m3', '-s', '140'];

/** `words` spoken by espeak-ng as a WAV file (mono PCM16, 22.05 kHz), and its path. */
export function speak(
  words: string,
  voice: readonly string[] = TEST_VOICE,
): { path: string; wav: Buffer } {
  const path = join(mkdtempSync(join(tmpdir(), 'spoken-')), 'turn.wav');
  execFileSync('espeak-ng', [...voice, '-w', path, words]);
  return { path, wav: readFileSync(path) };
}
