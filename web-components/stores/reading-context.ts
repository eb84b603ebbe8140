/**
 * How a root element hands its own stores to the elements inside it: `@lit/context` contexts.
 * `<tarot-reading>` provides the active reading's store and its announcer; its views consume them
 * (`@consume({ context, subscribe: true })`). An element with no provider above it keeps the store
 * it made for itself, so it works alone.
 */
import { createContext } from '@lit/context';
import type { Announcer } from './announcer.ts';
import type { ReadingStore } from './reading.ts';

/** The reading store of the nearest `<tarot-reading>` (its active mode's). */
export const readingStoreContext = createContext<ReadingStore>(Symbol('tarot-reading-store'));

/** The announcer of the nearest root element, rendered by a `<voice-announcer>` inside it. */
export const announcerContext = createContext<Announcer>(Symbol('announcer'));
