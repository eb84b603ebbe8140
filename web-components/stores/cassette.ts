/**
 * The cassette BMO last pushed to the page: plain data, written by the room controller and read by
 * `<bmo-cassette-slot>`. One cassette at a time; a new one replaces the old (spec "Cassette message
 * replaces existing cassette"). No history is kept.
 */
import { atom } from 'nanostores';

export interface Cassette {
  /** Unique per received message, so the same title and content sent twice still counts as new. */
  id: string;
  title: string;
  content: string;
  /** `Date.now()` when the page accepted it. */
  receivedAt: number;
}

/** The current cassette, or null before the first one arrives. */
export const $cassette = atom<Cassette | null>(null);

let counter = 0;

/** Puts a new cassette in the slot (replacing any other) and returns it. */
export function setCassette(msg: { title: string; content: string }): Cassette {
  counter += 1;
  const receivedAt = Date.now();
  const cassette: Cassette = {
    id: `cassette-${receivedAt.toString(36)}-${counter}`,
    title: msg.title,
    content: msg.content,
    receivedAt,
  };
  $cassette.set(cassette);
  return cassette;
}

/** Empties the slot. */
export function clearCassette(): void {
  $cassette.set(null);
}
