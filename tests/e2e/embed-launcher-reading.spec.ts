import { type Page } from '@playwright/test';
import { ask, phaseOf, pickCard } from './helpers/reading.ts';
import { expect, test } from './helpers/fixtures.ts';

// A site owner puts a text reading in a corner of a plain page on another origin
// (`<tarot-reading variant="launcher">`, loaded by script tag from /embed/tarot.js), on the real
// edge and its offline reader. The reading goes on while its panel is closed, on the same
// session, and the launcher's badge counts what came meanwhile: each new phase, each card the
// reading shows, each error.

test.describe.configure({ timeout: 120_000 });

/**
 * The page's socket to the offline reader, passed through as it is, except that what the reader
 * sends while held waits until it is released.
 */
async function holdableReader(page: Page): Promise<{ hold(): void; release(): void }> {
  let holding = false;
  const held: (string | Buffer)[] = [];
  let toPage: ((message: string | Buffer) => void) | undefined;
  await page.routeWebSocket(/\/api\/reader\/realtime/, (socket) => {
    const server = socket.connectToServer();
    toPage = (message) => socket.send(message);
    server.onMessage((message) => {
      if (holding) held.push(message);
      else socket.send(message);
    });
  });
  return {
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const message of held.splice(0)) toPage?.(message);
    },
  };
}

test('a reading in a launcher goes on with its panel closed, on the same session: the badge counts the phases and cards shown meanwhile, opening clears it, and the panel’s End ends the reading', async ({
  page,
  site,
}) => {
  const reader = await holdableReader(page);
  await site.open({
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
      <tarot-reading variant="launcher" mode="text" api-base="${site.edge}"></tarot-reading>`,
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
  await ask(reading, 'Should I move to the coast? Just one card, please.');
  await expect(badge, 'nothing counts while the panel is open').toHaveCount(0);

  // Closed: the host page answers the reader's question; the reading moves on to its spread.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
  expect(
    await reading.evaluate(
      (el: HTMLElementTagNameMap['tarot-reading'], text) => el.send(text),
      'I love the sea but my work is in the city.',
    ),
  ).toBe(true);
  await expect(launcher).toHaveAccessibleName('Tarot reading (1 new)', { timeout: 15_000 });
  await expect(badge).toHaveText('1');

  // Opened, the badge clears; the visitor draws the spread's one card and closes the panel. What
  // the reader sends after the pick is held until the panel is closed, so all that the draw
  // starts (the Reading phase, the card shown, the Followup phase) comes with the panel closed,
  // however fast the reader and however slow the page.
  await launcher.click();
  await expect(launcher).toHaveAccessibleName('Tarot reading');
  await expect(phaseOf(reading)).toHaveText('Spread Generation');
  await expect(reading.locator('tarot-card-picker')).toBeVisible({ timeout: 15_000 });
  reader.hold();
  await pickCard(reading);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  reader.release();

  // Closed again, the reading goes on to its end, and the badge counts each of the three.
  await expect(phaseOf(reading)).toHaveText('Followup', { timeout: 30_000 });
  await expect.poll(whileClosed).toBe(3);
  await expect(launcher).toHaveAccessibleName('Tarot reading (3 new)');
  await expect(badge).toHaveText('3');
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
});
