/**
 * Where an element finds the edge, without the edge client: the first load of every family needs
 * the URL (an element's `api-base` or `token-url`), while the client itself, with the contract's
 * schemas, loads with a session (shared/edge-client.ts re-exports this).
 */
import { trimTrailingSlashes } from './trim-slashes.ts';

/** `path` below `apiBase` (an origin; trailing slashes ignored), or below this page's origin. */
export function apiUrl(apiBase: string | undefined, path: string): string {
  return `${trimTrailingSlashes((apiBase ?? '').trim())}${path}`;
}
