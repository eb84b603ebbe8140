import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { freeTcpPort } from '../support/free-port.ts';
import { run, writeReactApp, writeVanillaApp } from './helpers/consumer-apps.ts';
import { writeSvelteApp, writeVueApp } from './helpers/consumer-apps-sfc.ts';
import { exportedFiles, packFromCleanTree, type PackedPackage } from './helpers/package-tarball.ts';
import { ask, phaseOf } from './helpers/reading.ts';
import { EMBED_SITE } from './helpers/site.ts';

// The package as a site owner gets it: `npm pack` of web-components/ from a clean copy of the
// repository (its prepack builds it, as a release does), installed from the tarball
// into fresh Vite apps, vanilla TypeScript, React 19, Vue 3.5 and Svelte 5 (registry reached like
// any user), type-checked (typed event details and template types, and wrong ones that must
// fail), built with the bundler's defaults (tokens.css included), served, and rendered in
// Chromium, the Vue and Svelte apps also rendered on the server and hydrated; its installed tree
// holds nothing of the server side; each family imports in plain Node.

const SERVER_ONLY = ['@livekit/agents', '@livekit/rtc-node', 'hono', 'minisearch', 'sharp'];
const work = mkdtempSync(join(tmpdir(), 'va-consumers-'));
const apps = {
  vanilla: join(work, 'vanilla'),
  react: join(work, 'react'),
  vue: join(work, 'vue'),
  svelte: join(work, 'svelte'),
};
const servers: ChildProcess[] = [];
const urls: Partial<Record<keyof typeof apps, string>> = {};
let packed: PackedPackage | undefined;

function names(
  tree: { dependencies?: Record<string, unknown> },
  found = new Set<string>(),
): Set<string> {
  for (const [name, child] of Object.entries(tree.dependencies ?? {})) {
    found.add(name);
    names(child as { dependencies?: Record<string, unknown> }, found);
  }
  return found;
}

async function serve(dir: string): Promise<string> {
  const port = await freeTcpPort();
  const server = spawn(
    join(dir, 'node_modules', '.bin', 'vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: dir },
  );
  servers.push(server);
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(url).catch(() => undefined))?.status, { timeout: 30_000 })
    .toBe(200);
  return url;
}

const seconds = (ms: number) => Math.round(ms / 1000);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const started = Date.now();
  packed = await packFromCleanTree(work);
  const packedAt = Date.now();
  const { tarball } = packed;
  writeVanillaApp(apps.vanilla, tarball);
  writeReactApp(apps.react, tarball);
  writeVueApp(apps.vue, tarball);
  writeSvelteApp(apps.svelte, tarball);
  // One install per app, all at once: they share nothing but the tarball.
  const installs = await Promise.all(
    Object.values(apps).map((dir) => run('npm', ['install', '--no-audit', '--no-fund'], dir)),
  );
  for (const install of installs) expect(install.code, install.output).toBe(0);
  const installedAt = Date.now();
  const builds = await Promise.all(
    Object.values(apps).map((dir) => run('npm', ['run', 'build'], dir)),
  );
  for (const build of builds) expect(build.code, build.output).toBe(0);
  const builtAt = Date.now();
  for (const [name, dir] of Object.entries(apps))
    urls[name as keyof typeof apps] = await serve(dir);
  console.log(
    `consumer apps packed, installed, type-checked and built in ${seconds(Date.now() - started)} s (pack ${seconds(packedAt - started)} s, installs ${seconds(installedAt - packedAt)} s, type checks and builds ${seconds(builtAt - installedAt)} s)`,
  );
});

test.afterAll(() => {
  for (const server of servers) server.kill();
  rmSync(work, { recursive: true, force: true });
});

test('a clean tree packs the whole package: every export, the types and the manifest', () => {
  if (!packed) throw new Error('nothing packed');
  const files = new Set(packed.files);
  expect(exportedFiles().filter((path) => !files.has(path))).toEqual([]);
  expect(files).toContain('custom-elements.json');
  // The manifest was made with its config (the shipped paths come from its plugin), and every
  // module it names is in the tarball.
  expect(packed.output).not.toContain('Could not find a config file');
  const manifest = JSON.parse(
    readFileSync(join(work, 'clone', 'web-components', 'custom-elements.json'), 'utf8'),
  ) as { modules: { path: string }[] };
  const modules = manifest.modules.map((module) => module.path);
  expect(modules.length).toBeGreaterThanOrEqual(13);
  expect(modules.filter((path) => !files.has(path))).toEqual([]);
  for (const module of modules) expect(files).toContain(module.replace(/\.js$/, '.d.ts'));
  expect(
    [...files].filter(
      (path) =>
        !/^(dist\/|custom-elements\.json$|package\.json$|README\.md$|LICENSE$|CHANGELOG\.md$)/.test(
          path,
        ),
    ),
  ).toEqual([]);
});

test('the installed package holds nothing of the edge or the agent', async () => {
  for (const dir of Object.values(apps)) {
    const tree = await run('npm', ['ls', '--all', '--json'], dir);
    const installed = names(JSON.parse(tree.stdout) as { dependencies?: Record<string, unknown> });
    expect(installed.has('voice-agent-elements')).toBe(true);
    expect(installed.has('lit')).toBe(true);
    expect(SERVER_ONLY.filter((name) => installed.has(name))).toEqual([]);
  }
});

test('each entry imports in plain Node, with no DOM, and exports what it names', async () => {
  const entries: Record<string, string> = {
    voice: 'VoiceSpeakerButton',
    'voice/audio': 'PushToTalk',
    tarot: 'TarotReading',
    'tarot/cards': 'TarotCardPicker',
    'tarot/session': 'VoiceReadingSession',
    bmo: 'BmoAssistant',
    'bmo/session': 'BmoRoom',
  };
  for (const [entry, name] of Object.entries(entries)) {
    const imported = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import('voice-agent-elements/${entry}'); console.log('exports=' + Object.keys(m).join(','));`,
      ],
      apps.vanilla,
    );
    expect(imported.code, imported.output).toBe(0);
    expect(/exports=(.*)/.exec(imported.stdout)?.[1]?.split(','), entry).toContain(name);
  }
});

test('a wrong event detail field fails to type-check (the @ts-expect-error holds)', async () => {
  // Without the directive the same line is an error: remove it and tsc must fail.
  const check = await run(
    process.execPath,
    [
      '-e',
      `const fs = require('fs'); const p = 'src/typed-listener.ts'; fs.writeFileSync(p, fs.readFileSync(p, 'utf8').replace(/\\s*\\/\\/ @ts-expect-error[^\\n]*/, ''));`,
    ],
    apps.vanilla,
  );
  expect(check.code).toBe(0);
  const tsc = await run(
    join(apps.vanilla, 'node_modules', '.bin', 'tsc'),
    ['-p', '.'],
    apps.vanilla,
  );
  expect(tsc.code).not.toBe(0);
  expect(tsc.output).toContain(
    "Property 'content' does not exist on type 'BmoCassetteEventDetail'",
  );
});

// tokens.css's light colours, as Chromium computes them (the page follows the light scheme).
const ACCENT = 'rgb(122, 79, 0)';
const SURFACE_RAISED = 'rgb(240, 235, 250)';

// What the app's listeners recorded (the React app also records a field that does not exist).
const consumerEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { consumerEvents: unknown[] }).consumerEvents);

/**
 * The app shows each family with tokens.css imported: the elements painted in the tokens' colours
 * (a token the bundler made invalid leaves a card, a dialog or the button face unpainted), the
 * cassette and the picker's `excluded` bound as properties, their events heard.
 */
async function rendersEachFamily(page: Page, url: string): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Console errors and warnings too: an element refusing an attribute (an object bound as one)
  // logs an error, and so does a hydration that found other markup than the server wrote (Vue;
  // Svelte warns). A missing favicon is the preview server's, not the package's.
  page.on('console', (message) => {
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      !message.text().startsWith('Failed to load resource')
    )
      errors.push(`${message.type()}: ${message.text()}`);
  });
  await page.goto(url);
  await expect(page.locator('voice-agent-indicator')).toContainText('Listening');
  await expect(page.locator('tarot-card').getByRole('img', { name: /The Star/ })).toBeVisible();

  const cards = page.locator('tarot-card-picker [part="card"]');
  await expect(cards, 'every card but the excluded one').toHaveCount(77);
  await expect(cards.first()).toHaveCSS('border-top-color', ACCENT);
  await expect(cards.first()).not.toHaveCSS('background-image', 'none');
  const face = page.locator('voice-speaker-button [part="button"]');
  await expect(face).toBeVisible();
  await expect(face).not.toHaveCSS('background-image', 'none');

  const cassette = page.locator('bmo-cassette-slot').getByRole('button', { name: /Wi-Fi/ });
  await expect(cassette).toBeVisible();
  await cassette.click();
  await expect.poll(async () => (await consumerEvents(page))[0]).toBe('Wi-Fi');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('guest-1234');
  await expect(dialog).toHaveCSS('background-color', SURFACE_RAISED);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await cards.nth(10).click();
  await expect
    .poll(async () =>
      (await consumerEvents(page)).filter((event) => String(event).startsWith('pick:')),
    )
    .toHaveLength(1);
  expect(errors).toEqual([]);
}

test('the Vite vanilla-TypeScript app renders each family: a cassette set by property, an event received', async ({
  page,
}) => {
  await rendersEachFamily(page, urls.vanilla ?? '');
});

test('the React 19 app renders each family through JSX, setting the cassette as a property', async ({
  page,
}) => {
  await rendersEachFamily(page, urls.react ?? '');
});

test('the Vue 3.5 app, its families imported after mount, binds the cassette with .prop and hears the events', async ({
  page,
}) => {
  await rendersEachFamily(page, urls.vue ?? '');
});

test('the Svelte 5 app renders each family, binding the cassette and handlers as props', async ({
  page,
}) => {
  await rendersEachFamily(page, urls.svelte ?? '');
});

/** The server-rendered page of an app, as the server wrote it, before any script ran. */
async function serverHtml(url: string): Promise<string> {
  const response = await fetch(`${url}/ssr.html`);
  expect(response.status).toBe(200);
  return response.text();
}

test('the Vue 3.5 app rendered on the server and hydrated renders each family, with the console clean', async ({
  page,
}) => {
  const written = await serverHtml(urls.vue ?? '');
  expect(written).toContain('<bmo-cassette-slot></bmo-cassette-slot>');
  expect(written).toContain('<tarot-card card-id="the-star">');
  await rendersEachFamily(page, `${urls.vue ?? ''}/ssr.html`);
});

test('the Svelte 5 app rendered on the server, the cassette written as cassette="[object Object]", hydrates and renders each family with the console clean', async ({
  page,
}) => {
  // Svelte writes a custom element's props as attributes on the server; hydration sets the
  // properties before the elements' first update, so no element refuses its attribute.
  const written = await serverHtml(urls.svelte ?? '');
  expect(written).toContain('<bmo-cassette-slot cassette="[object Object]">');
  expect(written).toContain('excluded="the-fool"');
  await rendersEachFamily(page, `${urls.svelte ?? ''}/ssr.html`);
});

test('a wrong property type fails vue-tsc and svelte-check, with the package’s generated template types', async () => {
  // The apps' own components passed the same checkers in their builds.
  const [vue, svelte] = await Promise.all([
    run(join(apps.vue, 'node_modules', '.bin', 'vue-tsc'), ['-p', 'tsconfig.wrong.json'], apps.vue),
    run(
      join(apps.svelte, 'node_modules', '.bin', 'svelte-check'),
      ['--tsconfig', './tsconfig.wrong.json', '--output', 'machine'],
      apps.svelte,
    ),
  ]);
  expect(vue.code, vue.output).not.toBe(0);
  expect(vue.output).toContain("Type 'number' is not assignable to type 'CassetteInput'");
  expect(svelte.code, svelte.output).not.toBe(0);
  expect(svelte.output).toContain("Type 'number' is not assignable to type 'CassetteInput'");
  expect(svelte.output).toMatch(/is not assignable to type 'CustomEvent<number>'/);
  expect(svelte.output).toMatch(/COMPLETED \d+ FILES 2 ERRORS/);
});

test('the edge’s /embed/ bundle loaded beside the npm build neither throws nor takes the tags', async ({
  page,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(urls.vanilla ?? '');
  await expect(
    page.locator('bmo-cassette-slot').getByRole('button', { name: /Wi-Fi/ }),
  ).toBeVisible();
  const first = await page.evaluate(() => customElements.get('bmo-cassette-slot')?.name);
  const loaded = page.waitForResponse((response) => response.url().endsWith('/embed/bmo.js'));
  await page.addScriptTag({ url: `${baseURL}/embed/bmo.js`, type: 'module' });
  expect((await loaded).status()).toBe(200);
  await page.evaluate(() => {
    const second = document.createElement('bmo-cassette-slot');
    second.cassette = { title: 'Second copy', content: 'x' };
    document.body.append(second);
  });
  await expect(page.getByRole('button', { name: /Second copy/ })).toBeVisible();
  expect(await page.evaluate(() => customElements.get('bmo-cassette-slot')?.name)).toBe(first);
  expect(errors).toEqual([]);
});

test.describe('served on the site the edge allows', () => {
  // The site's page is fulfilled by Playwright (a public page to Chromium) while the edge runs on
  // loopback: Local Network Access would refuse its requests. A real site and edge are both public.
  test.use({ permissions: ['local-network-access'] });

  test('the Vite app starts a text reading on the offline reader of the running edge', async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('no baseURL');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The app's built files, served as the allowed site (ALLOWED_ORIGINS) would serve them.
    await page.route(`${EMBED_SITE}/**`, (route) => {
      const { pathname } = new URL(route.request().url());
      return route.fulfill({
        path: join(apps.vanilla, 'dist', pathname === '/' ? 'index.html' : pathname),
      });
    });
    await page.goto(`${EMBED_SITE}/?edge=${encodeURIComponent(baseURL)}`);
    const reading = page
      .locator('tarot-reading')
      .filter({ has: page.getByRole('region', { name: 'Consumer reading' }) });
    await expect(reading.locator('tarot-reading-text [part="connection"]')).toHaveText(
      'Connected',
      {
        timeout: 15_000,
      },
    );
    await expect(phaseOf(reading)).toHaveText('Intent Assessment');
    await ask(reading);
    expect(errors).toEqual([]);
  });
});
