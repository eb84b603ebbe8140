/**
 * What an element says to screen readers: one polite channel for phase changes and tool activity,
 * one assertive channel for errors. `createAnnouncer()` makes one; each `<tarot-reading>` makes
 * its own and renders it in its own live regions (a `<voice-announcer>` inside its shadow root),
 * so a reading is heard on any page, with nothing for the page to add.
 *
 * Page-wide, and documented so: `pageAnnouncer`, which a `<voice-announcer>` placed on a page
 * renders when no element above it provides one. The hosted page mounts one; `announce()` speaks
 * through it for code that has no announcer of its own (a host page's own script).
 */
import { type ReadableAtom, atom } from 'nanostores';

export interface Announcement {
  /** Increases with every announcement, so the same words twice are still read twice. */
  id: number;
  message: string;
}

export interface Announcer {
  readonly $polite: ReadableAtom<Announcement | null>;
  readonly $assertive: ReadableAtom<Announcement | null>;
  /** Says `message` to screen-reader users; `assertive` interrupts them (for errors only). */
  announce(message: string, options?: { assertive?: boolean }): void;
}

let nextId = 1;

export function createAnnouncer(): Announcer {
  const $polite = atom<Announcement | null>(null);
  const $assertive = atom<Announcement | null>(null);
  return {
    $polite,
    $assertive,
    announce(message, options = {}) {
      const text = message.trim();
      if (!text) return;
      (options.assertive ? $assertive : $polite).set({ id: nextId++, message: text });
    },
  };
}

/** Page-wide: what a `<voice-announcer>` on the page renders when nothing above it provides one. */
export const pageAnnouncer: Announcer = createAnnouncer();

/** Page-wide: `pageAnnouncer`'s channels. */
export const $politeAnnouncement = pageAnnouncer.$polite;
export const $assertiveAnnouncement = pageAnnouncer.$assertive;

/** Says `message` through the page-wide announcer. Elements with their own announcer use that. */
export function announce(message: string, options: { assertive?: boolean } = {}): void {
  pageAnnouncer.announce(message, options);
}
