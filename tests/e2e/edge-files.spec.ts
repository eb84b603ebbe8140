import { expect, test } from '@playwright/test';
import { ApiErrorBody } from '../../contracts/api-schema.ts';

// What wrangler dev serves beside the API: the embeds as JavaScript, a missing embed as a 404
// (never the page's HTML), and the page with a connect-src built from the configured hosts.

test('a missing /embed/ file is a 404 and an existing one is JavaScript', async ({ request }) => {
  const missing = await request.get('/embed/nope.js');
  expect(missing.status()).toBe(404);
  expect(ApiErrorBody.parse(await missing.json()).error.code).toBe('not_found');
  const present = await request.get('/embed/tarot.js');
  expect(present.status()).toBe(200);
  expect(present.headers()['content-type']).toContain('javascript');
});

test('the page’s connect-src lists configured hosts, never a bare wss: or https:', async ({
  request,
}) => {
  const page = await request.get('/bmo');
  expect(page.status()).toBe(200);
  const csp = page.headers()['content-security-policy'] ?? '';
  const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  expect(connect).toContain("'self'");
  for (const bare of ['wss:', 'https:', 'ws:', 'http:']) expect(connect).not.toContain(bare);
});

test('no source map is served, and the scripts point to none', async ({ request }) => {
  const embed = await request.get('/embed/tarot.js');
  expect(await embed.text()).not.toContain('sourceMappingURL');
  // The embed's hidden maps exist for the npm package; the site never serves them.
  const map = await request.get('/embed/tarot.js.map');
  expect(map.status()).toBe(404);
  const page = await (await request.get('/')).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
  if (!script) throw new Error('the page loads a script from /assets/');
  expect(await (await request.get(script)).text()).not.toContain('sourceMappingURL');
  expect((await request.get(`${script}.map`)).status()).toBe(404);
});
