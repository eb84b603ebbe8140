/**
 * The offline reader under load, through its public routes only: each reading mints a token at
 * `POST /api/voice/token` with the page's `Origin`, opens the reader's WebSocket (held by its
 * Durable Object under `wrangler dev`), and runs a whole text reading with the scripted Realtime
 * client (tests/support/reader-driver.ts): the question, the clarifying answer through every draw,
 * show and handoff to Followup, and one follow-up. Sessions stay open until all have finished, so
 * workerd's memory is read with every session object alive.
 *
 * The hostile session sends, again and again, the crafted frame that used to cost most (a user
 * message at the frame cap of "hi", "!"… and "x") with a response.create, reopening when closed:
 * what it costs the others is the p95 per turn with it against without it. Locally every object
 * shares one workerd process, which deployed Workers do not: this is the worst case.
 */
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { ReadingTokenResponse } from '../../contracts/reading-token.ts';
import { percentile, row, type BenchRow } from '../../tests/bench/stats.ts';
import { inGroup, memoryOf, readProcesses } from '../../tests/support/process-usage.ts';
import { ReaderDriver } from '../../tests/support/reader-driver.ts';
import { startWrangler, type RunningWrangler } from '../../tests/support/wrangler.ts';
import { wrapProse } from './report.ts';

/** Under the reader's 64 KiB frame cap (the crafted frame sits just below any cap near it). */
const HOSTILE_FRAME_BYTES = 60 * 1024;
const TURN_MS = 60_000;

async function readerToken(edge: string): Promise<{ token: string; url: string }> {
  const response = await fetch(`${edge}/api/voice/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: edge },
    body: JSON.stringify({ sessionId: crypto.randomUUID(), mode: 'text' }),
  });
  if (!response.ok) throw new Error(`reader token: ${response.status}`);
  const body = ReadingTokenResponse.parse(await response.json());
  if (!body.url) throw new Error('a local reader token carries the reader’s URL');
  return { token: body.token, url: body.url };
}

interface Reading {
  ok: boolean;
  error?: string;
  turnMs: number[];
  close(): void;
}

/** One whole reading; resolves when its last turn is over, leaving the socket open. */
async function reading(edge: string): Promise<Reading> {
  const turnMs: number[] = [];
  let ws: WebSocket | undefined;
  const close = () => ws?.close();
  try {
    const { token, url } = await readerToken(edge);
    const socket = new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } });
    ws = socket;
    let creates = 0;
    const driver = new ReaderDriver({
      transmit: (raw) => {
        if (raw.includes('"response.create"')) creates += 1;
        socket.send(raw);
      },
    });
    let changed = () => {};
    const created = new Promise<void>((resolve, reject) => {
      setTimeout(() => reject(new Error(`no session.created within ${TURN_MS} ms`)), TURN_MS);
      socket.once('error', reject);
      socket.once('close', (code) => reject(new Error(`closed with ${code}`)));
      socket.on('message', (data) => {
        const raw = String(data);
        if (raw.includes('"session.created"')) resolve();
        driver.receive(raw);
        changed();
      });
    });
    await created;
    driver.open();
    /** A turn is over when every response asked for is done and the agent has said something. */
    const turn = async (text: string) => {
      const saidBefore = driver.said().length;
      const started = performance.now();
      driver.say(text);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`a turn took over ${TURN_MS} ms`)),
          TURN_MS,
        );
        changed = () => {
          if (driver.errors().length > 0) reject(new Error('the reader answered with an error'));
          if (driver.responsesDone >= creates && driver.said().length > saidBefore) {
            clearTimeout(timer);
            resolve();
          }
        };
      });
      turnMs.push(performance.now() - started);
    };
    await turn('What should I focus on in my career this year?');
    await turn("I feel stuck at work and I'm not sure whether to stay.");
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the reading never reached Followup')),
        TURN_MS,
      );
      const check = () => {
        if (driver.agent === 'Followup' && driver.responsesDone >= creates) {
          clearTimeout(timer);
          resolve();
        }
      };
      changed = check;
      check();
    });
    await turn('What does the Future card say about my next step?');
    return { ok: true, turnMs, close };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      turnMs,
      close,
    };
  }
}

/** The hostile session: crafted frames until `stop()`, reopening on each close. */
function hostile(edge: string): { stop: () => void; frames: () => number } {
  let stopped = false;
  let frames = 0;
  const message = (bytes: number) => {
    const frame = (text: string) =>
      JSON.stringify({
        type: 'conversation.item.create',
        item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
      });
    return frame('hi' + '!'.repeat(bytes - frame('hix').length) + 'x');
  };
  const crafted = message(HOSTILE_FRAME_BYTES);
  const create = JSON.stringify({ type: 'response.create' });
  const loop = async () => {
    while (!stopped) {
      const minted = await readerToken(edge).catch(() => undefined);
      // refused a token: the run is over or the edge refuses it; either way it stops here
      if (!minted) return;
      const { token, url } = minted;
      await new Promise<void>((resolve) => {
        const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } });
        // the next pair goes once the last is written; a refused write (the reader closed the
        // socket) ends this socket's loop, never spins on it
        const pump = (error?: Error) => {
          if (stopped) return ws.close();
          if (error || ws.readyState !== WebSocket.OPEN) return;
          ws.send(crafted);
          ws.send(create, pump);
          frames += 1;
        };
        ws.once('open', () => pump());
        ws.once('close', () => resolve());
        ws.once('error', () => resolve());
      });
    }
  };
  void loop();
  return { stop: () => (stopped = true), frames: () => frames };
}

export interface ReaderStep {
  readings: number;
  hostile: boolean;
  completed: number;
  turnP50: number;
  turnP95: number;
  /** workerd's memory with every session open, above idle, per session, MiB. */
  memoryPerSessionMiB: number;
  failures: string[];
}

async function step(
  edge: RunningWrangler,
  readings: number,
  withHostile: boolean,
): Promise<ReaderStep> {
  const workerd = async () => (await memoryOf(readProcesses(), inGroup(edge.pid))).rssMiB;
  const idle = await workerd();
  const enemy = withHostile ? hostile(edge.url) : undefined;
  const results = await Promise.all(Array.from({ length: readings }, () => reading(edge.url)));
  const busy = await workerd();
  enemy?.stop();
  for (const r of results) r.close();
  const turns = results.flatMap((r) => r.turnMs);
  return {
    readings,
    hostile: withHostile,
    completed: results.filter((r) => r.ok).length,
    turnP50: Math.round(percentile(turns, 50)),
    turnP95: Math.round(percentile(turns, 95)),
    memoryPerSessionMiB: Math.round(((busy - idle) / readings) * 100) / 100,
    failures: [...new Set(results.flatMap((r) => (r.error ? [r.error] : [])))].slice(0, 3),
  };
}

export async function readerLoad(
  counts = [50, 200],
): Promise<{ steps: ReaderStep[]; rows: BenchRow[] }> {
  const edge = await startWrangler({ vars: { LOAD_TEST_LIMITS: 'true' }, timeoutMs: 90_000 });
  try {
    await step(edge, 5, false); // warm-up: the first objects and routes compile
    const steps: ReaderStep[] = [];
    for (const n of counts) {
      steps.push(await step(edge, n, false));
      process.stdout.write(`reader: ${JSON.stringify(steps.at(-1))}\n`);
    }
    const first = counts[0] ?? 50;
    const calm = steps[0];
    const attacked = await step(edge, first, true);
    steps.push(attacked);
    const rows = steps.map((s) =>
      row(
        'scale-reader',
        `${s.readings} readings at once${s.hostile ? ' beside one hostile session' : ''}: turn p95 (${s.completed}/${s.readings} completed)`,
        s.turnP95,
        'ms',
        s.hostile && calm
          ? { name: `${first} readings without it`, value: calm.turnP95 }
          : undefined,
        `turn p50 ${s.turnP50} ms; workerd memory ${s.memoryPerSessionMiB} MiB per open session`,
      ),
    );
    return { steps, rows };
  } finally {
    await edge.stop();
  }
}

/** The Markdown table of the reader's steps, for docs/scaling.md. */
export function readerTable(steps: ReaderStep[]): string {
  const load = loadavg()[0] ?? 0;
  return [
    wrapProse(
      `Measured ${new Date().toISOString().slice(0, 10)}: the offline reader under \`wrangler dev\` (every Durable Object in one local workerd process), ${cpus().length} cores, 1-minute load average ${load.toFixed(1)} at the end (the run's own load included). A turn is one typed message to the end of every response it set off (the second turn draws the spread and hands off twice).`,
    ),
    '',
    '| readings at once | completed | turn p50 ms | turn p95 ms | workerd MiB per open session |',
    '| --- | --- | --- | --- | --- |',
    ...steps.map(
      (s) =>
        `| ${s.readings}${s.hostile ? ' + one hostile session' : ''} | ${s.completed}/${s.readings} | ${s.turnP50} | ${s.turnP95} | ${s.memoryPerSessionMiB} |`,
    ),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { steps } = await readerLoad();
  console.log(JSON.stringify(steps, null, 2));
}
