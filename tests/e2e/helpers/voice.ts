/**
 * Push-to-talk in a voice reading's e2e tests: the offline reader's socket (watched with
 * `watchReaderSockets`), Chromium's fake microphone, the speaker button held by the mouse.
 */
import { type Locator, type Page, expect } from '@playwright/test';
import type { ReaderSockets } from './reading-faults.ts';

export const talk = (page: Page): Locator => page.locator('voice-speaker-button button');
export const answers = (page: Page): Locator =>
  page.locator('voice-transcript [part~="entry-assistant"]');

/** Holds the talk button until real audio went out on the current socket, then lets go. */
export async function speak(page: Page, reader: ReaderSockets): Promise<void> {
  await expect(talk(page)).toBeEnabled();
  const socket = reader.sockets[reader.sockets.length - 1];
  if (!socket) throw new Error('no reader socket');
  const audio = () => socket.sent.filter((frame) => frame.includes('input_audio_buffer.append'));
  const frames = audio().length;
  const before = await answers(page).count();
  const box = await talk(page).boundingBox();
  if (!box) throw new Error('the talk button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect.poll(() => audio().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(frames + 15);
  await page.mouse.up();
  await expect.poll(() => answers(page).count(), { timeout: 10_000 }).toBeGreaterThan(before);
}
