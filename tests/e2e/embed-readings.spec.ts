import { type Locator, type Page } from '@playwright/test';
import { violations } from './helpers/axe.ts';
import { expect, test } from './helpers/fixtures.ts';
import { EMBED_SITE, type Site, shownText } from './helpers/site.ts';
import {
  CLARIFICATION,
  QUESTION,
  drawnIds,
  expectClarifyingQuestion,
  phaseOf,
  pickCard,
  sendMessage,
} from './helpers/reading.ts';

// A site owner's plain HTML page on another origin (listed in ALLOWED_ORIGINS) loads the tarot
// family by script tag from /embed/tarot.js. Each <tarot-reading> is a reading of its own, heard
// through its own live regions, observable through its events and driven by its methods.

/** The reading's own polite live region, as a screen reader finds it. */
function statusOf(reading: Locator): Locator {
  return reading.locator('voice-announcer').getByRole('status');
}

/** The reading's own assertive live region. */
function alertOf(reading: Locator): Locator {
  return reading.locator('voice-announcer').getByRole('alert');
}

/** Draws one card in `reading` if its picker is open (avoiding the other's cards); false if done. */
async function drawTurn(reading: Locator, other: Locator): Promise<boolean> {
  const picker = reading.locator('tarot-card-picker');
  await expect(picker.or(phaseOf(reading).filter({ hasText: /^(Reading|Followup)$/ }))).toBeVisible(
    { timeout: 15_000 },
  );
  if ((await picker.count()) === 0) return false;
  await pickCard(reading, await drawnIds(other));
  return true;
}

/** The `<tarot-reading>` whose region is named `label`. */
function readingNamed(page: Page, label: string): Locator {
  return page.locator('tarot-reading').filter({ has: page.getByRole('region', { name: label }) });
}

async function embedTwoReadings(page: Page, site: Site): Promise<[Locator, Locator]> {
  await site.open({
    family: 'tarot',
    body: `<main><h1>Two readings</h1>
      <tarot-reading label="First reading" mode="text" api-base="${site.edge}"></tarot-reading>
      <tarot-reading label="Second reading" mode="text" api-base="${site.edge}"></tarot-reading>
      <tarot-reading label="Third reading" api-base="https://down.invalid"></tarot-reading>
    </main>`,
  });
  return [readingNamed(page, 'First reading'), readingNamed(page, 'Second reading')];
}

test('two readings on one page run interleaved, each with its own question, cards, picker, phase and transcript, and ending one leaves the other running', async ({
  page,
  site,
}) => {
  // An edge that cannot be reached, for the third reading's error.
  await page.route('https://down.invalid/**', (route) => route.abort('connectionrefused'));
  const [first, second] = await embedTwoReadings(page, site);
  const third = page.locator('tarot-reading[label="Third reading"]');

  // The page placed no <voice-announcer> of its own: each reading carries its live regions.
  expect(await page.evaluate(() => document.querySelectorAll('voice-announcer').length)).toBe(0);
  await expect(statusOf(first)).toHaveCount(1);
  await expect(alertOf(first)).toHaveCount(1);

  for (const each of [first, second]) {
    await expect(each.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
    await expect(phaseOf(each)).toHaveText('Intent Assessment');
  }
  // Several readings on one page, each named by the site: still no accessibility violations.
  expect(await violations(page)).toEqual([]);

  // Interleaved: each asks its own question, then answers its own clarifying question.
  const questions = [QUESTION, 'Will my garden grow in the spring?'];
  const answers = [CLARIFICATION, 'I planted roses and I worry about the frost.'];
  await sendMessage(first, questions[0] ?? '');
  await sendMessage(second, questions[1] ?? '');
  for (const reading of [first, second]) await expectClarifyingQuestion(reading);
  await sendMessage(first, answers[0] ?? '');

  // The first draws while the second still talks: its picker, phase and tool state stay its own.
  await expect(phaseOf(first)).toHaveText('Spread Generation');
  await expect(first.locator('tarot-card-picker')).toBeVisible({ timeout: 15_000 });
  await expect(statusOf(first)).toContainText(/Drawing a card for the .+ position/);
  await expect(phaseOf(second)).toHaveText('Intent Assessment');
  await expect(second.locator('tarot-card-picker')).toHaveCount(0);
  await expect(statusOf(second)).not.toContainText('Drawing a card');

  await pickCard(first, []);
  await sendMessage(second, answers[1] ?? '');
  await expect(phaseOf(second)).toHaveText('Spread Generation');

  // Then both draw, turn about, each a card the other has not drawn.
  let firstDrawing = true;
  let secondDrawing = true;
  for (let turn = 0; turn < 12 && (firstDrawing || secondDrawing); turn++) {
    if (secondDrawing) secondDrawing = await drawTurn(second, first);
    if (firstDrawing) firstDrawing = await drawTurn(first, second);
  }
  expect(firstDrawing || secondDrawing).toBe(false);

  for (const reading of [first, second]) {
    await expect(phaseOf(reading)).toHaveText('Followup', { timeout: 30_000 });
    // Its own status region said each phase change.
    await expect(statusOf(reading)).toHaveText('Now in the Followup phase.');
  }

  const firstCards = await drawnIds(first);
  const secondCards = await drawnIds(second);
  expect(firstCards.length).toBeGreaterThan(0);
  expect(secondCards.length).toBeGreaterThan(0);
  expect(firstCards.filter((id) => secondCards.includes(id))).toEqual([]);

  // Nothing of one reading shows in the other: not its question, answer, cards or transcript.
  const firstText = await shownText(first);
  const secondText = await shownText(second);
  expect(secondText).not.toContain(questions[0]);
  expect(secondText).not.toContain(answers[0]);
  expect(firstText).not.toContain(questions[1]);
  expect(firstText).not.toContain(answers[1]);
  for (const id of firstCards) {
    await expect(second.locator(`tarot-reading-text [data-card-id="${id}"]`)).toHaveCount(0);
  }
  for (const id of secondCards) {
    await expect(first.locator(`tarot-reading-text [data-card-id="${id}"]`)).toHaveCount(0);
  }
  await expect(first.locator('tarot-reading-text [part~="message-user"]')).toHaveCount(2);
  await expect(second.locator('tarot-reading-text [part~="message-user"]')).toHaveCount(2);

  // Ending the first leaves the second running: it still answers.
  await first.getByRole('button', { name: 'End reading' }).click();
  await expect(first.locator('tarot-reading-text [part="ended"]')).toContainText(
    'The reading has ended.',
  );
  await expect(second.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
  const replies = second.locator('tarot-reading-text [part~="message-assistant"]');
  const before = await replies.count();
  await sendMessage(second, 'What should I do first?');
  await expect.poll(() => replies.count(), { timeout: 15_000 }).toBeGreaterThan(before);
  await expect(second.getByRole('textbox', { name: 'Your message' })).toBeEnabled();

  // An error is said in the reading's own alert region, and only there.
  await third.getByRole('button', { name: /Text Chat/ }).click();
  const refusal =
    'Could not reach the reading service at https://down.invalid. It may be offline, or it may not accept readings from this site.';
  await expect(alertOf(third)).toHaveText(refusal, { timeout: 15_000 });
  await expect(third.locator('tarot-reading-text').getByRole('alert')).toHaveText(refusal);
  await expect(alertOf(first)).not.toContainText('down.invalid');
  await expect(alertOf(second)).not.toContainText('down.invalid');
});

test('the host page drives a reading with start(), send(text) and end(), and hears every event of it in order, with details', async ({
  page,
  site,
}) => {
  const hostEvents = [
    'tarot-reading-session-start',
    'tarot-reading-phase',
    'tarot-reading-card-drawn',
    'tarot-reading-card-shown',
    'tarot-reading-complete',
    'tarot-reading-error',
    'tarot-reading-session-end',
  ];
  // The host listens on document: the events bubble out of the element and are composed.
  await site.open({
    family: 'tarot',
    head: `<script>
      window.heard = [];
      for (const type of ${JSON.stringify(hostEvents)}) {
        document.addEventListener(type, (event) => window.heard.push({ type, detail: event.detail }));
      }
    </script>`,
    body: `<main><h1>My reading</h1><tarot-reading api-base="${site.edge}"></tarot-reading></main>`,
  });
  const reading = page.locator('tarot-reading');
  type Heard = { type: string; detail: Record<string, unknown> };
  const heard = () => page.evaluate(() => Reflect.get(window, 'heard') as Heard[]);
  const call = (method: 'start' | 'end', ...args: string[]) =>
    reading.evaluate(
      (element, [name, rest]) => {
        const fn: unknown = Reflect.get(element, name);
        if (typeof fn !== 'function') throw new Error(`no ${name}()`);
        return Promise.resolve(Reflect.apply(fn, element, rest)) as Promise<unknown>;
      },
      [method, args] as const,
    );
  const send = (text: string) =>
    reading.evaluate((element, message) => {
      const fn: unknown = Reflect.get(element, 'send');
      if (typeof fn !== 'function') throw new Error('no send()');
      return Reflect.apply(fn, element, [message]) as unknown;
    }, text);

  // start() from the mode selection starts a text reading and resolves once connected.
  await page.waitForFunction(() => customElements.get('tarot-reading') !== undefined);
  expect(await send('Too early')).toBe(false);
  expect(await call('start')).toBe(true);
  await expect(reading).toHaveAttribute('mode', 'text');
  await expect(phaseOf(reading)).toHaveText('Intent Assessment');

  // send(text) is a typed message into the running session.
  expect(await send('Should I move to the coast?')).toBe(true);
  await expect(reading.locator('tarot-reading-text [part~="message-user"]').last()).toHaveText(
    /Should I move to the coast\?/,
  );
  await expectClarifyingQuestion(reading);
  await expect(reading.getByRole('textbox', { name: 'Your message' })).toBeEnabled();
  expect(await send('I love the sea but my work is in the city.')).toBe(true);

  // The person draws the cards (the host cannot draw for them).
  const drawn: string[] = [];
  for (let turn = 0; turn < 10; turn++) {
    const picker = reading.locator('tarot-card-picker');
    await expect(
      picker.or(phaseOf(reading).filter({ hasText: /^(Reading|Followup)$/ })),
    ).toBeVisible({ timeout: 15_000 });
    if ((await picker.count()) === 0) break;
    drawn.push(await pickCard(reading));
  }
  await expect(phaseOf(reading)).toHaveText('Followup', { timeout: 30_000 });
  await expect
    .poll(async () => (await heard()).some((e) => e.type === 'tarot-reading-complete'))
    .toBe(true);

  // end() ends it, as "End reading" does.
  await call('end');
  await expect(reading.locator('tarot-reading-text [part="ended"]')).toContainText(
    'The reading has ended.',
  );
  await expect
    .poll(async () => (await heard()).some((e) => e.type === 'tarot-reading-session-end'))
    .toBe(true);

  const events = await heard();
  const sessionId = events[0]?.detail['sessionId'];
  expect(typeof sessionId).toBe('string');
  expect(events.every((event) => event.detail['sessionId'] === sessionId)).toBe(true);
  const cardNames = (type: string) =>
    events.filter((event) => event.type === type).map((event) => event.detail['cardId']);

  // In order: start, the phases, every card drawn, every card shown, complete, Followup, end.
  const expected = [
    { type: 'tarot-reading-session-start', detail: { sessionId, mode: 'text', engine: 'local' } },
    {
      type: 'tarot-reading-phase',
      detail: { sessionId, agent: 'IntentAssessment', label: 'Intent Assessment' },
    },
    {
      type: 'tarot-reading-phase',
      detail: { sessionId, agent: 'SpreadGeneration', label: 'Spread Generation' },
    },
    ...drawn.map((cardId) => ({
      type: 'tarot-reading-card-drawn',
      detail: expect.objectContaining({ sessionId, cardId, positionLabel: expect.any(String) }),
    })),
    { type: 'tarot-reading-phase', detail: { sessionId, agent: 'Reading', label: 'Reading' } },
    ...drawn.map((cardId) => ({
      type: 'tarot-reading-card-shown',
      detail: expect.objectContaining({ sessionId, cardId, reversed: expect.any(Boolean) }),
    })),
    {
      type: 'tarot-reading-complete',
      detail: {
        sessionId,
        cards: drawn.map((cardId) => expect.objectContaining({ cardId })),
      },
    },
    { type: 'tarot-reading-phase', detail: { sessionId, agent: 'Followup', label: 'Followup' } },
    { type: 'tarot-reading-session-end', detail: { sessionId, mode: 'text', reason: 'ended' } },
  ];
  expect(events).toEqual(expected);
  expect(cardNames('tarot-reading-card-drawn')).toEqual(drawn);
  // The page's origin is the embedding site, not the edge.
  expect(new URL(page.url()).origin).toBe(EMBED_SITE);
});
