/**
 * The local reader's conversation: its items in order, with caps on their number and on their total
 * size. When either cap is passed the oldest items go, and each one that goes is announced with
 * `conversation.item.deleted` (through `onEvict`), so the client's copy of the conversation stays
 * the same as the reader's: nothing is trimmed silently.
 */
import type { WireItem } from './wire.ts';

/** Most items a conversation keeps. */
export const MAX_ITEMS = 500;
/**
 * Most JSON characters all of a conversation's items hold together: a long reading uses a tenth of
 * it, and a session's snapshot stays well under a Durable Object's 2 MiB value limit.
 */
export const MAX_CONVERSATION_BYTES = 256 * 1024;

export type Placement =
  { ok: true; previousId: string | null } | { ok: false; reason: 'previous_not_found' };

interface Stored {
  item: WireItem;
  bytes: number;
}

/** The size an item counts for: its JSON in UTF-16 code units (an upper bound cheap to take). */
export function itemBytes(item: object): number {
  return JSON.stringify(item).length;
}

export class Conversation {
  #entries: Stored[] = [];
  #bytes = 0;
  readonly #onEvict: (item: WireItem) => void;
  readonly #maxItems: number;
  readonly #maxBytes: number;

  constructor(
    onEvict: (item: WireItem) => void,
    limits: { maxItems?: number; maxBytes?: number } = {},
  ) {
    this.#onEvict = onEvict;
    this.#maxItems = limits.maxItems ?? MAX_ITEMS;
    this.#maxBytes = limits.maxBytes ?? MAX_CONVERSATION_BYTES;
  }

  get size(): number {
    return this.#entries.length;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The items in order (for a snapshot). */
  items(): WireItem[] {
    return this.#entries.map((entry) => entry.item);
  }

  /** Replaces the conversation with items from a snapshot. */
  load(items: readonly WireItem[]): void {
    this.#entries = items.map((item) => ({ item, bytes: itemBytes(item) }));
    this.#bytes = this.#entries.reduce((sum, entry) => sum + entry.bytes, 0);
  }

  lastId(): string | null {
    return this.#entries[this.#entries.length - 1]?.item.id ?? null;
  }

  find(id: string): WireItem | undefined {
    return this.#entries.find((entry) => entry.item.id === id)?.item;
  }

  has(id: string): boolean {
    return this.#entries.some((entry) => entry.item.id === id);
  }

  /** Appends an item; returns the id of the one before it (null: it is first). */
  append(item: WireItem): string | null {
    const previousId = this.lastId();
    this.#insert(this.#entries.length, item);
    return previousId;
  }

  /**
   * Stores an item where the client asked: after `previous`, first for `'root'`, last when
   * omitted. Returns its predecessor's id, or a failure when `previous` names no item.
   */
  place(item: WireItem, previous: string | null | undefined): Placement {
    if (previous === undefined || previous === null) {
      return { ok: true, previousId: this.append(item) };
    }
    if (previous === 'root') {
      this.#insert(0, item);
      return { ok: true, previousId: null };
    }
    const index = this.#entries.findIndex((entry) => entry.item.id === previous);
    if (index === -1) return { ok: false, reason: 'previous_not_found' };
    this.#insert(index + 1, item);
    return { ok: true, previousId: previous };
  }

  /** Fills in the transcript of a user audio turn once it is heard (the item is replaced whole). */
  setTranscript(id: string, transcript: string): void {
    const entry = this.#entries.find((candidate) => candidate.item.id === id);
    if (!entry) return;
    const item: WireItem = {
      ...entry.item,
      content: [{ type: 'input_audio', transcript: transcript.slice(0, 4000) }],
    };
    const bytes = itemBytes(item);
    this.#bytes += bytes - entry.bytes;
    entry.item = item;
    entry.bytes = bytes;
  }

  remove(item: WireItem): void {
    const index = this.#entries.findIndex((entry) => entry.item === item);
    if (index === -1) return;
    const [removed] = this.#entries.splice(index, 1);
    this.#bytes -= removed?.bytes ?? 0;
  }

  #insert(index: number, item: WireItem): void {
    const bytes = itemBytes(item);
    this.#entries.splice(index, 0, { item, bytes });
    this.#bytes += bytes;
    // Evict from the front, never the item just stored.
    while (
      this.#entries.length > 1 &&
      (this.#entries.length > this.#maxItems || this.#bytes > this.#maxBytes) &&
      this.#entries[0]?.item !== item
    ) {
      const evicted = this.#entries.shift();
      if (!evicted) break;
      this.#bytes -= evicted.bytes;
      this.#onEvict(evicted.item);
    }
  }
}
