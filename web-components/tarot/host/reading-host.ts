/**
 * What a `<tarot-reading>` needs once a reading is wanted, built then rather than when the element
 * is made: its two readings' stores (which the element provides to its views by context), the
 * sessions that drive them (`ReadingSessions`, with the cost cap) and the host events read from
 * them (`ReadingEvents`). The element loads this module with `import()` when a mode is chosen (or set),
 * so the mode selection's first paint holds none of it: there it only asks the edge which engine
 * reads (reader-engine.ts).
 */
import type { ReactiveElement } from 'lit';
import type { Announcer } from '../../stores/announcer.ts';
import { type ReadingStore, createReadingStore } from '../../stores/reading.ts';
import { ReadingEvents } from './reading-events.ts';
import {
  type ReadingMode,
  ReadingSessions,
  type ReadingSessionsOptions,
} from './reading-sessions.ts';

/** What the element gives: the sessions' options but those this module makes or reads itself. */
export type ReadingHostOptions = Omit<
  ReadingSessionsOptions,
  'stores' | 'announcer' | 'instanceKey' | 'persistKey' | 'onLoadFailed'
> & {
  /** The element's announcer, which it made for its own live regions. */
  announcer: Announcer;
  /** The words of "could not load", in the element's language. */
  loadFailed: () => string;
};

export interface ReadingHost {
  readonly sessions: ReadingSessions;
  /** Fires `tarot-reading-error` for a failure outside any store (the code did not load). */
  readonly events: ReadingEvents;
  /** The active mode's store, for the views (the text one in the mode selection). */
  storeOf(mode: ReadingMode): ReadingStore;
}

/**
 * The sessionStorage key of a `<tarot-reading>`'s reading in one mode, stable across a reload:
 * `tarot-reading:<id>:<mode>` when the element has an id, else
 * `tarot-reading:label:<label>:<mode>` when it has a label, else `tarot-reading:<n>:<mode>`, n its
 * place among the page's `<tarot-reading>` elements in document order.
 */
export function persistKeyOf(element: HTMLElement & { label?: string }, mode: string): string {
  if (element.id) return `tarot-reading:${element.id}:${mode}`;
  if (element.label) return `tarot-reading:label:${element.label}:${mode}`;
  const all: Element[] = [...element.ownerDocument.querySelectorAll('tarot-reading')];
  return `tarot-reading:${Math.max(0, all.indexOf(element))}:${mode}`;
}

/**
 * Builds `element`'s reading host. Its controllers join the element's in this order, the events
 * after the sessions: a session the sessions end on a switch of mode still reports its end.
 */
export function createReadingHost(
  element: ReactiveElement & { label?: string },
  options: ReadingHostOptions,
): ReadingHost {
  const stores = { text: createReadingStore(), voice: createReadingStore() };
  const sessions = new ReadingSessions(element, {
    ...options,
    stores,
    // the cost cap's clock survives a reload: an id, else the element's place among readings
    instanceKey: () =>
      element.id ||
      String([...document.querySelectorAll<Element>('tarot-reading')].indexOf(element)),
    persistKey: (mode) => persistKeyOf(element, mode),
    onLoadFailed: () => events.error('load', options.loadFailed()),
  });
  const events = new ReadingEvents(element, {
    active: () => {
      const mode = options.mode();
      return mode === 'choose' ? undefined : { store: stores[mode], mode };
    },
  });
  return {
    sessions,
    events,
    storeOf: (mode) => (mode === 'voice' ? stores.voice : stores.text),
  };
}
