import { type Locator, type Page, expect, test } from '@playwright/test';
import { pickCard, reachSpreadGeneration, sendMessage } from './helpers/reading.ts';
import { type RelayedEdge, startRelayedEdge } from './helpers/relayed-edge.ts';

// A whole text chat reading against the offline local reader, served by `wrangler dev` with no
// OpenAI key: the same four agents and tools a real reading uses, over the real Realtime SDK. And
// the same reading on OpenAI through the edge's relay, OpenAI being a local stand-in.

interface LogEntry {
  kind: 'user' | 'assistant' | 'drawn' | 'shown' | 'phase' | 'other';
  cardId: string;
  text: string;
}

/** The conversation as it reads, top to bottom. */
async function conversation(page: Page): Promise<LogEntry[]> {
  return page
    .getByRole('log', { name: 'Conversation' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const text = item.textContent?.replace(/\s+/g, ' ').trim() ?? '';
        const cardId = item.getAttribute('data-card-id') ?? '';
        const kind = item.classList.contains('user')
          ? 'user'
          : item.classList.contains('assistant')
            ? 'assistant'
            : item.classList.contains('phase-change')
              ? 'phase'
              : item.getAttribute('data-action') === 'drawn'
                ? 'drawn'
                : item.getAttribute('data-action') === 'shown'
                  ? 'shown'
                  : 'other';
        return { kind, cardId, text } as const;
      }),
    );
}

function reading(page: Page): Locator {
  return page.locator('tarot-reading');
}

function phase(page: Page): Locator {
  return page.locator('tarot-reading-text [part="phase"]');
}

/**
 * The whole reading on the edge at `base` ('' for the shared one): with the offline reader, whose
 * notice the page shows, or on OpenAI (the relay), where it shows none.
 */
async function fullTextReading(page: Page, base: string, engine: 'local' | 'openai') {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));

  await page.goto(`${base}/reading`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tarot reading' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Voice Reading/ })).toHaveAttribute(
    'href',
    '/reading/voice',
  );
  await page.getByRole('link', { name: /Text Chat/ }).click();
  await expect(page).toHaveURL(/\/reading\/text$/);

  // The page says plainly when this is the offline reader.
  if (engine === 'local') {
    await expect(page.locator('tarot-reading-text [part="notice"]')).toHaveText(
      "You're using the offline reader: a scripted demo reader built into this site. Add an OpenAI key for a real reading.",
    );
  } else {
    await expect(page.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
    await expect(page.locator('tarot-reading-text [part="notice"]')).toHaveCount(0);
  }
  await expect(page.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
  await expect(phase(page)).toHaveText('Intent Assessment');

  // Ask, answer the one clarifying question, and reach Spread Generation; then pick a card each
  // time the picker opens, until the reading begins.
  const picker = await reachSpreadGeneration(reading(page));
  let drawn = 0;
  while (drawn < 10) {
    await expect(
      picker.or(page.locator('tarot-reading-text [part="phase"]', { hasText: /^Reading$/ })),
    ).toBeVisible({
      timeout: 15_000,
    });
    if ((await picker.count()) === 0) break;
    await expect(picker).toHaveAttribute('position-label', /.+/);
    await pickCard(reading(page));
    drawn += 1;
  }
  expect(drawn).toBeGreaterThan(0);
  const spreadRows = page.getByRole('group', { name: 'Your spread' }).getByRole('listitem');
  await expect(spreadRows).toHaveCount(drawn);
  await expect(spreadRows.filter({ hasText: 'not drawn yet' })).toHaveCount(0);

  // Reading: every card is shown on the stage before it is interpreted.
  await expect(phase(page)).toHaveText('Followup', { timeout: 30_000 });
  const entries = await conversation(page);
  const drawnCards = entries.filter((entry) => entry.kind === 'drawn');
  expect(drawnCards).toHaveLength(drawn);
  const readingStart = entries.findIndex(
    (entry) => entry.kind === 'phase' && entry.text === 'Reading',
  );
  expect(readingStart).toBeGreaterThan(0);
  for (const card of drawnCards) {
    const name = /Drawn: (.+?)(, reversed)? for /.exec(card.text)?.[1] ?? '';
    expect(name).not.toBe('');
    const shownAt = entries.findIndex(
      (entry) => entry.kind === 'shown' && entry.cardId === card.cardId,
    );
    const interpretedAt = entries.findIndex(
      (entry, index) =>
        index > readingStart && entry.kind === 'assistant' && entry.text.includes(name),
    );
    expect(shownAt, `${name} is shown`).toBeGreaterThan(readingStart);
    expect(interpretedAt, `${name} is interpreted`).toBeGreaterThan(shownAt);
  }
  await expect(page.locator('tarot-card-stage')).toBeVisible();

  // A follow-up that draws a clarification card, shown before it is read.
  await sendMessage(reading(page), 'Could you draw a clarification card for me?');
  await pickCard(reading(page));
  await expect(spreadRows).toHaveCount(drawn + 1);
  const clarification = page
    .locator('tarot-reading-text [part="card-entry"][data-action="drawn"]')
    .last();
  const clarificationId = await clarification.getAttribute('data-card-id');
  expect(clarificationId).toBeTruthy();
  await expect(
    page.locator(
      `tarot-reading-text [part="card-entry"][data-action="shown"][data-card-id="${clarificationId}"]`,
    ),
  ).toHaveCount(1);
  await expect
    .poll(() => page.locator('tarot-card-stage').evaluate((stage) => Reflect.get(stage, 'cardId')))
    .toBe(clarificationId);

  // End the reading.
  await page.getByRole('button', { name: 'End reading' }).click();
  await expect(page.locator('tarot-reading-text [part="ended"]')).toContainText(
    'The reading has ended.',
  );
  await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
  expect(errors).toEqual([]);
  // One session, at the edge: the offline reader's socket, or the relay's.
  expect(sockets).toEqual([engine === 'local' ? '/api/reader/realtime' : '/api/voice/realtime']);
}

test('a full text reading: question, clarification, every card drawn and shown before its interpretation, a follow-up card, and the end', async ({
  page,
}) => {
  await fullTextReading(page, '', 'local');
});

test.describe('on OpenAI through the edge’s relay', () => {
  let relayed: RelayedEdge;
  test.beforeAll(async () => {
    relayed = await startRelayedEdge();
  });
  test.afterAll(async () => {
    await relayed?.stop();
  });

  test('the same full text reading, every frame through the relay, every session update pinned', async ({
    page,
  }) => {
    await fullTextReading(page, relayed.url, 'openai');
    const [session, ...more] = relayed.standin.sessions;
    expect(more).toHaveLength(0);
    const updates = (session?.received ?? []).filter((event) => event.type === 'session.update');
    // The relay's own, the SDK's first, its tracing update and one per handoff.
    expect(updates.length).toBeGreaterThanOrEqual(4);
    for (const update of updates) {
      expect(update.session).toMatchObject({
        model: 'gpt-realtime',
        output_modalities: ['text'],
        max_output_tokens: 1024,
        tracing: null,
      });
    }
  });
});
