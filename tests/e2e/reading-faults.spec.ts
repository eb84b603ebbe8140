import { expect, test } from '@playwright/test';
import { goesOn, readToFollowup, stateOf, watchReaderSockets } from './helpers/reading-faults.ts';

// The offline reader's socket drops mid-reading (the test closes it through Playwright's
// WebSocket route), in a text reading under `wrangler dev`, in Chromium. The question, the spread,
// the cards drawn and shown, and the transcript are the same before and after, and it goes on.

test('the reader socket drops mid-reading: a fresh token, a new socket given the past messages, and nothing lost', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const watch = await watchReaderSockets(page);
  const reading = await readToFollowup(page);
  const before = await stateOf(reading);
  expect(before.question).toContain('Should I change jobs this year?');
  expect(watch.sockets).toHaveLength(1);
  expect(watch.tokens()).toBe(1);

  await watch.sockets[0]?.route.close({ code: 1011, reason: 'dropped by the test' });

  await expect.poll(() => watch.sockets.length).toBe(2);
  await expect(reading.locator('tarot-reading-text .connection')).toHaveText('Connected');
  expect(watch.tokens()).toBe(2);
  // The new session was given the conversation: every past message, by its item id.
  const replayed = () =>
    (watch.sockets[1]?.sent ?? [])
      .map((frame) => JSON.parse(frame) as { type?: string; item?: { role?: string } })
      .filter((event) => event.type === 'conversation.item.create' && event.item?.role);
  const messages = await reading.locator('tarot-reading-text .message').count();
  await expect.poll(() => replayed().length).toBeGreaterThanOrEqual(messages);
  // The active agent came back: the new session declared Followup's tools.
  const declared = (watch.sockets[1]?.sent ?? []).some(
    (frame) => frame.includes('session.update') && frame.includes('draw_card'),
  );
  expect(declared).toBe(true);
  expect(await stateOf(reading)).toEqual(before);

  await goesOn(reading);
  expect(errors).toEqual([]);
});
