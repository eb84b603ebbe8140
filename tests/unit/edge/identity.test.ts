/**
 * Who owns BMO's notes, as the edge decides it (edge/identity.ts): with Cloudflare Access
 * configured, a Cf-Access-Jwt-Assertion verified against the team's JWKS, which this test serves
 * itself on loopback and signs with; a forged, expired, wrong-audience or wrong-issuer JWT makes a
 * visitor. Without Access, local development's origin rule, and a visitor when deployed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey as JoseKey } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv, Bindings } from '../../../edge/env.ts';
import { accessLevel, startupWarnings } from '../../../edge/identity.ts';

const AUD = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const app = new Hono<AppEnv>().get('/who', async (c) => c.text(await accessLevel(c)));

let server: Server;
let team: string;
let signingKey: JoseKey;
let otherKey: JoseKey;
let jwksRequests = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'team-key', alg: 'RS256', use: 'sig' };
  server = createServer((request, response) => {
    if (request.url !== '/cdn-cgi/access/certs') {
      response.writeHead(404).end();
      return;
    }
    jwksRequests += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  team = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

function jwt(
  claims: { aud?: string; iss?: string; exp?: number; email?: string } = {},
  key: JoseKey = signingKey,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: claims.email ?? 'owner@example.com' })
    .setProtectedHeader({ alg: 'RS256', kid: 'team-key' })
    .setIssuer(claims.iss ?? team)
    .setAudience(claims.aud ?? AUD)
    .setIssuedAt(now - 10)
    .setExpirationTime(claims.exp ?? now + 600)
    .sign(key);
}

async function who(env: Bindings, headers: Record<string, string> = {}): Promise<string> {
  return (await app.request('http://edge.test/who', { headers }, env)).text();
}

const access = (extra: Partial<Bindings> = {}): Bindings => ({
  ACCESS_TEAM_DOMAIN: team,
  ACCESS_AUD: AUD,
  ACCESS_OWNER_EMAILS: 'owner@example.com',
  ...extra,
});

describe('with Cloudflare Access configured', () => {
  it('makes the owner of a request carrying a valid Access JWT, checked against the team’s JWKS', async () => {
    expect(await who(access(), { 'Cf-Access-Jwt-Assertion': await jwt() })).toBe('owner');
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it('makes a visitor of a forged JWT (signed by another key)', async () => {
    const forged = await jwt({}, otherKey);
    expect(await who(access(), { 'Cf-Access-Jwt-Assertion': forged })).toBe('visitor');
  });

  it('makes a visitor of an expired JWT', async () => {
    const expired = await jwt({ exp: Math.floor(Date.now() / 1000) - 60 });
    expect(await who(access(), { 'Cf-Access-Jwt-Assertion': expired })).toBe('visitor');
  });

  it('makes a visitor of a JWT for another application (wrong audience) or another team', async () => {
    expect(
      await who(access(), { 'Cf-Access-Jwt-Assertion': await jwt({ aud: 'another-app' }) }),
    ).toBe('visitor');
    expect(
      await who(access(), {
        'Cf-Access-Jwt-Assertion': await jwt({ iss: 'https://other.cloudflareaccess.com' }),
      }),
    ).toBe('visitor');
  });

  it('makes a visitor of a request with no JWT, an unsigned one, or junk', async () => {
    expect(await who(access())).toBe('visitor');
    const [header = '', payload = ''] = (await jwt()).split('.');
    const unsigned = `${btoa(JSON.stringify({ alg: 'none' }))}.${payload}.`;
    for (const bad of [unsigned, `${header}.${payload}.`, 'not-a-jwt', 'x'.repeat(9000)]) {
      expect(await who(access(), { 'Cf-Access-Jwt-Assertion': bad })).toBe('visitor');
    }
  });

  it('owns only the listed emails when ACCESS_OWNER_EMAILS is set', async () => {
    const env = access({ ACCESS_OWNER_EMAILS: 'Owner@Example.com, second@example.com' });
    expect(await who(env, { 'Cf-Access-Jwt-Assertion': await jwt() })).toBe('owner');
    const stranger = await jwt({ email: 'stranger@example.com' });
    expect(await who(env, { 'Cf-Access-Jwt-Assertion': stranger })).toBe('visitor');
  });

  it('with ACCESS_OWNER_EMAILS empty, owns nobody, however valid the JWT', async () => {
    for (const emails of ['', ' , ']) {
      const env = access({ ACCESS_OWNER_EMAILS: emails });
      expect(await who(env, { 'Cf-Access-Jwt-Assertion': await jwt() })).toBe('visitor');
    }
    expect(
      await who(access({ ACCESS_OWNER_EMAILS: undefined }), {
        'Cf-Access-Jwt-Assertion': await jwt(),
      }),
    ).toBe('visitor');
  });

  it('says so in the edge’s start-up log, and only then', async () => {
    expect(startupWarnings(access({ ACCESS_OWNER_EMAILS: '' }))).toEqual([
      expect.stringContaining('ACCESS_OWNER_EMAILS is empty'),
    ]);
    expect(startupWarnings(access())).toEqual([]);
    expect(startupWarnings({})).toEqual([]);
    // The edge's first request in a fresh isolate writes the start-up line.
    vi.resetModules();
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => errors.push(String(line)));
    const { app: edge } = await import('../../../edge/app.ts');
    await edge.request('http://edge.test/api/health', {}, access({ ACCESS_OWNER_EMAILS: '' }));
    await edge.request('http://edge.test/api/health', {}, access({ ACCESS_OWNER_EMAILS: '' }));
    const starts = errors.filter((line) => line.includes('"edge_start"'));
    expect(starts).toHaveLength(1);
    expect(starts[0]).toContain('ACCESS_OWNER_EMAILS is empty');
  });

  it('is not fooled by the page’s own origin once Access decides, even in local development', async () => {
    expect(await who(access({ LOCAL_DEVELOPMENT: 'true' }), { origin: 'http://edge.test' })).toBe(
      'visitor',
    );
  });
});

describe('without Access', () => {
  it('in local development, the page’s own origin is the owner and any other a visitor', async () => {
    const local = { LOCAL_DEVELOPMENT: 'true' };
    expect(await who(local, { origin: 'http://edge.test' })).toBe('owner');
    expect(await who(local, { origin: 'https://elsewhere.example' })).toBe('visitor');
    expect(await who(local)).toBe('visitor');
  });

  it('deployed, everyone is a visitor, whatever they send', async () => {
    expect(
      await who({}, { origin: 'http://edge.test', 'Cf-Access-Jwt-Assertion': await jwt() }),
    ).toBe('visitor');
  });
});
