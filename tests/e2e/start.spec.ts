import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { RoomServiceClient } from 'livekit-server-sdk';
import { HealthResponse } from '../../contracts/api-schema.ts';
import { freeTcpPort, freeUdpPort } from '../support/free-port.ts';
import { ROOT } from '../support/paths.ts';
import { RECOGNIZER_MODEL } from '../support/recognizer.ts';
import { toolEnv, untilPrinted } from './helpers/starter.ts';

// `npm start` as a newcomer runs it (on the dist/ this layer built): every part on the ports the
// settings name, a LiveKit server with keys made for this run, health per part, and Ctrl-C
// stopping every part.

test.describe.configure({ timeout: 150_000 });

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A site on another origin that the run allows through the environment alone. */
const STARTER_ORIGIN = 'https://starter.invalid';

test('npm start runs every part on the ports its settings name, reports each in /api/health, and Ctrl-C stops them all', async () => {
  const ports = {
    PORT: await freeTcpPort(),
    LIVEKIT_PORT: await freeTcpPort(),
    LIVEKIT_RTC_TCP_PORT: await freeTcpPort(),
    LIVEKIT_RTC_UDP_PORT: await freeUdpPort(),
    BMO_AGENT_HTTP_PORT: await freeTcpPort(),
    EDGE_INSPECTOR_PORT: await freeTcpPort(),
    VOICE_PEER_PORT: await freeTcpPort(),
    RECOGNIZER_PORT: await freeTcpPort(),
  };
  const env: NodeJS.ProcessEnv = {
    ...toolEnv(),
    ...Object.fromEntries(Object.entries(ports).map(([key, value]) => [key, String(value)])),
    // an edge setting from the environment, with no .dev.vars entry for it
    ALLOWED_ORIGINS: STARTER_ORIGIN,
  };
  let output = '';
  const start: ChildProcess = spawn(process.execPath, ['scripts/start.ts', '--skip-build'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    start.once('exit', (code) => resolve(code)),
  );

  try {
    await untilPrinted(start, () => output, 'Ready: ');
    const base = `http://127.0.0.1:${ports.PORT}`;
    expect(output).toContain(`Ready: ${base}`);

    // health per part: the reader's engine, LiveKit configured, the agent worker up
    await expect
      .poll(async () => HealthResponse.parse(await (await fetch(`${base}/api/health`)).json()), {
        timeout: 60_000,
      })
      .toMatchObject({ status: 'ok', reader: 'local', hears: true, livekit: true, agent: 'up' });

    // each part listens where its setting says
    expect((await fetch(`http://127.0.0.1:${ports.LIVEKIT_PORT}/`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${ports.BMO_AGENT_HTTP_PORT}/`)).status).toBe(200);
    expect(
      await (await fetch(`http://127.0.0.1:${ports.RECOGNIZER_PORT}/health`)).json(),
    ).toMatchObject({ status: 'ok', model: RECOGNIZER_MODEL });
    // ALLOWED_ORIGINS from the environment reached the edge: that origin may mint, another not
    const mintFrom = (origin: string) =>
      fetch(`${base}/api/livekit/token`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: '{}',
      });
    const allowed = await mintFrom(STARTER_ORIGIN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(STARTER_ORIGIN);
    expect((await mintFrom('https://elsewhere.invalid')).status).toBe(403);
    // the embeds were built and are served
    expect((await fetch(`${base}/embed/tarot.js`)).status).toBe(200);

    // the server runs on keys made for this run: LiveKit's public development key is refused
    const withDevKey = new RoomServiceClient(
      `http://127.0.0.1:${ports.LIVEKIT_PORT}`,
      'devkey',
      'secret',
    );
    await expect(withDevKey.listRooms()).rejects.toThrow();
    // no generated secret reached the terminal
    expect(output).not.toMatch(/LIVEKIT_API_SECRET=|apiSecret/);

    // Ctrl-C
    start.kill('SIGINT');
    expect(await exited).toBe(0);
    for (const port of [
      ports.PORT,
      ports.LIVEKIT_PORT,
      ports.BMO_AGENT_HTTP_PORT,
      ports.RECOGNIZER_PORT,
    ]) {
      await expect.poll(() => portOpen(port), { timeout: 15_000 }).toBe(false);
    }
    expect(output).toContain('Stopped every part.');
  } finally {
    // on a failure, still stop every part the way Ctrl-C does
    if (start.exitCode === null) {
      start.kill('SIGINT');
      await exited;
    }
  }
});
