import { expect, test } from '@playwright/test';
import { type Page } from '@playwright/test';
import { recordAnnouncements, roomName } from './helpers/bmo-page.ts';

// Fault (docs/faults.md): the token route fails or hangs. The built page under `wrangler dev` and the
// shared `livekit-server --dev`; Playwright stands between the page and the token route, failing
// or holding requests before letting them reach the real edge. Getting past the fault is joining
// the room with the token the edge minted (BMO coming back through a failing route, on a real
// worker, is in bmo-faults-worker.spec.ts).

const TOKEN_TIMEOUT_MESSAGE =
  "BMO's server did not answer in time. Check your connection and retry.";

/** The page joined the LiveKit room with the edge's token and waits for BMO there. */
async function joined(page: Page, heard: () => Promise<string[]>): Promise<void> {
  await expect.poll(heard, { timeout: 20_000 }).toContain('Connected. Waiting for BMO to join.');
  expect(await roomName(page)).toMatch(/^bmo-[0-9a-f]{16}$/);
  await expect(page.locator('bmo-assistant').getByRole('alert')).toHaveText('');
}

/**
 * Records when the page starts each request to the token route, on the page's own clock (the one
 * its per-attempt limit and backoff run on); the route handlers run in this process, whose delays
 * would shift the gaps between attempts.
 */
async function recordTokenAttempts(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const starts: number[] = [];
    Object.assign(window, { tokenAttemptStarts: starts });
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/api/livekit/token')) starts.push(performance.now());
      return original(input, init);
    };
  });
  return () =>
    page.evaluate(() => (window as unknown as { tokenAttemptStarts: number[] }).tokenAttemptStarts);
}

test('the token route fails twice (a 502, then no connection), then answers: the page retries with growing waits, says it is still trying, and connects', async ({
  page,
}) => {
  test.setTimeout(60_000);
  let handled = 0;
  await page.route('**/api/livekit/token', async (route) => {
    handled += 1;
    if (handled === 1) return route.fulfill({ status: 502, body: 'Bad gateway' });
    if (handled === 2) return route.abort('connectionfailed');
    return route.continue();
  });
  const attemptStarts = await recordTokenAttempts(page);
  await page.goto('/bmo');
  const heard = await recordAnnouncements(page);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await joined(page, heard);

  const attempts = await attemptStarts();
  expect(attempts).toHaveLength(3);
  const [a1 = 0, a2 = 0, a3 = 0] = attempts;
  // backoff: 300 ms then 600 ms, each with jitter on its upper half
  expect(a2 - a1).toBeGreaterThanOrEqual(150);
  expect(a3 - a2).toBeGreaterThanOrEqual(300);
  const said = await heard();
  expect(said.indexOf("Still trying to reach BMO's server…")).toBeGreaterThanOrEqual(0);
  expect(said.indexOf("Still trying to reach BMO's server…")).toBeLessThan(
    said.indexOf('Connected. Waiting for BMO to join.'),
  );
});

test('a token route that never answers: each attempt is given up after 5 s, then the page says so in plain words and offers Retry, which connects once the route answers', async ({
  page,
}) => {
  test.setTimeout(60_000);
  let hold = true;
  await page.route('**/api/livekit/token', async (route) => {
    if (hold) return; // the request is left hanging
    return route.continue();
  });
  const attemptStarts = await recordTokenAttempts(page);
  await page.goto('/bmo');
  const heard = await recordAnnouncements(page);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const alert = page.locator('bmo-assistant').getByRole('alert');
  // 3 attempts of 5 s and two short backoffs: the message comes, never a wait forever
  await expect(alert).toContainText(TOKEN_TIMEOUT_MESSAGE, { timeout: 25_000 });
  const attempts = await attemptStarts();
  expect(attempts).toHaveLength(3);
  const [a1 = 0, a2 = 0, a3 = 0] = attempts;
  expect(a2 - a1).toBeGreaterThanOrEqual(5_000);
  expect(a3 - a2).toBeGreaterThanOrEqual(5_000);
  await expect(page.getByRole('img', { name: 'BMO is not connected' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Type to BMO' })).toBeDisabled();

  hold = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await joined(page, heard);
  expect(await attemptStarts()).toHaveLength(4);
});
