/**
 * A site owner's page on another origin, for the embed tests: Playwright fulfils it (Chromium
 * sees a public page) and it loads our elements by script tag from the edge under test.
 */
import type { Locator, Page } from '@playwright/test';
import { VISITOR_ORIGIN } from '../global-setup.ts';

type Family = 'tarot' | 'tarot-cards' | 'bmo' | 'voice';

/** What an embed test holds of the site it plays: the edge it embeds from, and its page. */
export interface Site {
  /** The edge under test (the config's baseURL): the page loads our elements from it. */
  edge: string;
  /** Serves `body` as the site's page, loading `/embed/<family>.js` from the edge, and opens it. */
  open(options: { family: Family; body: string; head?: string }): Promise<void>;
}

/** The site allowed to call the edge in the e2e run (`ALLOWED_ORIGINS`, set by the global setup). */
export const EMBED_SITE = VISITOR_ORIGIN;

/** Serves `body` as the site's page at `${EMBED_SITE}/`, loading `/embed/<family>.js`, and opens it. */
export async function openSite(
  page: Page,
  options: { baseURL: string; family: Family; body: string; head?: string },
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
