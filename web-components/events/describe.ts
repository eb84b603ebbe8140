/**
 * Short, safe descriptions for the logs: a clipped text, a readable message for anything thrown,
 * and the device a session runs on (kinds and flags, never an identifier).
 */
import type { DeviceInfo } from '../../contracts/events.ts';

/** Cuts text to `max` characters, so an overlong message shortens instead of being dropped. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A readable message for anything thrown or emitted as an error. A refused WebSocket handshake
 * reaches the page as a bare DOM `Event` (whose text is "[object Event]"): that becomes `fallback`.
 */
export function describeError(error: unknown, fallback = 'Something went wrong.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  if (typeof error === 'object' && error !== null) {
    // The SDK wraps transport errors as { type: 'error', error }.
    if ('error' in error && error.error !== error) {
      const inner: unknown = error.error;
      if (inner !== undefined && inner !== null) return describeError(inner, fallback);
    }
    // A Realtime server error event: { type: 'error', error: { message } } unwrapped above, or
    // the bare { message } object.
    if ('message' in error && typeof error.message === 'string' && error.message) {
      return error.message;
    }
  }
  return fallback;
}

function userAgentData(): { platform?: unknown; mobile?: unknown } | undefined {
  const nav: unknown = globalThis.navigator;
  if (typeof nav !== 'object' || nav === null || !('userAgentData' in nav)) return undefined;
  const data: unknown = nav.userAgentData;
  if (typeof data !== 'object' || data === null) return undefined;
  return {
    platform: 'platform' in data ? data.platform : undefined,
    mobile: 'mobile' in data ? data.mobile : undefined,
  };
}

/**
 * The device a session runs on, coarsely, for the session start log (the spec's "device info"):
 * the platform, whether it is a phone or tablet, and whether it takes touch. No identifiers.
 */
export function describeDevice(): DeviceInfo | undefined {
  const nav = globalThis.navigator;
  if (!nav) return undefined;
  const data = userAgentData();
  const userAgent = typeof nav.userAgent === 'string' ? nav.userAgent : '';
  const platform =
    typeof data?.platform === 'string' && data.platform
      ? data.platform
      : typeof nav.platform === 'string' && nav.platform
        ? nav.platform
        : 'unknown';
  return {
    platform: clip(platform, 60),
    mobile:
      typeof data?.mobile === 'boolean' ? data.mobile : /Mobi|Android|iPhone|iPad/i.test(userAgent),
    touch: typeof nav.maxTouchPoints === 'number' && nav.maxTouchPoints > 0,
  };
}
