/**
 * Asks the edge for a LiveKit token (`POST {api-base}/api/livekit/token`) and turns every answer
 * into either a grant or the words the page shows.
 */
import { LiveKitTokenResponse } from '../../contracts/livekit.ts';
import type { BmoError } from '../stores/bmo.ts';
import { tokenError, tokenRequestBody, unreachableMessage } from './rules.ts';

export interface TokenGrant {
  serverUrl: string;
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export type TokenOutcome =
  { ok: true; grant: TokenGrant } | { ok: false; problem: BmoError; error?: unknown };

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export async function requestLiveKitToken(options: {
  tokenUrl: string;
  participantName?: string | undefined;
  fetch?: typeof globalThis.fetch | undefined;
}): Promise<TokenOutcome> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        tokenRequestBody({ participantName: options.participantName, timeZone: browserTimeZone() }),
      ),
    });
  } catch (error) {
    const message = unreachableMessage(options.tokenUrl, globalThis.location?.href);
    return { ok: false, problem: { code: 'connect_failed', message }, error };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) return { ok: false, problem: tokenError(response.status, body) };
  const parsed = LiveKitTokenResponse.safeParse(body);
  if (!parsed.success) {
    const message = 'The server answered with something BMO did not understand.';
    return { ok: false, problem: { code: 'connect_failed', message } };
  }
  return {
    ok: true,
    grant: {
      serverUrl: parsed.data.serverUrl,
      token: parsed.data.participantToken,
      expiresAt: parsed.data.expiresAt * 1000,
    },
  };
}
