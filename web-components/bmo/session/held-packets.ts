/**
 * Packets and streams from a sender the page does not know yet. LiveKit's data channel can deliver
 * a participant's first packet before the signalling channel has told the page who that
 * participant is (an agent that re-sends the cassette right as it joins). Such a packet is held
 * here, within a small budget (bytes, count, seconds), and decided when the participant's details
 * arrive: shown if the sender is an agent, dropped otherwise. Pure: time is injected.
 */

export interface HoldLimits {
  /** Most items held at once, across all senders. */
  maxItems: number;
  /** Most bytes held at once, across all senders. */
  maxBytes: number;
  /** How long an item waits for its sender's details before it is dropped. */
  maxAgeMs: number;
}

export const DEFAULT_HOLD_LIMITS: HoldLimits = {
  maxItems: 16,
  maxBytes: 256 * 1024,
  maxAgeMs: 10_000,
};

interface Held<T> {
  identity: string;
  bytes: number;
  at: number;
  item: T;
}

export type HoldOutcome<T> = { held: true; expired: T[] } | { held: false; expired: T[] };

export class SenderHoldBuffer<T> {
  readonly limits: HoldLimits;
  #now: () => number;
  #items: Held<T>[] = [];
  #bytes = 0;

  constructor(limits: Partial<HoldLimits> = {}, now: () => number = () => performance.now()) {
    this.limits = { ...DEFAULT_HOLD_LIMITS, ...limits };
    this.#now = now;
  }

  /** Items held now. */
  get size(): number {
    return this.#items.length;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Holds `item` from `identity` if it fits the budget (after letting stale items go); an item
   * that does not fit is refused (`held: false`), so a flood cannot push out what came first.
   * `expired` lists the items that waited too long, for the caller to log as dropped.
   */
  hold(identity: string, item: T, bytes: number): HoldOutcome<T> {
    const expired = this.expire();
    const fits =
      identity !== '' &&
      bytes >= 0 &&
      this.#items.length < this.limits.maxItems &&
      this.#bytes + bytes <= this.limits.maxBytes;
    if (!fits) return { held: false, expired };
    this.#items.push({ identity, bytes, at: this.#now(), item });
    this.#bytes += bytes;
    return { held: true, expired };
  }

  /** Removes and returns what `identity` sent, in arrival order, now that its details are here. */
  take(identity: string): { fresh: T[]; expired: T[] } {
    const expired = this.expire();
    const fresh: T[] = [];
    this.#items = this.#items.filter((held) => {
      if (held.identity !== identity) return true;
      fresh.push(held.item);
      this.#bytes -= held.bytes;
      return false;
    });
    return { fresh, expired };
  }

  /** Removes and returns the items older than the limit. */
  expire(): T[] {
    const cutoff = this.#now() - this.limits.maxAgeMs;
    const expired: T[] = [];
    this.#items = this.#items.filter((held) => {
      if (held.at > cutoff) return true;
      expired.push(held.item);
      this.#bytes -= held.bytes;
      return false;
    });
    return expired;
  }

  /** Forgets everything (the connection ended). */
  clear(): void {
    this.#items = [];
    this.#bytes = 0;
  }
}
