/**
 * Driving one `<tarot-reading>` in text mode the way a person does, scoped to that reading so a
 * page may hold several. Controls are found by role and name.
 */
import { type Locator, type Page, expect } from '@playwright/test';

/** Opens the hosted text reading (`/reading/text`) and waits until it is connected. */
export async function openTextReading(page: Page): Promise<Locator> {
  await page.goto('/reading/text');
  const reading = page.locator('tarot-reading');
  await expect(reading.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
  return reading;
}

/** The phase the reading shows ("Intent Assessment", "Spread Generation", …). */
export function phaseOf(reading: Locator): Locator {
  return reading.locator('tarot-reading-text [part="phase"]');
}

/** The question the reading tests ask, and their answer to the reader's clarifying question. */
export const QUESTION = 'Should I change jobs this year?';
export const CLARIFICATION = "I feel stuck where I am and I'm afraid of choosing wrong.";

/** The reader's last message in the reading's conversation. */
export function lastAnswer(reading: Locator): Locator {
  return reading.locator('tarot-reading-text [part~="message-assistant"]').last();
}

/**
 * Types `text` into the reading's message box (found by its name, `Your message` in English) and
 * sends it with Enter.
 */
export async function sendMessage(
  reading: Locator,
  text: string,
  boxName = 'Your message',
): Promise<void> {
  const box = reading.getByRole('textbox', { name: boxName });
  await expect(box).toBeEnabled({ timeout: 15_000 });
  await box.fill(text);
  await box.press('Enter');
  await expect(reading.locator('tarot-reading-text [part~="message-user"]').last()).toContainText(
    text,
  );
}

/** Waits for the offline reader's one clarifying question ("… Before we draw …"). */
export async function expectClarifyingQuestion(reading: Locator): Promise<void> {
  await expect(lastAnswer(reading)).toContainText('Before we draw', { timeout: 15_000 });
}

/** Asks `question` and waits for the reader's clarifying question. */
export async function ask(reading: Locator, question = QUESTION): Promise<void> {
  await sendMessage(reading, question);
  await expectClarifyingQuestion(reading);
}

/**
 * Asks, answers the clarifying question, and waits for Spread Generation with the picker open for
 * its first position; returns the picker.
 */
export async function reachSpreadGeneration(reading: Locator): Promise<Locator> {
  await ask(reading);
  await sendMessage(reading, CLARIFICATION);
  await expect(phaseOf(reading)).toHaveText('Spread Generation');
  const picker = reading.locator('tarot-card-picker');
  await expect(picker).toBeVisible({ timeout: 15_000 });
  return picker;
}

/** The ids of the cards drawn in the reading, in order. */
export async function drawnIds(reading: Locator): Promise<string[]> {
  return reading
    .locator('tarot-reading-text [part="card-entry"][data-action="drawn"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-card-id') ?? ''));
}

/**
 * Picks a face-down card from the reading's open picker, one that is not in `avoid` (the picker
 * shuffles with a secure random source; a test that needs two readings to draw different cards
 * chooses among the face-down ones by the deck order the picker holds), and waits for the draw
 * to reach the conversation. Returns the card's id.
 */
export async function pickCard(reading: Locator, avoid: readonly string[] = []): Promise<string> {
  const picker = reading.locator('tarot-card-picker');
  await expect(picker).toBeVisible({ timeout: 15_000 });
  const before = (await drawnIds(reading)).length;
  const order = await picker.evaluate((element) => {
    const value: unknown = Reflect.get(element, 'order');
    return Array.isArray(value) ? value.map(String) : [];
  });
  const index = order.findIndex((id) => !avoid.includes(id));
  expect(index).toBeGreaterThanOrEqual(0);
  await picker.getByRole('button', { name: `Card ${index + 1} of ${order.length}` }).click();
  await expect
    .poll(async () => (await drawnIds(reading)).length, { timeout: 15_000 })
    .toBe(before + 1);
  const ids = await drawnIds(reading);
  return ids[ids.length - 1] ?? '';
}

/**
 * Draws a card each time the reading's picker opens until the reading moves on to the Reading
 * phase; returns the ids drawn. `avoid` is kept up to date by the caller for the other reading.
 */
export async function drawUntilReading(
  reading: Locator,
  avoid: () => readonly string[],
): Promise<string[]> {
  const picker = reading.locator('tarot-card-picker');
  const drawn: string[] = [];
  for (let turn = 0; turn < 10; turn++) {
    await expect(
      picker.or(phaseOf(reading).filter({ hasText: /^(Reading|Followup)$/ })),
    ).toBeVisible({ timeout: 15_000 });
    if ((await picker.count()) === 0) break;
    drawn.push(await pickCard(reading, avoid()));
  }
  return drawn;
}
