/**
 * The page and the files beside it, as the worker serves what the assets binding has no file for:
 * a missing file is a 404 (never the page's HTML), a page route is the page, and the page's
 * Content-Security-Policy lets it connect only to the hosts this deployment is configured with.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../../contracts/api-schema.ts';
import { app } from '../../../edge/app.ts';
import type { Bindings } from '../../../edge/env.ts';
import { connectSources } from '../../../edge/pages.ts';
import { ROOT } from '../../support/paths.ts';

/** An assets binding like wrangler's with `not_found_handling = "none"`: `/` is the page, nothing else exists. */
function assets(requested: string[] = []): NonNullable<Bindings['ASSETS']> {
  return {
    fetch: async (request: Request) => {
      const path = new URL(request.url).pathname;
      requested.push(path);
      if (path !== '/') return new Response('', { status: 404 });
      // Like the real binding: a request that already holds this version gets a 304.
      if (request.headers.get('if-none-match') === '"page-v1"') {
        return new Response(null, { status: 304, headers: { etag: '"page-v1"' } });
      }
      return new Response('<!doctype html><title>page</title>', {
        headers: { 'content-type': 'text/html; charset=utf-8', etag: '"page-v1"' },
      });
    },
  };
}

function cspOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('files under /embed/ and /assets/', () => {
  it('answers a missing /embed/ script with a 404 in the common shape, never the page', async () => {
    const requested: string[] = [];
    for (const path of ['/embed/nope.js', '/embed/', '/embed/deep/er.mjs', '/assets/gone.css']) {
      const response = await app.request(path, {}, { ASSETS: assets(requested) });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(ApiErrorBody.parse(await response.json()).error.code).toBe('not_found');
    }
    // The page was never fetched to stand in for a file.
    expect(requested).toEqual([]);
  });

  it('answers any other missing file (a name with an extension) with 404 too', async () => {
    const response = await app.request('/favicon.ico', {}, { ASSETS: assets() });
    expect(response.status).toBe(404);
  });

  it('keeps wrangler from answering misses with the page before the worker sees them', () => {
    const toml = readFileSync(join(ROOT, 'wrangler.toml'), 'utf8');
    expect(toml).toMatch(/^not_found_handling = "none"$/m);
    expect(toml).toMatch(/^run_worker_first = \["\/api\/\*", "\/", "\/index\.html"\]$/m);
  });
});

describe('page routes', () => {
  it('serves the page for a page route and for /, with the built CSP', async () => {
    for (const path of ['/', '/bmo', '/reading/text', '/no/such/page']) {
      const response = await app.request(path, {}, { ASSETS: assets() });
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<title>page</title>');
      expect(cspOf(response).get('script-src')).toEqual(["'self'"]);
    }
  });

  it('answers a reload of a page route that already holds the page with a 304, not a 404', async () => {
    const response = await app.request(
      '/reading/text',
      { headers: { 'if-none-match': '"page-v1"' } },
      { ASSETS: assets() },
    );
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe('"page-v1"');
    expect(cspOf(response).get('script-src')).toEqual(["'self'"]);
  });

  it('lets the page connect to its own origin only when nothing else is configured', async () => {
    const response = await app.request('/', {}, { ASSETS: assets() });
    expect(cspOf(response).get('connect-src')).toEqual(["'self'"]);
  });

  it('adds exactly the configured LiveKit host, never OpenAI (the edge relays) nor any wss: or https:', async () => {
    const response = await app.request(
      '/',
      {},
      {
        ASSETS: assets(),
        OPENAI_API_KEY: 'sk-test',
        LIVEKIT_URL: 'wss://bmo.livekit.example',
      },
    );
    const sources = cspOf(response).get('connect-src') ?? [];
    expect(sources.sort()).toEqual(
      ["'self'", 'https://bmo.livekit.example', 'wss://bmo.livekit.example'].sort(),
    );
    for (const bare of ['wss:', 'https:', 'ws:', 'http:', '*']) expect(sources).not.toContain(bare);
  });

  it('allows loopback ports in local development, and never OpenAI', () => {
    const local = connectSources({ LOCAL_DEVELOPMENT: 'true', OPENAI_API_KEY: 'sk-test' });
    expect(local).toContain('ws://127.0.0.1:*');
    expect(local.join(' ')).not.toContain('openai.com');
    expect(connectSources({})).toEqual(["'self'"]);
  });

  it('follows LiveKit Cloud to its regional hosts, and adds the extra hosts a deployer names', () => {
    const cloud = connectSources({ LIVEKIT_URL: 'wss://bmo-x1y2.livekit.cloud' });
    expect(cloud).toContain('wss://bmo-x1y2.livekit.cloud');
    expect(cloud).toContain('wss://*.livekit.cloud');
    expect(connectSources({ LIVEKIT_URL: 'wss://livekit.example.com' })).not.toContain(
      'wss://*.livekit.cloud',
    );
    const extra = connectSources({ CONNECT_SRC: 'https://telemetry.example, not a url' });
    expect(extra).toEqual(["'self'", 'wss://telemetry.example', 'https://telemetry.example']);
  });

  it('ignores a LiveKit URL that does not parse rather than widening the policy', () => {
    expect(connectSources({ LIVEKIT_URL: 'not a url' })).toEqual(["'self'"]);
  });

  it('answers a POST to a page route with a 404, not the page', async () => {
    const response = await app.request('/bmo', { method: 'POST' }, { ASSETS: assets() });
    expect(response.status).toBe(404);
  });
});
