import { expect, test } from '@playwright/test';
import { drawnIds, phaseOf, pickCard, sendMessage } from './helpers/reading.ts';
import { openSite } from './helpers/site.ts';

// A site owner puts a text reading in a corner of a plain page on another origin
// (`<tarot-reading variant="launcher">`, loaded by script tag from /embed/tarot.js), on the real
// edge and its offline reader. The reading goes on while its panel is closed, on the same
// session, and the launcher's badge counts what came meanwhile: each new phase, each card the
// reading shows, each error.

// The site's page is fulfilled by Playwright (a "public" page to Chromium) while the edge runs on
// loopback; Local Network Access would refuse its requests. A real site and edge are both public.
test.use({ permissions: ['local-network-access'] });
test.describe.configure({ timeout: 120_000 });

test('a reading in a launcher goes on with its panel closed, on the same session: the badge counts the phases and cards shown meanwhile, opening clears it, and the panel’s End ends the reading', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openSite(page, {
    baseURL,
    family: 'tarot',
    // The page counts what the badge should: the reading's phases, cards shown and errors that
    // came since the panel last closed.
    head: `<script>
      window.heard = [];
      for (const type of ['tarot-reading-session-start', 'tarot-reading-session-end']) {
        document.addEventListener(type, (event) => window.heard.push(type + ':' + event.detail.sessionId));
      }
      let open = false;
      window.whileClosed = 0;
      document.addEventListener('voice-launcher-toggle', (event) => {
        open = event.detail.open;
        if (!open) window.whileClosed = 0;
      });
      for (const type of ['tarot-reading-phase', 'tarot-reading-card-shown', 'tarot-reading-error']) {
        document.addEventListener(type, () => { if (!open) window.whileClosed += 1; });
      }
    </script>`,
    body: `<main><h1>My site</h1><p><a href="#about">About us</a></p></main>
      <tarot-reading variant="launcher" mode="text" api-base="${baseURL}"></tarot-reading>`,
  });
  const heard = () => page.evaluate(() => Reflect.get(window, 'heard') as string[]);
  const whileClosed = () => page.evaluate(() => Reflect.get(window, 'whileClosed') as number);
  const reading = page.locator('tarot-reading');
  const launcher = page.getByRole('button', { name: /^Tarot reading( \(\d+ new\))?$/ });
  const panel = page.getByRole('dialog', { name: 'Tarot reading' });
  const badge = reading.locator('[part="badge"]');

  await launcher.click();
  await expect(panel).toBeVisible();
  await expect(phaseOf(reading)).toHaveText('Intent Assessment', { timeout: 15_000 });
  await sendMessage(reading, 'Should I move to the coast?');
  await expect(
    reading.locator('tarot-reading-text [part~="message-assistant"]').last(),
  ).toContainText('Before we draw');
  await expect(badge, 'nothing counts while the panel is open').toHaveCount(0);

  // Closed: the host page answers the reader's question; the reading moves on to its spread.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
  expect(
    await reading.evaluate(
      (el: HTMLElementTagNameMap['tarot-reading'], text) => el.send(text),
      ['I love the sea but my work is in the city.'][0] ?? '',
    ),
  ).toBe(true);
  await expect(launcher).toHaveAccessibleName('Tarot reading (1 new)', { timeout: 15_000 });
  await expect(badge).toHaveText('1');

  // Opened, the badge clears; the visitor draws every card of the spread.
  await launcher.click();
  await expect(launcher).toHaveAccessibleName('Tarot reading');
  await expect(phaseOf(reading)).toHaveText('Spread Generation');
  const picker = reading.locator('tarot-card-picker');
  for (let turn = 0; turn < 10; turn++) {
    await expect(picker.or(phaseOf(reading).filter({ hasText: /^Reading$/ }))).toBeVisible({
      timeout: 15_000,
    });
    if ((await picker.count()) === 0) break;
    await pickCard(reading);
  }
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Closed again, the reading goes on to its end (each card shown, then Followup), and the badge
  // counts every phase and card shown that came since it closed (the Reading phase may have come
  // before, with the last card's draw).
  const cards = (await drawnIds(reading)).length;
  await expect(phaseOf(reading)).toHaveText('Followup', { timeout: 30_000 });
  const counted = await whileClosed();
  expect(counted).toBeGreaterThanOrEqual(cards + 1);
  await expect(launcher).toHaveAccessibleName(`Tarot reading (${counted} new)`);
  await expect(badge).toHaveText(String(counted));
  await launcher.click();
  await expect(launcher).toHaveAccessibleName('Tarot reading');

  // One session from start to here: the panel's End ends it.
  expect((await heard()).filter((e) => e.startsWith('tarot-reading-session-start'))).toHaveLength(
    1,
  );
  await panel.getByRole('button', { name: 'End' }).click();
  await expect(reading.locator('tarot-reading-text [part="ended"]')).toContainText(
    'The reading has ended.',
  );
  await expect.poll(heard).toContainEqual(expect.stringMatching(/^tarot-reading-session-end:/));
  const [start, end] = await heard();
  expect(end?.split(':')[1]).toBe(start?.split(':')[1]);
  expect(errors).toEqual([]);
});
