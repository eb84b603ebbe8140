import { expect, test } from '@playwright/test';

// The built page as a visitor meets it, served by `wrangler dev` with the API beside it.

test('the front page loads, offers both experiences, and has no console errors', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Voice agents' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Tarot reading/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Talk to BMO/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the page is served with security headers', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
});

test('an unknown page route falls back to the app, which says the page was not found', async ({
  page,
}) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the health route answers under wrangler dev, and API errors share one shape', async ({
  request,
}) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const body: unknown = await health.json();
  expect(body).toMatchObject({ status: 'ok', reader: 'local', livekit: true });

  const missing = await request.get('/api/nothing-here');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({
    error: { code: 'not_found', message: 'No route for GET /api/nothing-here.' },
  });
});

test('keyboard users can skip to the content and follow a link without a reload', async ({
  page,
}) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const marker = await page.evaluate(() => {
    (window as Window & { marker?: number }).marker = 42;
    return 42;
  });
  await page
    .getByRole('link', { name: /Talk to BMO|Tarot reading/ })
    .first()
    .click();
  // The router navigated in place: the window (and our marker) survived.
  expect(await page.evaluate(() => (window as Window & { marker?: number }).marker)).toBe(marker);
});
