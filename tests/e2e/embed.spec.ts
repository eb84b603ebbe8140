import { expect, test } from '@playwright/test';

// A site owner's page on another origin embeds one family from /embed/ and uses it.

// The site's page is fulfilled by Playwright (a "public" page to Chromium) while the edge runs on
// loopback; Local Network Access would refuse that script (and asks for a secure page, hence
// https). A real site and edge are both public.
test.use({ permissions: ['local-network-access'] });

test('another site loads the BMO family from /embed/ and shows a cassette it sets by property', async ({
  page,
  baseURL,
}) => {
  const asset = await page.request.get('/embed/bmo.js');
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-type']).toContain('javascript');
  expect(asset.headers()['access-control-allow-origin']).toBe('*');

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  await page.route('https://site.invalid/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>A site</title>
        <script type="module" src="${baseURL}/embed/bmo.js"></script>
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
  expect(errors).toEqual([]);
  // The family came alone: no other family and no SDK was loaded for it.
  expect(loaded.some((path) => /\/embed\/(tarot|voice)\.js$/.test(path))).toBe(false);
  expect(loaded.some((path) => /livekit-client/.test(path))).toBe(false);
});
