/**
 * Why a connected session ended, as far as the page can know, so that a reading the edge ended at
 * one of its limits ends with the reason said, instead of reconnecting as after a drop:
 *
 * - over the relay's WebSocket, the edge says so itself: an `error` event naming the limit comes
 *   before the socket closes (`limitReached`);
 * - a WebRTC call just closes, so the page asks the edge (`GET /api/voice/calls/{callId}` with the
 *   call's token); where that cannot answer, its own clock: it began posting the offer before the
 *   edge started counting (at the upstream's answer), so a call that closes once
 *   `maxSessionMinutes` has gone by on the page's clock was hung up at the cap. Only durations on
 *   one clock are compared, so the edge's and the page's clocks may disagree freely.
 */
import { type ReadingLimit, VoiceCallState } from '../../../contracts/reading-token.ts';
import { EdgeClient } from '../../shared/edge-client.ts';
import { trimTrailingSlashes } from '../../shared/trim-slashes.ts';
import type { ReadingToken } from './token.ts';

/** How long the page waits for the edge to say why a call closed before it decides alone. */
const ASK_MS = 3000;

/** Asks the edge about a call; the default is `GET /api/voice/calls/{callId}`. */
export type CallStateQuery = (call: {
  callUrl: string;
  callId: string;
  token: string;
}) => Promise<VoiceCallState>;

const askTheEdge: CallStateQuery = ({ callUrl, callId, token }) =>
  new EdgeClient({ retry: { attempts: 1 } }).get(
    `${trimTrailingSlashes(callUrl)}/${encodeURIComponent(callId)}`,
    VoiceCallState,
    { signal: AbortSignal.timeout(ASK_MS), headers: { authorization: `Bearer ${token}` } },
  );

export class SessionEnd {
  readonly #now: () => number;
  readonly #ask: CallStateQuery;
  #limit: ReadingLimit | undefined;
  /** When the page began posting this session's call offer (its own clock); 0 for none. */
  #callBegunAt = 0;
  #callId: string | undefined;

  constructor(now: () => number, ask: CallStateQuery = askTheEdge) {
    this.#now = now;
    this.#ask = ask;
  }

  /** A session is being opened with `grant`: nothing is known of its end yet. */
  opening(grant: ReadingToken): void {
    this.#limit = undefined;
    this.#callId = undefined;
    this.#callBegunAt = grant.callUrl ? this.#now() : 0;
  }

  /** The session connected over `transport` (a call's transport knows its id). */
  connected(transport: unknown): void {
    const callId: unknown =
      typeof transport === 'object' && transport !== null
        ? Reflect.get(transport, 'callId')
        : undefined;
    this.#callId = typeof callId === 'string' && callId !== '' ? callId : undefined;
  }

  /** The relay said it is ending the session at `limit`. */
  limitReached(limit: ReadingLimit): void {
    this.#limit = limit;
  }

  /** Why the session on `grant` ended: the limit the edge ended it at, or undefined for a drop. */
  async why(grant: ReadingToken | undefined): Promise<ReadingLimit | undefined> {
    if (this.#limit) return this.#limit;
    if (!grant?.callUrl || !this.#callBegunAt) return undefined;
    if (this.#callId) {
      try {
        const state = await this.#ask({
          callUrl: grant.callUrl,
          callId: this.#callId,
          token: grant.token,
        });
        return state.ended ?? undefined;
      } catch {
        // The edge could not say: the page's own clock decides.
      }
    }
    const minutes = grant.maxSessionMinutes;
    if (minutes !== undefined && this.#now() - this.#callBegunAt >= minutes * 60_000) {
      return 'minutes';
    }
    return undefined;
  }
}
