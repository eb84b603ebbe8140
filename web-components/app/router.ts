/**
 * The hosted page's router: each route lazy-loads its page module (so a visitor downloads only the
 * page they open) and mounts the page's custom element in <main>. Same-origin link clicks become
 * history navigations (`navigation.ts`, which pages call too); focus moves to the new page's heading for screen-reader and keyboard users.
 */
import { isPlainClick } from '../shared/plain-click.ts';
import { trimTrailingSlashes } from '../shared/trim-slashes.ts';
import { NAVIGATE_EVENT, navigate } from './navigation.ts';
import { SITE_NAME_EN, titleEn } from './i18n/site-en.ts';
import type { PageStrings } from './i18n/strings.ts';

/**
 * A route: its page's element, and how to load it. The router hands the page the strings of the
 * page's language (its `strings`), and titles the tab with the page's heading and the site's name.
 */
interface Route {
  tag: string;
  load: () => Promise<unknown>;
}

export const ROUTES: Record<string, Route> = {
  '/': { tag: 'page-home', load: () => import('./pages/home-page.ts') },
  '/reading': { tag: 'page-reading', load: () => import('./pages/reading-page.ts') },
  '/reading/text': {
    tag: 'page-reading-text',
    load: () => import('./pages/reading-text-page.ts'),
  },
  '/reading/voice': {
    tag: 'page-reading-voice',
    load: () => import('./pages/reading-voice-page.ts'),
  },
  '/bmo': { tag: 'page-bmo', load: () => import('./pages/bmo-page.ts') },
  '/docs': { tag: 'page-docs', load: () => import('./pages/docs-page.ts') },
};

const NOT_FOUND: Route = { tag: 'page-not-found', load: () => import('./pages/not-found-page.ts') };

export function routeFor(pathname: string): Route {
  const normalized = pathname.length > 1 ? trimTrailingSlashes(pathname) : pathname;
  return ROUTES[normalized] ?? NOT_FOUND;
}

/**
 * What the router asks of a page: a `strings` field it sets before the page first renders (none in
 * English), and again, with an update, when the visitor switches language.
 */
interface Page extends HTMLElement {
  strings?: PageStrings;
  readonly updateComplete?: Promise<unknown>;
  requestUpdate?(): void;
}

let outlet: HTMLElement | null = null;
let renderCount = 0;
/** The page's strings in its language, when not English (the first route waits for them). */
let pageStrings: Promise<PageStrings | undefined> | undefined;

/** Titles the tab with the page's heading and the site's name: "Tarot reading · Voice agents". */
async function titleFor(page: Page, strings: PageStrings = {}): Promise<void> {
  await page.updateComplete;
  const heading = page.shadowRoot?.querySelector('h1')?.textContent?.trim();
  const site = strings.siteName ?? SITE_NAME_EN;
  document.title = heading && heading !== site ? (strings.title ?? titleEn)(heading, site) : site;
}

/** The visitor chose another language: the page in view takes its strings. */
export function showStrings(strings: PageStrings): void {
  pageStrings = Promise.resolve(strings);
  const shown = outlet?.firstElementChild;
  if (!(shown instanceof HTMLElement)) return;
  const page: Page = shown;
  page.strings = strings;
  page.requestUpdate?.();
  void titleFor(page, strings);
}

async function render(focus: boolean): Promise<void> {
  if (!outlet) return;
  const route = routeFor(location.pathname);
  const count = ++renderCount;
  const [, strings] = await Promise.all([route.load(), pageStrings]);
  if (count !== renderCount) return; // a newer navigation won
  const page: Page = document.createElement(route.tag);
  if (strings) page.strings = strings;
  outlet.replaceChildren(page);
  void titleFor(page, strings);
  if (focus) {
    await (page as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
    const heading = page.shadowRoot?.querySelector<HTMLElement>('h1') ?? outlet;
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: false });
  }
}

export { navigate };

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || !isPlainClick(event)) return;
  const anchor = event
    .composedPath()
    .find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
  if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  if (url.pathname === location.pathname && url.hash) return;
  event.preventDefault();
  navigate(url.pathname + url.search);
}

/** Starts the router on `main`; each route waits for `strings`, the page's in its language. */
export function startRouter(main: HTMLElement, strings?: Promise<PageStrings | undefined>): void {
  outlet = main;
  pageStrings = strings;
  document.addEventListener('click', onClick);
  addEventListener('popstate', () => void render(true));
  addEventListener(NAVIGATE_EVENT, () => void render(true));
  void render(false);
}
