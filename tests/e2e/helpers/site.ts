/**
 * A site owner's page on another origin, for the embed tests: Playwright fulfils it (Chromium
 * sees a public page) and it loads our elements by script tag from the edge under test.
 */
import type { Locator, Page } from '@playwright/test';
import { VISITOR_ORIGIN } from '../global-setup.ts';

/** The site allowed to call the edge in the e2e run (`ALLOWED_ORIGINS`, set by the global setup). */
export const EMBED_SITE = VISITOR_ORIGIN;

/** Serves `body` as the site's page at `${EMBED_SITE}/`, loading `/embed/<family>.js`, and opens it. */
export async function openSite(
  page: Page,
  options: {
    baseURL: string;
    family: 'tarot' | 'tarot-cards' | 'bmo' | 'voice';
    body: string;
    head?: string;
  },
): Promise<void> {
  await page.route(`${EMBED_SITE}/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A site</title>
        <script type="module" src="${options.baseURL}/embed/${options.family}.js"></script>
        ${options.head ?? ''}</head><body>${options.body}</body></html>`,
    }),
  );
  await page.goto(`${EMBED_SITE}/`);
}

/** Everything an embedded element shows, as text (its shadow roots included). */
export async function shownText(element: Locator): Promise<string> {
  return element.evaluate((root) => {
    const parts: string[] = [];
    const walk = (node: Node): void => {
      if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
      if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
      for (const child of node.childNodes) walk(child);
    };
    walk(root);
    return parts.join(' ').replace(/\s+/g, ' ');
  });
}
