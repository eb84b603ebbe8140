/**
 * What `<bmo-assistant>` needs before a conversation: its token route and its limits. Kept apart
 * from the room's rules (rules.ts, which re-exports these), which parse packets with the contract's
 * schemas and so load with the session, not with the element.
 */
import { API_PATHS } from '../../contracts/api-paths.ts';
import { apiUrl } from '../shared/api-url.ts';
import { bmoEn } from './i18n/en.ts';

export const TOKEN_PATH = API_PATHS.livekitToken;
/** The token route on this page's origin, used when neither `api-base` nor `token-url` is set. */
export const DEFAULT_TOKEN_URL = TOKEN_PATH;
/** Longest typed message, from the text box or from the host's `send()`. */
export const MAX_CHAT_CHARS = 2000;
/** What the page says (in English) when BMO runs offline: it answers typed messages, nothing spoken. */
export const OFFLINE_NOTICE = bmoEn.offlineNotice;

/**
 * The token route for an element: `token-url` when set, else `{api-base}/api/livekit/token`
 * (trailing slashes of `api-base` ignored), else this page's own route.
 */
export function tokenUrlFor(apiBase: string, tokenUrl: string): string {
  if (tokenUrl.trim()) return tokenUrl.trim();
  return apiUrl(apiBase, TOKEN_PATH);
}
