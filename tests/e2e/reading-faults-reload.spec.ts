import { expect, test } from './helpers/fixtures.ts';
import { goesOn, readToFollowup, stateOf } from './helpers/reading-faults.ts';

// A reload mid-reading (text, offline reader under `wrangler dev`, Chromium): the reading comes back
// from sessionStorage under its element's key (`tarot-reading:0:text`: the page's first reading,
// which has no id or label) and reconnects with a fresh token. Nothing is lost; it goes on.

test('a reload mid-reading restores that reading from session storage and reconnects', async ({
  page,
  readerSockets,
}) => {
  const reading = await readToFollowup(page);
  const before = await stateOf(reading);
  const keys = await page.evaluate(() => Object.keys(sessionStorage));
  expect(keys).toContain('tarot-reading:0:text');

  await page.reload();

  await expect(reading.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
  await expect.poll(() => readerSockets.tokens()).toBe(2);
  expect(await stateOf(reading)).toEqual(before);
  await goesOn(reading);

  // Ending the reading forgets it: the next visit starts afresh.
  await reading.getByRole('button', { name: 'End reading' }).click();
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('tarot-reading:0:text')))
    .toBeNull();
});
