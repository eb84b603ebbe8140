/**
 * The caps on a reader socket, each answered with an `error` event naming it and, where the
 * session cannot go on, a close code: never a hang, never a silent trim.
 *
 * | cap                              | answer                                              |
 * | -------------------------------- | --------------------------------------------------- |
 * | frame over MAX_FRAME_BYTES       | error `frame_too_large`, close 1009                  |
 * | session.update over its cap      | error `session_update_too_large`, session unchanged  |
 * | an instructions line over its cap | error `instructions_line_too_long`, session unchanged |
 * | a stored session over its cap    | error `session_too_large`, session unchanged         |
 * | items past MAX_ITEMS / bytes cap | oldest items deleted, each `conversation.item.deleted` |
 * | no frame for the idle time       | error `idle_timeout`, close 4408                     |
 * | the advertised `expires_at`      | error `session_expired`, close 4410                  |
 * | frames past the inbound budget   | error `rate_limit_exceeded`, close 1008              |
 *
 * One frame carries one item, so the frame cap is also the cap on an item's size; a message at
 * the frame cap is read in linear time (text.ts keeps its patterns linear, eslint checks them).
 */

/** Largest text frame the reader reads, so the largest item (a long typed question is a few KiB). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Largest `session.update` frame (the SDK's full update, instructions and tools, is under 16 KiB). */
export const MAX_SESSION_UPDATE_BYTES = 32 * 1024;
/**
 * Longest line of a session's instructions: the reader reads lines of them back on a resume
 * (instruction-lines.ts). The page's lines are a few hundred characters; a typed question fits.
 */
export const MAX_INSTRUCTIONS_LINE_CHARS = 8 * 1024;
/**
 * Largest session config the reader stores (its JSON): the SDK's full session is under 16 KiB, and
 * the Durable Object snapshots it after every frame, so many updates cannot grow it past this.
 */
export const MAX_SESSION_BYTES = 64 * 1024;
/** A session with no client frame for this long is closed. */
export const DEFAULT_IDLE_MS = 5 * 60_000;
/** The session lifetime advertised in `session.created` (`expires_at`) and enforced. */
export const DEFAULT_SESSION_MS = 60 * 60_000;

export const CLOSE_TOO_LARGE = 1009;
export const CLOSE_POLICY = 1008;
export const CLOSE_IDLE = 4408;
export const CLOSE_EXPIRED = 4410;

/** The UTF-8 size of `text`, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // A surrogate pair is one four-byte character: its high half counts 4, its low half none.
    else if (code >= 0xd800 && code < 0xdc00) bytes += 4;
    else if (code >= 0xdc00 && code < 0xe000) bytes += 0;
    else bytes += 3;
  }
  return bytes;
}

/** The UTF-8 size of a frame, or a bound on it that is enough to tell whether it passes `cap`. */
export function exceeds(text: string, cap: number): boolean {
  if (text.length > cap) return true;
  if (text.length * 3 <= cap) return false;
  return new TextEncoder().encode(text).length > cap;
}

export type Deadline = 'idle' | 'expired';

/** When a session must end: its advertised expiry, or idle time since the last client frame. */
export class SessionClock {
  readonly startedAt: number;
  readonly expiresAt: number;
  readonly idleMs: number;
  lastActivity: number;

  constructor(startedAt: number, limits: { idleMs?: number; sessionMs?: number } = {}) {
    this.startedAt = startedAt;
    this.idleMs = limits.idleMs ?? DEFAULT_IDLE_MS;
    this.expiresAt = startedAt + (limits.sessionMs ?? DEFAULT_SESSION_MS);
    this.lastActivity = startedAt;
  }

  /** The next moment something is due (ms since the epoch). */
  deadline(): number {
    return Math.min(this.expiresAt, this.lastActivity + this.idleMs);
  }

  due(now: number): Deadline | undefined {
    if (now >= this.expiresAt) return 'expired';
    if (now >= this.lastActivity + this.idleMs) return 'idle';
    return undefined;
  }
}

/** The error event and close code that end a session at a deadline. */
export function deadlineError(
  due: Deadline,
  idleMs: number,
): { code: string; message: string; closeCode: number } {
  if (due === 'expired') {
    return {
      code: 'session_expired',
      message:
        'The session reached its maximum duration and has ended. Start a new reading to go on.',
      closeCode: CLOSE_EXPIRED,
    };
  }
  const minutes = Math.max(1, Math.round(idleMs / 60_000));
  return {
    code: 'idle_timeout',
    message: `The session was idle for ${minutes} minute${minutes === 1 ? '' : 's'} and has ended. Start a new reading to go on.`,
    closeCode: CLOSE_IDLE,
  };
}

/**
 * What one session may send: a burst, then a steady rate (each a token bucket). A reading sends a
 * few small frames a turn and a dozen `response.create` across a whole spread; audio over the
 * socket (PCM at 24 kHz, base64) is about 63 KiB a second. The budget is several times those, so
 * only a flood meets it: one socket sending large frames or responses as fast as it can, each of
 * which the host also writes to storage. A flood costs the session (CLOSE_POLICY), not the other
 * sessions sharing its process. Frames count in UTF-8 bytes, as they travel, and the budget is
 * part of the session's snapshot: a Durable Object that hibernated between two bursts wakes with
 * what the first one spent, not a full budget.
 */
export const INBOUND_BURST_BYTES = 2 * 1024 * 1024;
export const INBOUND_BYTES_PER_SECOND = 256 * 1024;
export const RESPONSE_BURST = 60;
export const RESPONSES_PER_SECOND = 2;

/** What is left of a session's inbound budget, as plain data (a snapshot keeps it). */
export interface InboundBudgetState {
  bytes: number;
  responses: number;
  at: number | undefined;
}

/** A session's `response.create` rate: a burst, then so many a second. */
export interface ResponseRate {
  burst: number;
  perSecond: number;
}

export class InboundBudget {
  #bytes = INBOUND_BURST_BYTES;
  readonly #rate: ResponseRate;
  #responses: number;
  #at: number | undefined;

  /**
   * A fresh budget, or what a snapshot kept; at the reader's rate by default (the relay to
   * OpenAI, where each response costs, sets its own).
   */
  constructor(
    state?: InboundBudgetState,
    rate: ResponseRate = { burst: RESPONSE_BURST, perSecond: RESPONSES_PER_SECOND },
  ) {
    this.#rate = rate;
    this.#responses = rate.burst;
    if (!state) return;
    this.#bytes = state.bytes;
    this.#responses = state.responses;
    this.#at = state.at;
  }

  get state(): InboundBudgetState {
    return { bytes: this.#bytes, responses: this.#responses, at: this.#at };
  }

  #refill(now: number): void {
    const seconds = this.#at === undefined ? 0 : Math.max(0, now - this.#at) / 1000;
    this.#at = Math.max(this.#at ?? now, now);
    this.#bytes = Math.min(INBOUND_BURST_BYTES, this.#bytes + seconds * INBOUND_BYTES_PER_SECOND);
    this.#responses = Math.min(this.#rate.burst, this.#responses + seconds * this.#rate.perSecond);
  }

  /** Spends a frame of `bytes` (UTF-8); says why when it passes the budget. */
  frame(bytes: number, now: number): string | undefined {
    this.#refill(now);
    this.#bytes -= bytes;
    if (this.#bytes >= 0) return undefined;
    return `This session sent frames faster than ${INBOUND_BYTES_PER_SECOND / 1024} KiB a second (after a burst of ${INBOUND_BURST_BYTES / 1024 / 1024} MiB), so it has ended. Open a new session.`;
  }

  /** Spends one `response.create`; says why when it passes the budget. */
  response(now: number): string | undefined {
    this.#refill(now);
    this.#responses -= 1;
    if (this.#responses >= 0) return undefined;
    const { burst, perSecond } = this.#rate;
    const rate =
      perSecond >= 1
        ? `${perSecond} responses a second`
        : `one response every ${1 / perSecond} seconds`;
    return `This session asked for more than ${rate} (after a burst of ${burst}), so it has ended. Open a new session.`;
  }
}
