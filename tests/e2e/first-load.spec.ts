import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { firstLoadOf, readManifest } from '../../scripts/bundle-weight.ts';
import { ROOT } from '../support/paths.ts';
import { expect, test } from './helpers/fixtures.ts';

// A first load is what a page fetches before anyone does anything: an entry's static imports and
// the import()s it fires by itself (scripts/bundle-weight.ts counts them, npm run budgets caps
// them). Each family's page and each hosted route is opened and left alone here; every script and
// style it fetched must be one its first load counts, so a budget never misses a byte that every
// visitor pays.

// Left alone means no user gesture, and Playwright's trace gives the page one (its snapshots run
// script as a user would), which would load what only a gesture loads (the cassette's sound).
test.use({ trace: 'off' });

/** What the page fetched below `prefix` until the network went quiet, as the manifest names it. */
async function fetchedUntilQuiet(page: Page, open: () => Promise<void>, prefix: string) {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith(prefix) && /\.(js|css)$/.test(path)) fetched.add(path.slice(prefix.length));
  });
  await open();
  await page.waitForLoadState('networkidle');
  return fetched;
}

/** Each family's elements as a site places them, with no option set. */
const FAMILIES = {
  voice:
    '<voice-speaker-button></voice-speaker-button><voice-transcript></voice-transcript><voice-agent-indicator></voice-agent-indicator><voice-announcer></voice-announcer>',
  tarot: '<tarot-reading></tarot-reading>',
  'tarot-cards': '<tarot-card-picker></tarot-card-picker><tarot-card-stage></tarot-card-stage>',
  bmo: '<bmo-assistant></bmo-assistant><bmo-cassette-slot></bmo-cassette-slot>',
} as const;

for (const [family, body] of Object.entries(FAMILIES)) {
  test(`a page embedding ${family}, left alone, fetches only what the family's first load counts`, async ({
    page,
    site,
  }) => {
    const manifest = readManifest(join(ROOT, 'dist', 'embed'));
    const key = Object.keys(manifest).find(
      (name) => manifest[name]?.isEntry && manifest[name].file === `${family}.js`,
    );
    expect(key, `the embed's ${family} entry`).toBeDefined();
    const counted = firstLoadOf(manifest, key ?? '', `embed ${family}`);
    const fetched = await fetchedUntilQuiet(
      page,
      () => site.open({ family: family as keyof typeof FAMILIES, body }),
      '/embed/',
    );
    expect(fetched.size).toBeGreaterThan(0);
    expect([...fetched].filter((file) => !counted.has(file))).toEqual([]);
  });
}

// /reading/text and /reading/voice are left out: to open one is the visitor's choice of a reading,
// which starts its session there and then (the bench weighs that session apart).
const ROUTES = {
  home: '/',
  reading: '/reading',
  bmo: '/bmo',
  docs: '/docs',
  'not-found': '/no/such/page',
} as const;

for (const [route, path] of Object.entries(ROUTES)) {
  test(`the hosted ${path}, left alone, fetches only what its first load counts`, async ({
    page,
    pageErrors: _errors,
  }) => {
    const manifest = readManifest(join(ROOT, 'dist'));
    const shellKey = Object.keys(manifest).find((name) => manifest[name]?.isEntry) ?? '';
    const routeKey = Object.keys(manifest).find((name) =>
      manifest[name]?.src?.endsWith(`/pages/${route}-page.ts`),
    );
    expect(routeKey, `the ${route} page's chunk`).toBeDefined();
    const counted = new Set([
      ...firstLoadOf(manifest, shellKey, 'page shell'),
      ...firstLoadOf(manifest, routeKey ?? '', `page ${route}`),
    ]);
    const fetched = await fetchedUntilQuiet(page, () => page.goto(path).then(() => undefined), '/');
    expect(fetched.size).toBeGreaterThan(0);
    expect([...fetched].filter((file) => !counted.has(file))).toEqual([]);
  });
}
