/**
 * The hosted page's router: each route lazy-loads its page module (so a visitor downloads only the
 * page they open) and mounts the page's custom element in <main>. Same-origin link clicks become
 * history navigations (`navigation.ts`, which pages call too); focus moves to the new page's heading for screen-reader and keyboard users.
 */
import { isPlainClick } from '../shared/plain-click.ts';
import { trimTrailingSlashes } from '../shared/trim-slashes.ts';
import { NAVIGATE_EVENT, navigate } from './navigation.ts';

interface Route {
  title: string;
  tag: string;
  load: () => Promise<unknown>;
}

export const ROUTES: Record<string, Route> = {
  '/': { title: 'Voice agents', tag: 'page-home', load: () => import('./pages/home-page.ts') },
  '/reading': {
    title: 'Tarot reading',
    tag: 'page-reading',
    load: () => import('./pages/reading-page.ts'),
  },
  '/reading/text': {
    title: 'Text chat reading',
    tag: 'page-reading-text',
    load: () => import('./pages/reading-text-page.ts'),
  },
  '/reading/voice': {
    title: 'Voice reading',
    tag: 'page-reading-voice',
    load: () => import('./pages/reading-voice-page.ts'),
  },
  '/bmo': { title: 'BMO', tag: 'page-bmo', load: () => import('./pages/bmo-page.ts') },
  '/docs': { title: 'Elements', tag: 'page-docs', load: () => import('./pages/docs-page.ts') },
};

const NOT_FOUND: Route = {
  title: 'Page not found',
  tag: 'page-not-found',
  load: () => import('./pages/not-found-page.ts'),
};

export function routeFor(pathname: string): Route {
  const normalized = pathname.length > 1 ? trimTrailingSlashes(pathname) : pathname;
  return ROUTES[normalized] ?? NOT_FOUND;
}

let outlet: HTMLElement | null = null;
let renderCount = 0;

async function render(focus: boolean): Promise<void> {
  if (!outlet) return;
  const route = routeFor(location.pathname);
  const count = ++renderCount;
  await route.load();
  if (count !== renderCount) return; // a newer navigation won
  document.title = route.title === 'Voice agents' ? route.title : `${route.title} · Voice agents`;
  const page = document.createElement(route.tag);
  outlet.replaceChildren(page);
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

/** Starts the router on `main`. */
export function startRouter(main: HTMLElement): void {
  outlet = main;
  document.addEventListener('click', onClick);
  addEventListener('popstate', () => void render(true));
  addEventListener(NAVIGATE_EVENT, () => void render(true));
  void render(false);
}
