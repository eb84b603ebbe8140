import { expect, test } from './helpers/fixtures.ts';
import {
  drawnIds,
  openTextReading,
  pickCard,
  reachSpreadGeneration,
  sendMessage,
} from './helpers/reading.ts';

// A pending draw cancelled from the picker (Escape, then the Cancel draw button), in a text
// reading against the offline reader under `wrangler dev`, in Chromium: the agent is told the
// person cancelled, nothing is drawn, the reader says the draw was cancelled and asks whether to
// draw again or end (without drawing), and the person's "draw again" or "yes" draws again.

test('a pending draw is cancelled from the picker by Escape and by its button; the agent is told and the reading goes on', async ({
  page,
  readerSockets,
}) => {
  const reading = await openTextReading(page);
  const picker = await reachSpreadGeneration(reading);
  const position = await picker.getAttribute('position-label');
  const answers = reading.locator('tarot-reading-text [part~="message-assistant"]');
  const outputs = () =>
    (readerSockets.sockets[0]?.sent ?? [])
      .map(
        (frame) =>
          JSON.parse(frame) as { type?: string; item?: { type?: string; output?: string } },
      )
      .filter((event) => event.item?.type === 'function_call_output')
      .map((event) => event.item?.output ?? '');

  // Escape: the draw_card output says the person cancelled; the picker closes.
  const before = await answers.count();
  await picker.getByRole('button', { name: /^Card 1 of \d+$/ }).focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => outputs().filter((o) => o.includes('"cancelled"')).length).toBe(1);
  expect(outputs().at(-1)).toContain('The person cancelled this draw from the card picker');
  await expect.poll(() => answers.count()).toBeGreaterThan(before);
  await expect(answers.last()).toContainText('was cancelled, so no card was drawn');
  await expect(answers.last()).toContainText('draw again, or end the reading');
  // It waits for the person: no new draw, the picker stays closed.
  await expect(picker).toBeHidden();
  expect(await drawnIds(reading)).toEqual([]);

  // "Draw again" opens the picker for the same position; the Cancel draw button cancels that one
  // the same way.
  await sendMessage(reading, 'Draw again, please.');
  await expect(picker).toBeVisible();
  await expect(picker).toHaveAttribute('position-label', position ?? '');
  await picker.getByRole('button', { name: 'Cancel draw' }).click();
  await expect.poll(() => outputs().filter((o) => o.includes('"cancelled"')).length).toBe(2);
  await expect(answers.last()).toContainText('was cancelled, so no card was drawn');
  await expect(picker).toBeHidden();
  expect(await drawnIds(reading)).toEqual([]);

  // No stall: "yes" draws again, and the person can draw the card.
  await sendMessage(reading, 'yes');
  await expect(picker).toHaveAttribute('position-label', position ?? '');
  const id = await pickCard(reading);
  expect(await drawnIds(reading)).toEqual([id]);
});
