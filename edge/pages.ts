/**
 * The built page, as the worker serves it. Static files (scripts, styles, the embeds) come straight
 * from the assets binding (`not_found_handling = "none"` in wrangler.toml); what the binding has no
 * file for reaches the worker, and so do `/` and `/index.html` (`run_worker_first`):
 *
 * - a path that names a file (`/embed/nope.js`, `/assets/x.css`) is a 404: never the page's HTML,
 *   which a browser would run as a broken script or style;
 * - any other GET is a page route of the single-page app: the page's `index.html`, with a
 *   Content-Security-Policy whose `connect-src` lists only the hosts this deployment talks to.
 */
import type { Context } from 'hono';
import { type AppEnv, type Bindings, isLocalDevelopment } from './env.ts';

/** Paths that only ever hold files: a miss there is a 404, whatever the name looks like. */
const FILE_PREFIXES = ['/embed/', '/assets/'];

/** True when a path names a file (a known file folder, or a last segment with an extension). */
export function namesAFile(path: string): boolean {
  if (FILE_PREFIXES.some((prefix) => path.startsWith(prefix))) return true;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') && last !== 'index.html';
}

/** `wss://host` and `https://host` for a configured URL, or nothing if it does not parse. */
function originsOf(setting: string | undefined): string[] {
  if (!setting) return [];
  try {
    const url = new URL(setting);
    const secure = url.protocol === 'wss:' || url.protocol === 'https:';
    return [`${secure ? 'wss' : 'ws'}://${url.host}`, `${secure ? 'https' : 'http'}://${url.host}`];
  } catch {
    return [];
  }
}

function hostOf(setting: string): string | undefined {
  try {
    return new URL(setting).hostname;
  } catch {
    return undefined;
  }
}

/** The hosts the page may connect to, from the configuration: nothing else. */
export function connectSources(env: Bindings | undefined): string[] {
  // The page never talks to OpenAI: its calls and its relayed sessions go through this edge.
  const sources = new Set<string>(["'self'"]);
  for (const origin of originsOf(env?.LIVEKIT_URL)) sources.add(origin);
  if (env?.LIVEKIT_URL && hostOf(env.LIVEKIT_URL)?.endsWith('.livekit.cloud')) {
    // LiveKit Cloud moves a session to a regional host of the same project.
    sources.add('wss://*.livekit.cloud');
    sources.add('https://*.livekit.cloud');
  }
  for (const entry of (env?.CONNECT_SRC ?? '').split(',')) {
    for (const origin of originsOf(entry.trim())) sources.add(origin);
  }
  if (isLocalDevelopment(env)) {
    // A developer's own livekit-server and Vite on loopback ports.
    for (const host of ['127.0.0.1:*', 'localhost:*']) {
      sources.add(`http://${host}`);
      sources.add(`ws://${host}`);
    }
  }
  return [...sources];
}

export function contentSecurityPolicy(env: Bindings | undefined): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src ${connectSources(env).join(' ')}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Answers a GET the API and the static files did not: the page, or a 404 for a missing file. */
export async function servePage(c: Context<AppEnv>): Promise<Response | undefined> {
  const assets = c.env?.ASSETS;
  const method = c.req.method;
  if (!assets || (method !== 'GET' && method !== 'HEAD')) return undefined;
  const path = c.req.path;
  if (path.startsWith('/api/') || namesAFile(path)) return undefined;
  // The browser's own headers go along, so a reload's If-None-Match gets the binding's 304 (the
  // page it has is current): that is an answer too, not a miss.
  const page = await assets.fetch(new Request(new URL('/', c.req.url), c.req.raw));
  if (!page.ok && page.status !== 304) return undefined;
  const body = method === 'HEAD' || page.status === 304 ? null : page.body;
  const response = new Response(body, page);
  response.headers.set('Content-Security-Policy', contentSecurityPolicy(c.env));
  return response;
}
