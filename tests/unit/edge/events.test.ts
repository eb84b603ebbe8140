import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ApiErrorBody } from '../../../contracts/api-schema.ts';
import { app } from '../../../edge/app.ts';
import type { Bindings } from '../../../edge/env.ts';
import { deployed } from '../../support/edge-env.ts';

// POST /api/events: the page's structured events reach the edge's logs, validated.

let lines: string[];
beforeEach(() => {
  lines = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
});
afterEach(() => vi.restoreAllMocks());

const post = (body: unknown, headers: Record<string, string> = {}, env: Bindings = deployed()) =>
  app.request(
    '/api/events',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    env,
  );

const transition = {
  event: 'agent_transition',
  sessionId: randomUUID(),
  time: new Date().toISOString(),
  from: 'IntentAssessment',
  to: 'SpreadGeneration',
  durationMs: 1200,
  contextSummary: { topic: 'career', hasHiddenConcern: false },
};

describe('POST /api/events', () => {
  it('logs a valid event as one JSON line and answers 204', async () => {
    const response = await post(transition);
    expect(response.status).toBe(204);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      source: 'browser',
      origin: 'none',
      ...transition,
    });
  });

  it('refuses an event with a field outside the contract (a transcript cannot ride along), logging nothing', async () => {
    const response = await post({ ...transition, transcript: 'my secret question' });
    expect(response.status).toBe(400);
    const body = ApiErrorBody.parse(await response.json());
    expect(body.error.code).toBe('bad_request');
    expect(JSON.stringify(body)).not.toContain('my secret question');
    expect(lines).toEqual([]);
  });

  it('refuses an unknown event name and a non-JSON body', async () => {
    expect((await post({ ...transition, event: 'keylogger' })).status).toBe(400);
    const text = await app.request(
      '/api/events',
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(transition),
      },
      deployed(),
    );
    expect(text.status).toBe(415);
    expect(lines).toEqual([]);
  });

  it('tags each event with the origin it came from', async () => {
    const response = await post(transition, { origin: 'http://localhost' });
    expect(response.status).toBe(204);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ origin: 'http://localhost' });
  });

  it('refuses an event whose maps pass their cap, logging nothing', async () => {
    const toolCalls = Object.fromEntries(
      Array.from({ length: 17 }, (_, index) => [`tool_${index}`, 1]),
    );
    const summary = {
      event: 'session_summary',
      sessionId: randomUUID(),
      time: new Date().toISOString(),
      durationMs: 1,
      transitions: 0,
      toolCalls,
      cardsDrawn: 0,
      averageToolMs: 0,
      agentDurationsMs: {},
    };
    const response = await post(summary);
    expect(response.status).toBe(400);
    expect(lines).toEqual([]);
  });

  it('fails closed without its rate-limit binding outside local development', async () => {
    const response = await post(transition, {}, {});
    expect(response.status).toBe(503);
    expect(lines).toEqual([]);
    const local = await post(transition, {}, { LOCAL_DEVELOPMENT: 'true' });
    expect(local.status).toBe(204);
  });
});
