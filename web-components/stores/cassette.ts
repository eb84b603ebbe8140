/**
 * The cassette BMO last pushed: plain data, written by an assistant's room session (or by a
 * page) and read by `<bmo-cassette-slot>`. This module exports a FACTORY: each `<bmo-assistant>`
 * and each `<bmo-cassette-slot>` used alone makes its own store, so two assistants on one page
 * hold two different cassettes. One cassette at a time; a new one replaces the old (spec
 * "Cassette message replaces existing cassette"). No history is kept.
 */
import { atom, type ReadableAtom } from 'nanostores';

export interface Cassette {
  /** Unique per received message, so the same title and content sent twice still counts as new. */
  id: string;
  title: string;
  content: string;
  /** `Date.now()` when the page accepted it. */
  receivedAt: number;
}

/** One slot's worth of cassette: read `$cassette`, write with `set` and `clear`. */
export interface CassetteStore {
  /** The current cassette, or null before the first one arrives. */
  readonly $cassette: ReadableAtom<Cassette | null>;
  /** Puts a new cassette in the slot (replacing any other) and returns it. */
  set(message: { title: string; content: string }): Cassette;
  /** Empties the slot. */
  clear(): void;
}

let counter = 0;

/** A fresh, empty cassette store. */
export function createCassetteStore(): CassetteStore {
  const $cassette = atom<Cassette | null>(null);
  return {
    $cassette,
    set(message) {
      counter += 1;
      const receivedAt = Date.now();
      const cassette: Cassette = {
        id: `cassette-${receivedAt.toString(36)}-${counter}`,
        title: message.title,
        content: message.content,
        receivedAt,
      };
      $cassette.set(cassette);
      return cassette;
    },
    clear() {
      $cassette.set(null);
    },
  };
}
