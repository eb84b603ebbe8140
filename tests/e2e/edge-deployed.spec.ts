import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ApiErrorBody, HealthResponse } from '../../contracts/api-schema.ts';
import { startWrangler, type RunningWrangler } from '../support/wrangler.ts';

// The edge as deployed (no local-development setting) under wrangler dev, on workerd with its real
// bindings (the rate limiter, the budget's Durable Object): what a script without a page gets.
// One wrangler for the whole file, its Durable Objects in a fresh directory, so every run starts
// with an unspent budget.

const SESSION = { sessionId: '5d7e1c2b-3a4f-4b6c-9d8e-7f6a5b4c3d2e', mode: 'text' };
let wrangler: RunningWrangler;
let siteverify: Server;
let state: string;

test.beforeAll(async () => {
  // A local stand-in for Turnstile's siteverify, answering as Cloudflare's does: "good-token" is a
  // pass solved on this page (127.0.0.1) by a reading's widget; anything else fails.
  siteverify = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          body.includes('good-token')
            ? { success: true, hostname: '127.0.0.1', action: 'reading' }
            : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  state = mkdtempSync(join(tmpdir(), 'edge-deployed-'));
  wrangler = await startWrangler({
    deployed: true,
    persistTo: state,
    vars: {
      READER_TOKEN_SECRET: 'deployed-e2e-secret',
      TURNSTILE_SECRET_KEY: 'deployed-e2e-turnstile',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}`,
      // One reading token (its 30-minute cap) per client and day.
      READING_MAX_MINUTES: '30',
      READING_MAX_TOKENS: '200000',
      DAILY_TOKEN_MINUTES: '30',
    },
  });
});

test.afterAll(async () => {
  await wrangler?.stop();
  await new Promise((resolve) => siteverify.close(resolve));
  rmSync(state, { recursive: true, force: true });
});

async function mint(headers: Record<string, string>) {
  const response = await fetch(`${wrangler.url}/api/voice/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(SESSION),
  });
  const text = await response.text();
  return { status: response.status, text };
}

const code = (text: string) => ApiErrorBody.parse(JSON.parse(text)).error.code;

test('deployed, the token route answers a script with no Origin, no Turnstile token or a spent budget, each with its error', async () => {
  const page = { origin: wrangler.url };

  const noOrigin = await mint({ 'x-turnstile-token': 'good-token' });
  expect(noOrigin.status).toBe(403);
  expect(code(noOrigin.text)).toBe('origin_required');

  const noTurnstile = await mint(page);
  expect(noTurnstile.status).toBe(401);
  expect(code(noTurnstile.text)).toBe('unauthorized');

  const first = await mint({ ...page, 'x-turnstile-token': 'good-token' });
  expect(first.status, first.text).toBe(200);
  expect(first.text).toContain('"engine":"local"');

  const spent = await mint({ ...page, 'x-turnstile-token': 'good-token' });
  expect(spent.status).toBe(429);
  expect(code(spent.text)).toBe('budget_exhausted');

  // Deployed, health says the edge is up and names no engine.
  const health = await (await fetch(`${wrangler.url}/api/health`)).text();
  expect(health).not.toMatch(/reader|local|openai/);
});

test('deployed with a minute cap of 0, no token route hands out anything, and health says which setting', async () => {
  const caps = mkdtempSync(join(tmpdir(), 'edge-deployed-caps-'));
  const edge = await startWrangler({
    deployed: true,
    persistTo: caps,
    vars: {
      READER_TOKEN_SECRET: 'deployed-e2e-secret',
      OPENAI_API_KEY: 'sk-deployed-e2e-never-called',
      TURNSTILE_NOT_REQUIRED: 'true',
      READING_MAX_MINUTES: '0',
      READING_MAX_TOKENS: '200000',
    },
  });
  try {
    const page = { origin: edge.url, 'content-type': 'application/json' };
    for (const [path, body] of [
      ['/api/voice/token', JSON.stringify(SESSION)],
      ['/api/voice/token', JSON.stringify({ ...SESSION, mode: 'voice' })],
      ['/api/livekit/token', '{}'],
    ] as const) {
      const response = await fetch(`${edge.url}${path}`, { method: 'POST', headers: page, body });
      const text = await response.text();
      expect(response.status, path).toBe(503);
      expect(code(text), path).toBe('misconfigured');
      expect(text).not.toContain('ek_');
    }
    const health = await fetch(`${edge.url}/api/health`);
    expect(health.status).toBe(503);
    const body = ApiErrorBody.parse(await health.json());
    expect(body.error.code).toBe('misconfigured');
    expect(body.error.issues?.map((issue) => issue.path)).toEqual(['READING_MAX_MINUTES']);
  } finally {
    await edge.stop();
    rmSync(caps, { recursive: true, force: true });
  }
});

test("deployed, the site's ceiling refuses the next client once the day is spent, across clients and the /64s of one /48", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'edge-deployed-ceiling-'));
  // a client one reading token (30 minutes) a day, so its /48 four; the site five in all
  const edge = await startWrangler({
    deployed: true,
    persistTo: dir,
    vars: {
      READER_TOKEN_SECRET: 'deployed-e2e-secret',
      READING_MAX_MINUTES: '30',
      READING_MAX_TOKENS: '200000',
      DAILY_TOKEN_MINUTES: '30',
      SITE_DAILY_MINUTES: '150',
    },
  });
  try {
    const from = async (address: string) => {
      const response = await fetch(`${edge.url}/api/voice/token`, {
        method: 'POST',
        headers: {
          origin: edge.url,
          'content-type': 'application/json',
          'cf-connecting-ip': address,
        },
        body: JSON.stringify(SESSION),
      });
      const text = await response.text();
      return { status: response.status, code: response.ok ? undefined : code(text), text };
    };
    // a tunnel broker's /48: four of its /64s (in four /56s) get a token each, the fifth does not
    for (const n of [1, 2, 3, 4]) {
      expect((await from(`2001:db8:7:${n}00::1`)).status, `/64 number ${n}`).toBe(200);
    }
    const network = await from('2001:db8:7:500::1');
    expect(network.status).toBe(429);
    expect(network.text).toContain('Your network');
    // an address elsewhere takes the site's last token of the day; the next client gets none
    expect((await from('198.51.100.1')).status).toBe(200);
    const spent = await from('203.0.113.9');
    expect(spent.status).toBe(503);
    expect(spent.code).toBe('site_spent');
    expect(spent.text).not.toContain('ek_');
    const health = HealthResponse.parse(await (await fetch(`${edge.url}/api/health`)).json());
    expect(health.ceiling).toBe('spent');
  } finally {
    await edge.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
