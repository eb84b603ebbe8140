import { expect, test } from './helpers/fixtures.ts';
import { type Page } from '@playwright/test';
import { speak, talk } from './helpers/voice.ts';
import { FOLLOWUP_GREETING } from './helpers/reading-faults.ts';

// The offline reader's socket drops mid-reading in a voice reading (push-to-talk over the reader's
// WebSocket, Chromium's fake microphone, `wrangler dev`): the page reconnects with a fresh token
// and the same reading: question, spread, cards drawn and shown (the transcript's lines, the card
// on the stage), transcript; then it goes on.

async function stateOf(page: Page) {
  return {
    phase: await page.locator('voice-agent-indicator [part="label"]').textContent(),
    staged: await page
      .locator('tarot-card-stage')
      .evaluate((stage) => String(Reflect.get(stage, 'cardId'))),
    transcript: await page
      .locator('voice-transcript [part~="entry"]')
      .evaluateAll((items) =>
        items.map(
          (item) =>
            `${item.getAttribute('data-kind') ?? ''}|${item.textContent?.replace(/\s+/g, ' ').trim() ?? ''}`,
        ),
      ),
  };
}

test('a voice reading whose reader socket drops mid-reading reconnects with a fresh token and loses nothing', async ({
  page,
  readerSockets,
}) => {
  await page.goto('/reading/voice');
  await speak(page, readerSockets); // the demo question
  await speak(page, readerSockets); // the answer to the clarifying question
  const picker = page.locator('tarot-card-picker');
  const drawn = page.locator('voice-transcript [part~="entry"][data-kind="drawn"]');
  for (let turn = 0; turn < 10; turn++) {
    await expect(
      picker.or(
        page.locator('voice-agent-indicator [part="label"]', { hasText: /^(Reading|Followup)$/ }),
      ),
    ).toBeVisible({ timeout: 15_000 });
    if ((await picker.count()) === 0) break;
    const before = await drawn.count();
    await picker.getByRole('button', { name: /^Card 1 of \d+$/ }).click();
    await expect(drawn).toHaveCount(before + 1);
  }
  await expect(page.locator('voice-agent-indicator [part="label"]')).toHaveText('Followup', {
    timeout: 30_000,
  });
  await expect(talk(page)).toBeEnabled();
  // Settled: Followup's greeting comes a turn after the phase turns to Followup.
  await expect(page.locator('voice-transcript [part~="entry"]').last()).toContainText(
    FOLLOWUP_GREETING,
  );
  const before = await stateOf(page);
  expect(before.transcript.some((line) => line.startsWith('drawn|'))).toBe(true);
  // The spread: the reader's words naming it, and one drawn line per position, in the transcript.
  expect(before.transcript.some((line) => line.includes('this spread:'))).toBe(true);

  await readerSockets.sockets[0]?.route.close({ code: 1011, reason: 'dropped by the test' });

  await expect.poll(() => readerSockets.sockets.length).toBe(2);
  await expect(talk(page)).toBeEnabled();
  expect(readerSockets.tokens()).toBe(2);
  expect(await stateOf(page)).toEqual(before);
  await speak(page, readerSockets); // the reading goes on, on the new socket
});
