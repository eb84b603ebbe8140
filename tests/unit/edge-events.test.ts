import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ApiErrorBody } from '../../contracts/api.ts';
import { app } from '../../edge/app.ts';

// POST /api/events: the page's structured events reach the edge's logs, validated.

let lines: string[];
beforeEach(() => {
  lines = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
});
afterEach(() => vi.restoreAllMocks());

const post = (body: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

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
    expect(JSON.parse(lines[0] ?? '')).toEqual({ source: 'browser', ...transition });
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
    const text = await app.request('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(transition),
    });
    expect(text.status).toBe(415);
    expect(lines).toEqual([]);
  });
});
