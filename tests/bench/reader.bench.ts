/**
 * The local reader: how many protocol events the engine sustains in-process (whole readings, end to
 * end, for about two seconds), against a bare JSON round-trip of the same number of frames in the
 * same run; and how long the real SDK takes from `connect()` to the first assistant message over
 * the Node host, against the bare WebSocket handshake to `session.created`.
 *
 * Run alone: `node tests/bench/reader.bench.ts`; or in the suite with BENCH=reader.
 */
import { pathToFileURL } from 'node:url';
import { RealtimeAgent, RealtimeSession } from '@openai/agents-realtime';
import WebSocket from 'ws';
import { startReaderServer } from '../support/reader-node-host.ts';
import { ReaderSession } from '../../reader/protocol/engine.ts';
import { MAX_FRAME_BYTES } from '../../reader/protocol/limits.ts';
import { inProcess, runReading } from '../support/reader-driver.ts';
import { median, percentile, row, type BenchRow } from './stats.ts';

/** One whole reading, a follow-up and a clarification card; returns the server events. */
function oneReading(): readonly object[] {
  const { driver, session } = inProcess();
  runReading(driver);
  driver.say('What does the Future card say about my next step?');
  driver.say('Could you draw a clarification card?');
  session.close();
  if (driver.agent !== 'Followup') throw new Error('the reading did not reach Followup');
  return driver.events;
}

function engineThroughput(durationMs: number): { eventsPerSecond: number; readingsPerSecond: number; sample: string[] } {
  const sample = oneReading().map((event) => JSON.stringify(event));
  let events = 0;
  let readings = 0;
  const start = performance.now();
  while (performance.now() - start < durationMs) {
    events += oneReading().length;
    readings += 1;
  }
  const seconds = (performance.now() - start) / 1000;
  return { eventsPerSecond: events / seconds, readingsPerSecond: readings / seconds, sample };
}

/** The floor: parse and re-serialise the same frames, nothing else. */
function jsonThroughput(frames: readonly string[], durationMs: number): number {
  let events = 0;
  const start = performance.now();
  while (performance.now() - start < durationMs) {
    for (const frame of frames) JSON.stringify(JSON.parse(frame));
    events += frames.length;
  }
  return events / ((performance.now() - start) / 1000);
}

async function firstMessageLatency(rounds: number): Promise<{ sdk: number[]; handshake: number[] }> {
  const server = await startReaderServer();
  const sdk: number[] = [];
  const handshake: number[] = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      // Bare: a WebSocket handshake and the first server frame.
      const token = await server.mintToken(crypto.randomUUID());
      const bareStart = performance.now();
      await new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(server.url, { headers: { Authorization: `Bearer ${token}` } });
        ws.once('message', () => {
          handshake.push(performance.now() - bareStart);
          ws.close();
          resolve();
        });
        ws.once('error', reject);
      });

      // The SDK: connect, send the question, wait for the reader's first reply.
      const agent = new RealtimeAgent({ name: 'IntentAssessment', instructions: 'Assess intent.' });
      const session = new RealtimeSession(agent, {
        transport: 'websocket',
        model: 'gpt-realtime',
        config: { outputModalities: ['text'] },
      });
      const sdkToken = await server.mintToken(crypto.randomUUID());
      const start = performance.now();
      await session.connect({ apiKey: sdkToken, url: server.url });
      await new Promise<void>((resolve) => {
        session.on('agent_end', () => resolve());
        session.sendMessage('What should I focus on in my career this year?');
      });
      sdk.push(performance.now() - start);
      session.close();
    }
  } finally {
    await server.close();
  }
  return { sdk, handshake };
}

/** A user message frame of exactly `bytes`: "hi", a run of "!", "x" (the old worst case). */
function worstCaseFrame(bytes: number): string {
  const frame = (text: string) =>
    JSON.stringify({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
    });
  return frame('hi' + '!'.repeat(bytes - frame('hix').length) + 'x');
}

/** Median ms for a fresh session to take one message of `bytes` and answer it. */
function messageTime(bytes: number, rounds: number): number {
  const frame = worstCaseFrame(bytes);
  const create = JSON.stringify({ type: 'response.create' });
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const session = new ReaderSession({ send: () => {} });
    session.start();
    const start = performance.now();
    session.handleMessage(frame);
    session.handleMessage(create);
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function readerBench(
  options: { durationMs?: number; rounds?: number } = {},
): Promise<BenchRow[]> {
  const durationMs = options.durationMs ?? 2000;
  const rounds = options.rounds ?? 20;
  const engine = engineThroughput(durationMs);
  const json = jsonThroughput(engine.sample, durationMs);
  const latency = await firstMessageLatency(rounds);
  const atCap = messageTime(MAX_FRAME_BYTES, 10);
  const oneKiB = messageTime(1024, 10);
  return [
    row(
      'reader',
      `a ${MAX_FRAME_BYTES / 1024} KiB message at the frame cap ("hi", "!"…, "x") → answer (median)`,
      atCap,
      'ms',
      { name: 'the same shape at 1 KiB', value: oneKiB },
    ),
    row('reader', 'engine events/s (whole readings, in-process)', engine.eventsPerSecond, 'events/s', {
      name: 'JSON round-trip of the same frames',
      value: json,
    }),
    row('reader', 'engine readings/s (to Followup + 2 follow-ups)', engine.readingsPerSecond, 'readings/s'),
    row(
      'reader',
      'SDK connect → first assistant message (median)',
      median(latency.sdk),
      'ms',
      { name: 'ws handshake → session.created', value: median(latency.handshake) },
    ),
    row('reader', 'SDK connect → first assistant message (p95)', percentile(latency.sdk, 95), 'ms'),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await readerBench();
  console.table(
    rows.map((r) => ({
      figure: r.name,
      value: `${r.value} ${r.unit}`,
      baseline: r.baseline ? `${r.baseline.value} ${r.unit} (${r.baseline.name})` : '',
      ratio: r.ratio ?? '',
    })),
  );
}
