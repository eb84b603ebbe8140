import { expect, test } from './helpers/fixtures.ts';
import { type Locator, type Page } from '@playwright/test';
import { answers, speak, talk } from './helpers/voice.ts';
import { type ReaderSockets, stateOf } from './helpers/reading-faults.ts';
import { drawnIds, phaseOf, pickCard } from './helpers/reading.ts';

// No stalls in a voice reading (push-to-talk over the offline reader's WebSocket, Chromium's fake
// microphone, `wrangler dev`): in Spread Generation the talk button is hidden, so a draw cancelled
// from the picker (Escape, or the Cancel draw button) must not wait for speech. The reader is told
// and says the draw was cancelled; the centre offers Continue, Draw again and Switch to text, and
// each does what it says while the question, the spread, the cards and the transcript stay as
// they were.

const drawnLines = (page: Page): Locator =>
  page.locator('voice-transcript [part~="entry"][data-kind="drawn"]');
const CANCELLED = 'The draw was cancelled. What would you like to do?';

/** The transcript's lines, each as `kind|role|text`. */
async function transcript(page: Page): Promise<string[]> {
  return page.locator('voice-transcript [part~="entry"]').evaluateAll((items) =>
    items.map((item) => {
      const role = item.classList.contains('assistant')
        ? 'assistant'
        : item.classList.contains('user')
          ? 'user'
          : 'event';
      const text = item.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      return `${item.getAttribute('data-kind') ?? ''}|${role}|${text}`;
    }),
  );
}

/** The question, the spread named by the reader, the cards drawn, and the whole transcript. */
async function readingState(page: Page) {
  const lines = await transcript(page);
  return {
    // The offline reader cannot hear: it repeats the demo question it takes the person to ask.
    question: lines.find((line) => line.includes('you said, “')) ?? '',
    spread: lines.find((line) => line.includes('this spread:')) ?? '',
    cards: lines.filter((line) => line.startsWith('drawn|')),
    transcript: lines,
  };
}

/** The draw_card outputs the page sent the reader. */
function drawOutputs(readerSockets: ReaderSockets): string[] {
  return readerSockets.sockets.flatMap((socket) =>
    socket.sent
      .map(
        (frame) =>
          JSON.parse(frame) as { type?: string; item?: { type?: string; output?: string } },
      )
      .filter((event) => event.item?.type === 'function_call_output')
      .map((event) => event.item?.output ?? ''),
  );
}

/**
 * Cancels the open draw (Escape on a card, or the Cancel draw button) and waits for the stall
 * choice and the reader's answer; checks the talk button stays hidden and nothing is drawn.
 */
async function cancelDraw(
  page: Page,
  readerSockets: ReaderSockets,
  how: 'escape' | 'button',
): Promise<Locator> {
  const picker = page.locator('tarot-card-picker');
  const cancelled = drawOutputs(readerSockets).filter((output) =>
    output.includes('"cancelled"'),
  ).length;
  const before = await readingState(page);
  if (how === 'escape') {
    await picker.getByRole('button', { name: /^Card 1 of \d+$/ }).focus();
    await page.keyboard.press('Escape');
  } else {
    await picker.getByRole('button', { name: 'Cancel draw' }).click();
  }
  const choice = page.getByRole('group', { name: CANCELLED });
  await expect(choice).toBeVisible();
  await expect(picker).toHaveCount(0);
  await expect(talk(page)).toHaveCount(0);
  // The reader was told, and says so (it asks whether to draw again or end).
  await expect
    .poll(
      () => drawOutputs(readerSockets).filter((output) => output.includes('"cancelled"')).length,
    )
    .toBe(cancelled + 1);
  await expect(answers(page).last()).toContainText('was cancelled, so no card was drawn');
  // The choice replaced nothing the reading had: only the reader's new words were added.
  const after = await readingState(page);
  expect(after.question).toBe(before.question);
  expect(after.spread).toBe(before.spread);
  expect(after.cards).toEqual(before.cards);
  expect(after.transcript.slice(0, before.transcript.length)).toEqual(before.transcript);
  await expect(choice.getByRole('button', { name: 'Continue' })).toBeFocused();
  return choice;
}

/**
 * A voice transcript line as the text reading words it: its phase marker has no "phase", and a
 * card drawn upright is named without "upright".
 */
function asText(line: string): string {
  const [kind = '', , text = ''] = line.split('|');
  if (kind === 'phase') return text.replace(/ phase$/, '');
  return kind === 'drawn' ? text.replace(/, upright for /, ' for ') : text;
}

test('a cancelled draw in a voice reading offers Continue, Draw again and Switch to text, and each does what it says', async ({
  page,
  readerSockets,
}) => {
  await page.goto('/reading/voice');
  await speak(page, readerSockets); // the demo question, whose spread is Past, Present and Future
  await speak(page, readerSockets); // the answer to the clarifying question
  const phase = page.locator('voice-agent-indicator [part="label"]');
  await expect(phase).toHaveText('Spread Generation');
  const picker = page.locator('tarot-card-picker');

  // Past is drawn; the draw for Present is cancelled by Escape.
  await expect(picker).toHaveAttribute('position-label', 'Past', { timeout: 15_000 });
  await picker.getByRole('button', { name: /^Card 1 of \d+$/ }).click();
  await expect(drawnLines(page)).toHaveCount(1);
  await expect(picker).toHaveAttribute('position-label', 'Present');
  let choice = await cancelDraw(page, readerSockets, 'escape');
  await expect(choice.getByRole('button', { name: 'Draw again' })).toBeVisible();
  await expect(choice.getByRole('button', { name: 'Switch to text' })).toBeVisible();
  await expect(phase).toHaveText('Spread Generation');

  // Draw again: the picker opens for the same position; this draw is cancelled by its button.
  await choice.getByRole('button', { name: 'Draw again' }).click();
  await expect(choice).toHaveCount(0);
  await expect(picker).toHaveAttribute('position-label', 'Present');
  choice = await cancelDraw(page, readerSockets, 'button');

  // Continue: Present stays open and the reading moves on to Future.
  await choice.getByRole('button', { name: 'Continue' }).click();
  await expect(choice).toHaveCount(0);
  await expect(answers(page).last()).toContainText('leave the Present position open');
  await expect(picker).toHaveAttribute('position-label', 'Future');
  await expect(drawnLines(page)).toHaveCount(1);

  // Switch to text, from the draw for Future cancelled: the reading goes on in text where it was.
  choice = await cancelDraw(page, readerSockets, 'escape');
  const before = await readingState(page);
  await choice.getByRole('button', { name: 'Switch to text' }).click();
  await expect(page).toHaveURL(/\/reading\/text$/);
  const reading = page.locator('tarot-reading');
  await expect(reading.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
  await expect(phaseOf(reading)).toHaveText('Spread Generation');
  const text = await stateOf(reading);
  // The same transcript, so the same question, spread and card drawn; the spread lists the card.
  expect(text.transcript.slice(0, before.transcript.length)).toEqual(before.transcript.map(asText));
  expect(text.transcript).toContain(asText(before.question));
  expect(text.transcript).toContain(asText(before.spread));
  expect(text.transcript.filter((line) => line.startsWith('Drawn: '))).toEqual(
    before.cards.map(asText),
  );
  const card = asText(before.cards[0] ?? '').replace(/^Drawn: (.*) for Past$/, '$1');
  expect(text.drawn).toHaveLength(1);
  expect(text.spread).toEqual([`Past ${card}`]);
  // One reading, now in text: the voice one is not kept beside it.
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['tarot-reading:0:text']);
  // It goes on: the reader asks for a card in text, and the person draws it.
  await pickCard(reading);
  expect(await drawnIds(reading)).toHaveLength(2);
});
