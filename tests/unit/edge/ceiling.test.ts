/**
 * The site's ceiling (edge/ceiling.ts) and the per-network budgets (budget.ts), through the app as
 * deployed with the real objects in memory: the day's minutes across many clients, an IPv6 /48
 * whose /64s do not multiply a client's budget, the optional per-network (ASN) budget, the tokens
 * OpenAI reported, the readings and BMO sessions running at once with a network's share kept in
 * reserve, and a refusal that spends nothing.
 */
import { describe, expect, it } from 'vitest';
import { ApiErrorBody, HealthResponse } from '../../../contracts/api-schema.ts';
import { app } from '../../../edge/app.ts';
import {
  type CeilingAnswer,
  type CeilingCommand,
  SiteCeilingObject,
} from '../../../edge/ceiling.ts';
import { clientNetworks } from '../../../edge/client.ts';
import type { Bindings } from '../../../edge/env.ts';
import { deployed, memoryCeiling } from '../../support/edge-env.ts';

const SESSION = { sessionId: '8c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e', mode: 'text' };
/** A reading token costs its reading's cap: 30 minutes here. */
const env = (extra: Partial<Bindings> = {}): Bindings =>
  deployed({ READER_TOKEN_SECRET: 'deployed-secret', READING_MAX_MINUTES: '30', ...extra });

async function mint(bindings: Bindings, address: string, init: { cf?: unknown } = {}) {
  const body = JSON.stringify(SESSION);
  const request = new Request('http://edge.test/api/voice/token', {
    method: 'POST',
    headers: {
      origin: 'http://edge.test',
      'content-type': 'application/json',
      // as a browser sends it; without it the body limit remakes the request, and Node's Request
      // (unlike workerd's) drops `cf` on the way
      'content-length': String(body.length),
      [address.includes(':') ? 'cf-connecting-ipv6' : 'cf-connecting-ip']: address,
    },
    body,
  });
  if (init.cf) Object.defineProperty(request, 'cf', { value: init.cf });
  const response = await app.request(request, undefined, bindings);
  const text = await response.text();
  const code = response.ok ? undefined : ApiErrorBody.parse(JSON.parse(text)).error.code;
  return { status: response.status, code, text };
}

/** Asks the site's object directly, as the routes do. */
async function ask(bindings: Bindings, command: CeilingCommand): Promise<CeilingAnswer> {
  const namespace = bindings.SITE_CEILING;
  if (!namespace) throw new Error('no ceiling');
  const response = await namespace
    .get(namespace.idFromName('site'))
    .fetch(
      new Request('https://ceiling.internal/', { method: 'POST', body: JSON.stringify(command) }),
    );
  return (await response.json()) as CeilingAnswer;
}

const today = () => new Date().toISOString().slice(0, 10);

describe("the site's ceiling", () => {
  it("refuses the next client once the day's minutes are spent across clients, and charges nothing for it", async () => {
    const bindings = env({ SITE_DAILY_MINUTES: '90' });
    for (const address of ['198.51.100.1', '198.51.100.2', '2001:db8:a::1']) {
      expect((await mint(bindings, address)).status, address).toBe(200);
    }
    const refused = await mint(bindings, '203.0.113.9');
    expect(refused.status).toBe(503);
    expect(refused.code).toBe('site_spent');
    expect(refused.text).toContain('come back tomorrow');
    expect(refused.text).not.toContain('ek_');
    // nothing was lost: the site's count stands where three tokens put it
    expect((await ask(bindings, { op: 'status', day: today(), now: Date.now() })).minutes).toBe(90);
    const health = HealthResponse.parse(
      await (await app.request('/api/health', {}, bindings)).json(),
    );
    expect(health.ceiling).toBe('spent');
  });

  it("refuses every client once the day's OpenAI tokens are spent", async () => {
    const bindings = env({ SITE_DAILY_TOKENS: '1000' });
    expect((await mint(bindings, '198.51.100.1')).status).toBe(200);
    await ask(bindings, { op: 'spend', day: today(), tokens: 1000 });
    const refused = await mint(bindings, '198.51.100.2');
    expect(refused.status).toBe(503);
    expect(refused.code).toBe('site_spent');
  });

  it('fails closed deployed without its binding: no token, in plain words', async () => {
    const refused = await mint(env({ SITE_CEILING: undefined }), '198.51.100.1');
    expect(refused.status).toBe(503);
    expect(refused.code).toBe('not_configured');
    expect(refused.text).not.toContain('ek_');
  });
});

describe('budgets that do not multiply', () => {
  it("gives a /48's many /64s four clients' minutes in all, while another /48 still gets tokens", async () => {
    // a client 60 minutes (two tokens), so its /48 240 (eight)
    const bindings = env({ DAILY_TOKEN_MINUTES: '60' });
    const granted: number[] = [];
    for (let n = 1; n <= 10; n++) {
      const address = `2001:db8:77:${n.toString(16)}00::1`;
      granted.push((await mint(bindings, address)).status);
    }
    expect(granted.filter((status) => status === 200)).toHaveLength(8);
    const refused = await mint(bindings, '2001:db8:77:ff00::1');
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('budget_exhausted');
    expect(refused.text).toContain('Your network');
    expect((await mint(bindings, '2001:db8:78::1')).status).toBe(200);
  });

  it("gives back the client's minutes when its network refuses, so the refusal spends nothing", async () => {
    const bindings = env({ DAILY_TOKEN_MINUTES: '60' });
    // one /56 (120 minutes, four tokens): four of its /64s each take one, the fifth is refused
    for (const n of [0, 1, 2, 3]) {
      expect((await mint(bindings, `2001:db8:5:10${n}::1`)).status).toBe(200);
    }
    const refused = await mint(bindings, '2001:db8:5:104::1');
    expect(refused.status).toBe(429);
    // refused by its /56 after the site and its /64 had been charged: both were given back, so the
    // site counts only the four tokens handed out, and that /64 still has its own two tokens
    expect((await ask(bindings, { op: 'status', day: today(), now: Date.now() })).minutes).toBe(
      120,
    );
    const namespace = bindings.CLIENT_BUDGETS;
    if (!namespace) throw new Error('no budgets');
    const own = await namespace.get(namespace.idFromName('2001:db8:5:104::/64')).fetch(
      new Request('https://b/', {
        method: 'POST',
        body: JSON.stringify({ day: today(), minutes: 0, limit: 60 }),
      }),
    );
    expect(await own.json()).toMatchObject({ ok: true, used: 0 });
    // another household of the same /48 spends as before
    expect((await mint(bindings, '2001:db8:5:200::1')).status).toBe(200);
  });

  it('with ASN_DAILY_TOKEN_MINUTES, charges the network Cloudflare names, and only then', async () => {
    const asn = { asn: 64_500 };
    const off = env();
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await mint(off, address, { cf: asn })).status).toBe(200);
    }
    const on = env({ ASN_DAILY_TOKEN_MINUTES: '60' });
    expect((await mint(on, '198.51.100.1', { cf: asn })).status).toBe(200);
    expect((await mint(on, '198.51.100.2', { cf: asn })).status).toBe(200);
    const refused = await mint(on, '198.51.100.3', { cf: asn });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Your network');
    expect((await mint(on, '198.51.100.3', { cf: { asn: 64_501 } })).status).toBe(200);
  });

  it('names an IPv6 client by its /64 and its wider networks by /56 and /48; an IPv4 one by its /24', () => {
    expect(clientNetworks('2001:db8:1:ab12:1:2:3:4')).toEqual({
      client: '2001:db8:1:ab12::/64',
      wider: ['2001:db8:1:ab00::/56', '2001:db8:1::/48'],
      network: '2001:db8:1::/48',
    });
    expect(clientNetworks('198.51.100.7')).toEqual({
      client: '198.51.100.7',
      wider: [],
      network: '198.51.100.0/24',
    });
  });
});

describe('sessions at once', () => {
  function ceiling() {
    const stored = new Map<string, unknown>();
    const object = new SiteCeilingObject({
      storage: {
        get: async <T>(key: string) => stored.get(key) as T | undefined,
        put: async (key: string, value: unknown) => void stored.set(key, structuredClone(value)),
      },
    });
    return async (command: CeilingCommand) =>
      (await (
        await object.fetch(
          new Request('https://c/', { method: 'POST', body: JSON.stringify(command) }),
        )
      ).json()) as CeilingAnswer;
  }

  it('holds readings to the limit until one ends or passes its cap', async () => {
    const site = ceiling();
    const now = Date.now();
    const lease = (id: string, at = now) =>
      site({ op: 'lease', kind: 'reading', id, now: at, until: at + 60_000, limit: 2 });
    expect((await lease('a')).ok).toBe(true);
    expect((await lease('b')).ok).toBe(true);
    expect(await lease('c')).toMatchObject({ ok: false, reason: 'full', reading: 2 });
    await site({ op: 'release', id: 'a' });
    expect((await lease('c')).ok).toBe(true);
    // a lease whose end never came frees itself at its cap
    expect((await lease('d', now + 61_000)).ok).toBe(true);
  });

  it("keeps BMO's reserve: one network holds its share, a visitor from another still gets BMO", async () => {
    const site = ceiling();
    const now = Date.now();
    const bmo = (id: string, network: string) =>
      site({
        op: 'lease',
        kind: 'bmo',
        id,
        now,
        until: now + 60_000,
        limit: 8,
        network,
        networkLimit: 2,
      });
    expect((await bmo('r1', '2001:db8:1::/48')).ok).toBe(true);
    expect((await bmo('r2', '2001:db8:1::/48')).ok).toBe(true);
    for (const id of ['r3', 'r4', 'r5']) {
      expect(await bmo(id, '2001:db8:1::/48')).toMatchObject({ ok: false, reason: 'network' });
    }
    expect((await bmo('r6', '198.51.100.0/24')).ok).toBe(true);
    expect(
      await site({ op: 'status', day: '2026-01-01', now, network: '2001:db8:1::/48' }),
    ).toMatchObject({
      bmo: 3,
      ofNetwork: 2,
    });
  });

  it('answers a malformed command with 400 and keeps what it holds', async () => {
    const stored = new Map<string, unknown>();
    const object = new SiteCeilingObject({
      storage: {
        get: async <T>(key: string) => stored.get(key) as T | undefined,
        put: async (key: string, value: unknown) => void stored.set(key, value),
      },
    });
    const post = (body: unknown) =>
      object.fetch(new Request('https://c/', { method: 'POST', body: JSON.stringify(body) }));
    await post({ op: 'spend', day: '2026-01-01', tokens: 5 });
    const bad = await post({ op: 'spend', day: 'today', tokens: -5 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'bad_request' } });
    expect(stored.get('spent')).toEqual({ day: '2026-01-01', minutes: 0, tokens: 5 });
  });
});

describe('the binding of the site', () => {
  it('is one object for the whole site, whoever asks', async () => {
    const bindings = env({ SITE_CEILING: memoryCeiling() });
    await mint(bindings, '198.51.100.1');
    await mint(bindings, '2001:db8::1');
    expect((await ask(bindings, { op: 'status', day: today(), now: Date.now() })).minutes).toBe(60);
  });
});
