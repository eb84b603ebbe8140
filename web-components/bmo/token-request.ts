/**
 * Asks the edge for a LiveKit token through the one edge client (shared/edge-client.ts: the base
 * URL, the contract check, the error shape and the retry with backoff), and turns every answer
 * into either a grant or the words BMO's page shows.
 */
import { EdgeClient } from '../shared/edge-client.ts';
import type { BmoError } from '../stores/bmo.ts';
import { tokenProblem, tokenRequestBody } from './rules.ts';

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
  /** The whole token route (`token-url`, or `{api-base}/api/livekit/token`). */
  tokenUrl: string;
  participantName?: string | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  signal?: AbortSignal | undefined;
}): Promise<TokenOutcome> {
  const client = new EdgeClient({ fetch: options.fetch });
  const body = tokenRequestBody({
    participantName: options.participantName,
    timeZone: browserTimeZone(),
  });
  try {
    const answer = await client.livekitToken(body, {
      url: options.tokenUrl,
      signal: options.signal,
    });
    return {
      ok: true,
      grant: {
        serverUrl: answer.serverUrl,
        token: answer.participantToken,
        expiresAt: answer.expiresAt * 1000,
      },
    };
  } catch (error) {
    return {
      ok: false,
      problem: tokenProblem(error, options.tokenUrl, globalThis.location?.href),
      error,
    };
  }
}
