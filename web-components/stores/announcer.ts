/**
 * What the page says to screen readers. One polite channel for agent transitions and tool
 * activity, one assertive channel for errors; `<voice-announcer>` renders both.
 */
import { atom } from 'nanostores';

export interface Announcement {
  /** Increases with every announcement, so the same words twice are still read twice. */
  id: number;
  message: string;
}

export const $politeAnnouncement = atom<Announcement | null>(null);
export const $assertiveAnnouncement = atom<Announcement | null>(null);

let nextId = 1;

/** Says `message` to screen-reader users; `assertive` interrupts them (for errors only). */
export function announce(message: string, options: { assertive?: boolean } = {}): void {
  const text = message.trim();
  if (!text) return;
  const target = options.assertive ? $assertiveAnnouncement : $politeAnnouncement;
  target.set({ id: nextId++, message: text });
}
