/**
 * A reading's cost cap: the deployer's `READING_MAX_MINUTES`, which the edge returns with each
 * reading token as `maxSessionMinutes`. The page enforces it: a minute before, the reading's own
 * live region says the reading is about to end; at the cap the reading ends plainly, with a last
 * announcement. The clock starts when the reading first connects and keeps running through
 * reconnects and reloads: the start is kept in `sessionStorage`, one entry per element instance
 * (its key), and only a reading the person ends or restarts starts it again.
 */
import type { Announcer } from '../../stores/announcer.ts';
// the words only: session/connection.ts would bring the edge client (and zod) into the first load
import { type TarotRootStrings, tarotRootEn } from '../i18n/root-en.ts';

export const COST_CAP_NOTICE = tarotRootEn.costCapNotice;
/** The same words as a call the edge hung up at the cap (the session's own check). */
export const COST_CAP_ENDED = tarotRootEn.timeLimitEnded;

const STORAGE_PREFIX = 'tarot-reading.started:';
const MINUTE_MS = 60_000;

type StartStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ReadingCostCapOptions {
  /** This element instance's key (stable across reloads of the same page). */
  key: () => string;
  /** The host's own announcer (its live regions). */
  announcer: Announcer;
  /** The strings of the visitor's language for the notice and the end (English when none). */
  strings?: () => TarotRootStrings;
  /** Ends the active reading, as its end does (without starting the clock again). */
  end: () => void;
  storage?: StartStore | undefined;
  now?: () => number;
}

/** sessionStorage, or nothing where it is not allowed (then the cap counts from this load). */
function sessionStore(): StartStore | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export class ReadingCostCap {
  readonly #options: ReadingCostCapOptions;
  readonly #storage: StartStore | undefined;
  readonly #now: () => number;
  #timers: ReturnType<typeof setTimeout>[] = [];

  constructor(options: ReadingCostCapOptions) {
    this.#options = options;
    this.#storage = options.storage ?? sessionStore();
    this.#now = options.now ?? Date.now;
  }

  /** A session (re)connected with this cap (undefined: none): schedule the notice and the end. */
  connected(maxMinutes: number | undefined): void {
    this.stop();
    if (maxMinutes === undefined) return;
    const left = this.#startedAt() + maxMinutes * MINUTE_MS - this.#now();
    if (left <= 0) {
      this.#endNow();
      return;
    }
    if (left > MINUTE_MS) {
      this.#timers.push(
        setTimeout(
          () => this.#options.announcer.announce(this.#strings().costCapNotice),
          left - MINUTE_MS,
        ),
      );
    }
    this.#timers.push(setTimeout(() => this.#endNow(), left));
  }

  /** The person ended or restarted the reading: the next one counts from its own start. */
  reset(): void {
    this.stop();
    this.#fallbackStart = undefined;
    try {
      this.#storage?.removeItem(this.#storageKey());
    } catch {
      // storage refused: nothing was kept
    }
  }

  /** Stops the timers (the host left the page, or the session ended); the start is kept. */
  stop(): void {
    for (const timer of this.#timers.splice(0)) clearTimeout(timer);
  }

  #endNow(): void {
    this.stop();
    this.#options.end();
    this.#options.announcer.announce(this.#strings().timeLimitEnded);
  }

  #strings(): TarotRootStrings {
    return this.#options.strings?.() ?? tarotRootEn;
  }

  #storageKey(): string {
    return `${STORAGE_PREFIX}${this.#options.key()}`;
  }

  /** When this instance's reading first started; recorded now if it had not. */
  #startedAt(): number {
    const key = this.#storageKey();
    let kept: number | undefined;
    try {
      const stored = Number(this.#storage?.getItem(key) ?? Number.NaN);
      if (Number.isFinite(stored) && stored > 0 && stored <= this.#now()) kept = stored;
    } catch {
      // storage refused: count from this load's start
    }
    kept ??= this.#fallbackStart ?? this.#now();
    this.#fallbackStart = kept;
    try {
      this.#storage?.setItem(key, String(kept));
    } catch {
      // as above
    }
    return kept;
  }

  #fallbackStart: number | undefined;
}
