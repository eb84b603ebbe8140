/**
 * `GET /api/health` reports each part of BMO on a developer's own machine (the reader engine,
 * LiveKit configured, the agent worker up or down) and, deployed, nothing about which secrets are
 * set.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HealthResponse } from '../../../contracts/api-schema.ts';
import { app } from '../../../edge/app.ts';
import type { Bindings } from '../../../edge/env.ts';
import { DEPLOYED_CAPS } from '../../support/edge-env.ts';

const LIVEKIT = {
  LIVEKIT_URL: 'ws://127.0.0.1:7880',
  LIVEKIT_API_KEY: 'k',
  LIVEKIT_API_SECRET: 's',
};

async function health(env: Bindings) {
  const response = await app.request('/api/health', {}, env);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { body: HealthResponse.parse(JSON.parse(text)), text };
}

/** A stand-in for the worker's health endpoint, answering `status`. */
async function workerHealth(status: number) {
  const server = createServer((_req, res) => {
    res.writeHead(status);
    res.end(status === 200 ? 'OK' : 'unhealthy');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

describe('health per part', () => {
  it('reports the agent worker up when its health endpoint answers, down when it fails or is gone', async () => {
    const up = await workerHealth(200);
    const sick = await workerHealth(503);
    try {
      const local = { ...LIVEKIT, LOCAL_DEVELOPMENT: 'true' };
      expect((await health({ ...local, BMO_AGENT_HEALTH_URL: up.url })).body).toMatchObject({
        reader: 'local',
        livekit: true,
        agent: 'up',
      });
      expect((await health({ ...local, BMO_AGENT_HEALTH_URL: sick.url })).body.agent).toBe('down');
    } finally {
      await up.close();
      await sick.close();
    }
    const gone = await health({
      ...LIVEKIT,
      LOCAL_DEVELOPMENT: 'true',
      BMO_AGENT_HEALTH_URL: 'http://127.0.0.1:9/',
    });
    expect(gone.body.agent).toBe('down');
  });

  it('deployed, says the edge is up and names no part, no engine and no secret', async () => {
    const { body, text } = await health({
      ...DEPLOYED_CAPS,
      ...LIVEKIT,
      OPENAI_API_KEY: 'sk-secret',
    });
    expect(Object.keys(body).sort()).toEqual(['status', 'time']);
    expect(text).not.toMatch(/livekit|agent|sk-secret|openai|local|reader/i);
  });
});
