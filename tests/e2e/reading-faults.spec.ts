import { expect, test } from './helpers/fixtures.ts';
import { goesOn, readToFollowup, stateOf } from './helpers/reading-faults.ts';
import {
  QUESTION,
  drawUntilReading,
  drawnIds,
  lastAnswer,
  phaseOf,
  pickCard,
  openTextReading,
  reachSpreadGeneration,
} from './helpers/reading.ts';

// The offline reader's socket drops mid-reading (the test closes it through Playwright's
// WebSocket route), in a text reading under `wrangler dev`, in Chromium. The question, the spread,
// the cards drawn and shown, and the transcript are the same before and after, and it goes on.

test('the reader socket drops mid-reading: a fresh token, a new socket given the past messages, and nothing lost', async ({
  page,
  readerSockets,
}) => {
  const reading = await readToFollowup(page);
  const before = await stateOf(reading);
  expect(before.question).toContain(QUESTION);
  expect(readerSockets.sockets).toHaveLength(1);
  expect(readerSockets.tokens()).toBe(1);

  await readerSockets.sockets[0]?.route.close({ code: 1011, reason: 'dropped by the test' });

  await expect.poll(() => readerSockets.sockets.length).toBe(2);
  await expect(reading.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
  expect(readerSockets.tokens()).toBe(2);
  // The new session was given the conversation: every past message, by its item id.
  const replayed = () =>
    (readerSockets.sockets[1]?.sent ?? [])
      .map((frame) => JSON.parse(frame) as { type?: string; item?: { role?: string } })
      .filter((event) => event.type === 'conversation.item.create' && event.item?.role);
  const messages = await reading.locator('tarot-reading-text [part~="message"]').count();
  await expect.poll(() => replayed().length).toBeGreaterThanOrEqual(messages);
  // The active agent came back: the new session declared Followup's tools.
  const declared = (readerSockets.sockets[1]?.sent ?? []).some(
    (frame) => frame.includes('session.update') && frame.includes('draw_card'),
  );
  expect(declared).toBe(true);
  expect(await stateOf(reading)).toEqual(before);

  // It goes on where it was: the follow-up is answered from the cards on the table, not from a
  // reader that forgot them.
  await goesOn(reading);
  const answer = lastAnswer(reading);
  await expect(answer).toContainText(/look to .+ in the .+ position/);
  await expect(answer).not.toContainText('no cards on the table');
});

test('the reader socket drops mid-spread: the resumed reader draws the remaining positions, not the first again', async ({
  page,
  readerSockets,
}) => {
  const reading = await openTextReading(page);
  const picker = await reachSpreadGeneration(reading);
  const firstPosition = (await picker.getAttribute('position-label')) ?? '';
  const first = await pickCard(reading);
  await expect(picker).toBeVisible();
  await expect(picker).not.toHaveAttribute('position-label', firstPosition);
  const secondPosition = (await picker.getAttribute('position-label')) ?? '';

  await readerSockets.sockets[0]?.route.close({ code: 1011, reason: 'dropped by the test' });

  await expect.poll(() => readerSockets.sockets.length).toBe(2);
  await expect(reading.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
  // The resumed reader asks again for the position it was drawing, and the rest follow.
  await expect(picker).toBeVisible({ timeout: 15_000 });
  await expect(picker).toHaveAttribute('position-label', secondPosition);
  const rest = await drawUntilReading(reading, () => [first]);
  expect(rest.length).toBeGreaterThan(0);
  await expect(phaseOf(reading)).toHaveText(/^(Reading|Followup)$/, { timeout: 30_000 });
  const drawn = await drawnIds(reading);
  expect(drawn).toEqual([first, ...rest]);
  // One card per position of the spread: the first position was not drawn again.
  const positions = reading.getByRole('group', { name: 'Your spread' }).getByRole('listitem');
  await expect(positions).toHaveCount(drawn.length);
  await expect(positions.first()).toContainText(firstPosition);
});
