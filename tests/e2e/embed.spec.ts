import { ApiErrorBody } from '../../contracts/api-schema.ts';
import { expect, test } from './helpers/fixtures.ts';

// A site owner's page on another origin embeds one family from /embed/ and uses it. The site's
// address is https: Chromium's Local Network Access asks for a secure page.

test('another site loads the BMO family from /embed/ and shows a cassette it sets by property', async ({
  page,
  site,
}) => {
  const asset = await page.request.get('/embed/bmo.js');
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-type']).toContain('javascript');
  expect(asset.headers()['access-control-allow-origin']).toBe('*');

  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  await page.route('https://site.invalid/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>A site</title>
        <script type="module" src="${site.edge}/embed/bmo.js"></script>
        <main><h1>My site</h1><bmo-cassette-slot></bmo-cassette-slot></main></html>`,
    }),
  );
  await page.goto('https://site.invalid/');
  await page.evaluate(async () => {
    await customElements.whenDefined('bmo-cassette-slot');
    const slot = document.querySelector('bmo-cassette-slot') as HTMLElement & {
      cassette: { title: string; content: string };
    };
    slot.cassette = { title: 'Wi-Fi', content: 'guest-1234' };
  });
  await page.getByRole('button', { name: 'Open cassette: Wi-Fi' }).click();
  await expect(page.getByRole('dialog', { name: 'Wi-Fi' })).toContainText('guest-1234');
  // The family came alone: no other family and no SDK was loaded for it.
  expect(loaded.some((path) => /\/embed\/(tarot|voice)\.js$/.test(path))).toBe(false);
  expect(loaded.some((path) => /livekit-client/.test(path))).toBe(false);
});

test('another site embeds the whole BMO experience; our edge refuses that site, and the element says so in words', async ({
  page,
  site,
}) => {
  const tokenUrl = `${site.edge}/api/livekit/token`;
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));

  // Chromium's own network log, which sees the status of a response that CORS keeps from the page.
  // (With routing on, Playwright answers CORS preflights itself, so the POST is what reaches the
  // edge here; a real browser would stop at the edge's refused preflight, with the same outcome.)
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const tokenPosts = new Set<string>();
  const edgeStatus: number[] = [];
  const corsErrors: string[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url === tokenUrl && event.request.method === 'POST') {
      tokenPosts.add(event.requestId);
    }
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    if (tokenPosts.has(event.requestId)) edgeStatus.push(event.statusCode);
  });
  cdp.on('Network.loadingFailed', (event) => {
    if (tokenPosts.has(event.requestId)) corsErrors.push(event.corsErrorStatus?.corsError ?? '');
  });

  await page.route('https://site.invalid/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>A site</title>
        <script type="module" src="${site.edge}/embed/bmo.js"></script>
        <main><h1>My site</h1><bmo-assistant token-url="${tokenUrl}"></bmo-assistant></main></html>`,
    }),
  );
  await page.goto('https://site.invalid/');

  // The whole experience, under the site's own h1.
  await expect(page.getByRole('img', { name: 'BMO is not connected' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My site');
  await expect(page.getByRole('heading', { level: 2, name: 'Conversation' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Type to BMO' })).toBeDisabled();
  await expect(page.getByText('No cassette yet')).toBeVisible();

  await page.getByRole('button', { name: 'Connect without microphone' }).click();

  // The request reached our edge, whose origin guard refused it (403, readable by the page).
  await expect
    .poll(() => ({ edgeStatus, corsErrors }))
    .toEqual({ edgeStatus: [403], corsErrors: [] });
  const refusal = await page.request.post(tokenUrl, {
    headers: { origin: 'https://site.invalid', 'content-type': 'application/json' },
    data: {},
  });
  expect(refusal.status()).toBe(403);
  expect(ApiErrorBody.parse(await refusal.json()).error.code).toBe('forbidden_origin');

  // The element says why, offers a way out, and keeps working.
  await expect(page.getByRole('alert')).toContainText(
    "This site is not allowed to talk to BMO's server. The site's owner can allow it on the server.",
  );
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  await expect(page.getByText('Not connected', { exact: true })).toBeVisible();
  // Without a token there was nothing to join: the SDK never loaded.
  expect(loaded.some((path) => /livekit-client/.test(path))).toBe(false);
});

test('another site embeds a whole tarot reading with one element; choosing Text Chat asks our edge, which refuses that site, and the reading says so in words', async ({
  page,
  site,
}) => {
  const tokenUrl = `${site.edge}/api/voice/token`;
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  /** Whether any script loaded so far is the Realtime SDK (it alone offers this subprotocol). */
  const sdkLoaded = async (): Promise<boolean> => {
    for (const url of scripts) {
      if ((await (await page.request.get(url)).text()).includes('openai-insecure-api-key')) {
        return true;
      }
    }
    return false;
  };

  // Chromium's own network log sees the status of a response that CORS keeps from the page.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const tokenPosts = new Set<string>();
  const edgeStatus: number[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url === tokenUrl && event.request.method === 'POST') {
      tokenPosts.add(event.requestId);
    }
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    if (tokenPosts.has(event.requestId)) edgeStatus.push(event.statusCode);
  });

  await page.route('https://site.invalid/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>A site</title>
        <script type="module" src="${site.edge}/embed/tarot.js"></script>
        <main><h1>My site</h1><tarot-reading mode="choose" api-base="${site.edge}"></tarot-reading></main></html>`,
    }),
  );
  await page.goto('https://site.invalid/');

  // The mode selection, under the site's own h1; nothing heavy has loaded for it.
  const text = page.getByRole('button', { name: /Text Chat/ });
  await expect(text).toBeVisible();
  await expect(page.getByRole('button', { name: /Voice Reading/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My site');
  expect(await sdkLoaded()).toBe(false);

  const modes: unknown[] = [];
  await page.exposeFunction('recordMode', (mode: unknown) => modes.push(mode));
  await page.evaluate(() => {
    const record: unknown = Reflect.get(window, 'recordMode');
    document.addEventListener('tarot-reading-mode', (event) => {
      if (typeof record === 'function') record(event.detail.mode);
    });
  });
  await text.click();

  // The element switched in place to the text reading (the mode selection is gone; the event
  // reaches Node through an exposed function, so it is polled), and asked our edge for a token,
  // which the origin guard refused (403 for a site not in ALLOWED_ORIGINS, readable by the page).
  // The text box is not asserted here: the refusal may already have replaced it.
  await expect.poll(() => modes).toEqual(['text']);
  await expect(page.getByRole('button', { name: /Text Chat/ })).toHaveCount(0);
  await expect.poll(() => edgeStatus).toEqual([403]);
  const refusal = await page.request.post(tokenUrl, {
    headers: { origin: 'https://site.invalid', 'content-type': 'application/json' },
    data: { sessionId: crypto.randomUUID(), mode: 'text' },
  });
  expect(refusal.status()).toBe(403);
  expect(ApiErrorBody.parse(await refusal.json()).error.code).toBe('forbidden_origin');

  // The reading explains in words, with a way to try again, instead of breaking.
  // Shown in the reading's error panel and said in its own alert region, on a page with no
  // <voice-announcer>.
  await expect(page.locator('tarot-reading-text').getByRole('alert')).toHaveText(
    'This page is not allowed to start readings on this server.',
  );
  await expect(page.locator('tarot-reading voice-announcer').getByRole('alert')).toHaveText(
    'This page is not allowed to start readings on this server.',
  );
  await expect(page.getByText('The reading could not start.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  // Starting the session is what loaded the Realtime SDK.
  await expect.poll(sdkLoaded).toBe(true);
});

test('another site shows cards by themselves from /embed/tarot-cards.js, with no reading loaded', async ({
  page,
  site,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await site.open({
    family: 'tarot-cards',
    body: `<main><h1>Card of the day</h1>
      <tarot-card card-id="the-star"></tarot-card>
      <tarot-card card-id="ace-of-cups" reversed></tarot-card></main>`,
  });

  await expect(page.getByRole('img', { name: 'The Star, upright' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Ace of Cups, reversed' })).toBeVisible();
  // The card elements only: no reading element, and none of a reading's session code.
  expect(await page.evaluate(() => customElements.get('tarot-reading'))).toBeUndefined();
  expect(scripts.some((path) => /reading-controller|agents|dist-/.test(path))).toBe(false);
});
