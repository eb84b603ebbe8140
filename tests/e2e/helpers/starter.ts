import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
/**
 * LiveKit's own shape of front end against our stack, as its `agent-starter-react` runs it:
 * `npm start` given its settings through the environment alone (another origin allowed, the
 * LiveKit server of the global setup as "a LiveKit server of your own"), and a page on that other
 * origin that uses `livekit-client` directly: `TokenSource.endpoint()` with `agentName: 'bmo'`,
 * `Room.connect()`, typed chat on `lk.chat`, and BMO's words from `lk.transcription`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { TokenSourceResponseObject } from 'livekit-client';
import { HealthResponse } from '../../../contracts/api-schema.ts';
import { CHAT_TOPIC, TRANSCRIPTION_TOPIC } from '../../../contracts/livekit-schema.ts';
import { freeTcpPort } from '../../support/free-port.ts';
import { ROOT } from '../../support/paths.ts';

/** The starter's site: another origin, allowed only by `ALLOWED_ORIGINS` in npm start's environment. */
export const STARTER_ORIGIN = 'https://starter.invalid';

export interface LocalStack {
  /** The edge, e.g. http://127.0.0.1:12345. */
  base: string;
  /** Everything npm start printed, for failure messages. */
  output(): string;
  /** Ctrl-C, as a developer stops it. */
  stop(): Promise<void>;
}

/**
 * Resolves once `child` has printed `text` (`output()` holds what it printed so far). Fails at
 * once, with the output, if the child ends first: `npm start` stops every part when one fails (a
 * port taken, say), and waiting on for "Ready:" only hides why.
 */
export function untilPrinted(
  child: ChildProcess,
  output: () => string,
  text: string,
  timeoutMs = 90_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('close', ended);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (output().includes(text)) done();
    };
    const ended = (code: number | null, signal: string | null) =>
      done(new Error(`it ended (${code ?? signal}) before printing "${text}":\n${output()}`));
    const timer = setTimeout(
      () => done(new Error(`no "${text}" after ${timeoutMs} ms:\n${output()}`)),
      timeoutMs,
    );
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('close', ended);
    check();
  });
}

/**
 * What `npm start` under a test takes from the test's own environment: the path and home, and where
 * this machine keeps the tools it would otherwise make afresh in the clone (a `livekit-server`,
 * the speech recognizer's Python environment: `.ci/run` keeps both in its cache).
 */
export function toolEnv(): NodeJS.ProcessEnv {
  const { PATH, HOME, LIVEKIT_SERVER_BIN, RECOGNIZER_HOME } = process.env;
  return {
    PATH,
    HOME,
    ...(LIVEKIT_SERVER_BIN ? { LIVEKIT_SERVER_BIN } : {}),
    ...(RECOGNIZER_HOME ? { RECOGNIZER_HOME } : {}),
  };
}

/**
 * `npm start --skip-build` (on the dist/ this layer built) with `settings` in its environment and
 * nothing in a file; resolves once the edge answers and BMO's worker is up.
 */
export async function startLocalStack(settings: Record<string, string>): Promise<LocalStack> {
  const { LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET } = process.env;
  if (!LIVEKIT_URL || !LIVEKIT_API_KEY || !LIVEKIT_API_SECRET) {
    throw new Error('the global setup did not start LiveKit');
  }
  // the port the global setup's LiveKit server posts its webhooks to, so BMO joins this stack's rooms
  const port = Number(process.env.E2E_STACK_PORT);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error('the global setup gave no E2E_STACK_PORT');
  const state = mkdtempSync(join(tmpdir(), 'bmo-stack-state-'));
  const env: NodeJS.ProcessEnv = {
    ...toolEnv(),
    PORT: String(port),
    EDGE_INSPECTOR_PORT: String(await freeTcpPort()),
    VOICE_PEER_PORT: String(await freeTcpPort()),
    RECOGNIZER_PORT: String(await freeTcpPort()),
    // its own Durable Object state: the global setup's edge holds the checkout's (SQLITE_BUSY)
    EDGE_PERSIST_TO: state,
    BMO_AGENT_HTTP_PORT: String(await freeTcpPort()),
    LIVEKIT_URL,
    LIVEKIT_API_KEY,
    LIVEKIT_API_SECRET,
    ...settings,
  };
  let output = '';
  const start: ChildProcess = spawn(process.execPath, ['scripts/start.ts', '--skip-build'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => start.once('exit', () => resolve()));
  const stop = async () => {
    if (start.exitCode === null && start.signalCode === null) start.kill('SIGINT');
    await exited;
    rmSync(state, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await untilPrinted(start, () => output, `Ready: ${base}`);
    await expect
      .poll(async () => HealthResponse.parse(await (await fetch(`${base}/api/health`)).json()), {
        timeout: 60_000,
      })
      .toMatchObject({ livekit: true, agent: 'up' });
  } catch (error) {
    await stop();
    throw new Error(`npm start did not come up: ${String(error)}\n--- output ---\n${output}`);
  }
  return { base, output: () => output, stop };
}

type LiveKitClient = typeof import('livekit-client');
type Room = InstanceType<LiveKitClient['Room']>;

/** What the starter page keeps on `window` between steps. */
interface StarterState {
  LivekitClient: LiveKitClient;
  details?: TokenSourceResponseObject;
  room?: Room;
  /** BMO's words, one entry per transcription stream from an agent participant. */
  said: string[];
}

/**
 * The `livekit-client` a starter runs: today's, or the one LiveKit's `agent-starter-react`
 * lockfile pins (2.17.2, installed as `livekit-client-2-17`), as a site that never upgraded has it.
 */
export type StarterClient = 'livekit-client' | 'livekit-client-2-17';

/** Opens the starter's page on its own origin, with that livekit-client's bundle loaded. */
export async function openStarter(
  page: Page,
  client: StarterClient = 'livekit-client',
): Promise<void> {
  await page.route(`${STARTER_ORIGIN}/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>starter</title><script src="/livekit-client.js"></script></html>',
    }),
  );
  await page.route(`${STARTER_ORIGIN}/livekit-client.js`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      path: join(ROOT, 'node_modules', client, 'dist/livekit-client.umd.js'),
    }),
  );
  await page.goto(`${STARTER_ORIGIN}/`);
}

/**
 * Fetches the connection details as the starter does, with LiveKit's explicit-dispatch setting,
 * and reads the room from the token the source decodes and caches (which a client that refuses
 * a field of the token fails at). Resolves with the room the edge made.
 */
export async function fetchStarterToken(page: Page, base: string): Promise<string> {
  return page.evaluate(async (tokenUrl) => {
    const w = window as unknown as StarterState;
    const source = w.LivekitClient.TokenSource.endpoint(tokenUrl);
    w.details = await source.fetch({ agentName: 'bmo' });
    const room = source.getCachedResponseJwtPayload()?.video?.room;
    if (!room) throw new Error('the token names no room');
    return room;
  }, `${base}/api/livekit/token`);
}

/** Joins with the fetched details, gathering what agent participants say. */
export async function joinStarterRoom(page: Page): Promise<void> {
  await page.evaluate(
    async ({ transcriptionTopic }) => {
      const w = window as unknown as StarterState;
      const lk = w.LivekitClient;
      if (!w.details) throw new Error('no connection details yet');
      const room = new lk.Room();
      w.said = [];
      room.registerTextStreamHandler(transcriptionTopic, async (reader, { identity }) => {
        const text = await reader.readAll();
        const sender = room.getParticipantByIdentity(identity);
        if (sender?.kind === lk.ParticipantKind.AGENT) w.said.push(text);
      });
      await room.connect(w.details.serverUrl, w.details.participantToken);
      w.room = room;
    },
    { transcriptionTopic: TRANSCRIPTION_TOPIC },
  );
}

/** What BMO has said in the starter's room so far. */
export function starterHeard(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as StarterState).said]);
}

/** Types a question on `lk.chat`, as the starter's chat input does. */
export async function starterSays(page: Page, text: string): Promise<void> {
  await page.evaluate(
    async ({ message, chatTopic }) => {
      const { room } = window as unknown as StarterState;
      if (!room) throw new Error('not in a room');
      await room.localParticipant.sendText(message, { topic: chatTopic });
    },
    { message: text, chatTopic: CHAT_TOPIC },
  );
}

/** Leaves the room. */
export async function leaveStarterRoom(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (window as unknown as StarterState).room?.disconnect();
  });
}
