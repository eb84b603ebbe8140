/**
 * The e2e tests' `test`: Playwright's, with the fixtures several specs share. `pageErrors` holds
 * every error the test's page raises, and fails the test at its end if there was one; `site` (a
 * site owner's page embedding our elements) and `readerSockets` (the offline reader's sockets,
 * watched) take it, since our elements must never throw on a page.
 *
 * `site` also grants Local Network Access: Playwright fulfils the site's page (a public page to
 * Chromium) while the edge runs on loopback, and Chromium would refuse that page's requests to it.
 * A real site and edge are both public.
 */
import { test as base, expect } from '@playwright/test';
import { type ReaderSockets, watchReaderSockets } from './reading-faults.ts';
import { type Site, openSite } from './site.ts';

export { expect };

export const test = base.extend<{
  pageErrors: string[];
  site: Site;
  readerSockets: ReaderSockets;
}>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'the errors the page raised').toEqual([]);
  },
  site: async ({ page, context, baseURL, pageErrors: _errors }, use) => {
    if (!baseURL) throw new Error('no baseURL');
    await context.grantPermissions(['local-network-access']);
    await use({ edge: baseURL, open: (options) => openSite(page, { ...options, baseURL }) });
  },
  readerSockets: async ({ page, pageErrors: _errors }, use) => {
    await use(await watchReaderSockets(page));
  },
});
