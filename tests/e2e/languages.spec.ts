import type { Locator, Page } from '@playwright/test';
import { getCardEs } from '../../reader/reading/deck-es.ts';
import { CLARIFYING_QUESTION_ES, POSITIONS_ES, SPREADS_ES } from '../../reader/reading/words-es.ts';
import { fallbackText } from '../../web-components/shared/i18n/locale-controller.ts';
import { tarotEs } from '../../web-components/tarot/i18n/es.ts';
import { violations } from './helpers/axe.ts';
import { lastAnswer, sendMessage } from './helpers/reading.ts';
import { expect, test } from './helpers/fixtures.ts';
import type { Site } from './helpers/site.ts';

// The reading in the visitor's language, end to end: a Spanish text reading on the offline
// reader (the edge under wrangler dev) to a drawn and shown card, read in Spanish, and an
// unsupported language read in English with its note (BMO in Spanish: bmo-spanish.spec.ts). Controls are found by role, part, or the
// words the element's own catalogue gives them; what the reader says is asserted from the
// Spanish data it reads from (reader/reading/words-es.ts, the Spanish deck).

/** The reading's conversation: what the reader said, in order. */
function readerMessages(reading: Locator): Locator {
  return reading.locator('tarot-reading-text [part~="message-assistant"]');
}

/** Everything the reader has said so far, as one text. */
async function readerSaid(reading: Locator): Promise<string> {
  return (await readerMessages(reading).allInnerTexts()).join(' ').replace(/\s+/g, ' ');
}

/** Records the `voice-lang-fallback` events the page hears, from before the elements load. */
const RECORD_FALLBACKS = `<script>
  window.langFallbacks = [];
  addEventListener('voice-lang-fallback', (event) => window.langFallbacks.push(event.detail));
</script>`;

/** Opens the site's page, headed `heading`, with one text reading in `lang`; returns the reading. */
async function readingIn(page: Page, site: Site, lang: string, heading: string): Promise<Locator> {
  await site.open({
    family: 'tarot',
    head: RECORD_FALLBACKS,
    body: `<main><h1>${heading}</h1>
      <tarot-reading lang="${lang}" mode="text" api-base="${site.edge}"></tarot-reading></main>`,
  });
  return page.locator('tarot-reading');
}

test('a Spanish text reading on the offline reader: the clarifying question, the spread, a drawn and shown card and its reading, all in Spanish, and axe-clean', async ({
  page,
  site,
}) => {
  const reading = await readingIn(page, site, 'es', 'Tu lectura');
  await expect(reading.locator('tarot-reading-text [part="connection"]')).toHaveAttribute(
    'data-status',
    'connected',
    { timeout: 15_000 },
  );

  // A yes/no question about work: one clarifying question, asked in Spanish.
  await sendMessage(reading, '¿Debería aceptar el nuevo trabajo?', tarotEs.yourMessage);
  await expect(lastAnswer(reading)).toContainText(CLARIFYING_QUESTION_ES.career);

  // The answer hands off: the reader lays out its spread in Spanish and opens the picker.
  await sendMessage(reading, 'Me da miedo equivocarme y perder lo que tengo.', tarotEs.yourMessage);
  const spread = SPREADS_ES['One-Card Draw'];
  const answer = POSITIONS_ES['The Answer'];
  await expect
    .poll(() => readerSaid(reading), { timeout: 15_000 })
    .toContain(`Para tu pregunta usaré esta tirada: ${spread?.name}. ${spread?.why}`);
  expect(await readerSaid(reading)).toContain(
    `La posición ${answer?.label} muestra ${answer?.role}. Elige una carta cuando quieras.`,
  );
  const picker = reading.locator('tarot-card-picker');
  await expect(picker).toBeVisible({ timeout: 15_000 });
  await picker.locator('[part="card"]').first().click();

  // The card is drawn, then shown, then read from the Spanish deck.
  const drawn = reading.locator('tarot-reading-text [part="card-entry"][data-action="drawn"]');
  await expect(drawn).toHaveCount(1, { timeout: 15_000 });
  const cardId = (await drawn.getAttribute('data-card-id')) ?? '';
  const card = getCardEs(cardId);
  if (!card) throw new Error(`no Spanish card for ${cardId}`);
  await expect(
    reading.locator(
      `tarot-reading-text [part="card-entry"][data-action="shown"][data-card-id="${cardId}"]`,
    ),
  ).toHaveCount(1, { timeout: 15_000 });
  await expect
    .poll(() => readerSaid(reading), { timeout: 15_000 })
    .toMatch(
      new RegExp(`En la posición ${answer?.label}, que muestra .*, has sacado ${card.name}`),
    );
  const said = await readerSaid(reading);
  expect(said).toContain(`Para la posición ${answer?.label} has sacado ${card.name}`);
  expect([card.upright.meaning, card.reversed.meaning].some((text) => said.includes(text))).toBe(
    true,
  );
  await expect
    .poll(() => readerSaid(reading), { timeout: 15_000 })
    .toContain('Con esto se completa tu lectura; sigo aquí para cualquier pregunta.');
  // The reader said none of its English lines.
  expect(said).not.toMatch(/\b(Before we draw|For your question|you drew|position)\b/);

  // Spanish is supported: no fallback note, no fallback event, and nothing axe finds.
  await expect(reading.locator('[part="lang-notice"]')).toHaveCount(0);
  expect(await page.evaluate(() => Reflect.get(window, 'langFallbacks'))).toEqual([]);
  expect(await violations(page)).toEqual([]);
});

test('an unsupported lang falls back to English: the reading says so in a note, fires voice-lang-fallback and reads in English', async ({
  page,
  site,
}) => {
  const reading = await readingIn(page, site, 'tlh', 'A reading');
  await expect(reading.getByRole('note')).toHaveText(fallbackText('tlh'));
  expect(await page.evaluate(() => Reflect.get(window, 'langFallbacks'))).toEqual([
    { requested: 'tlh', lang: 'en' },
  ]);
  await sendMessage(reading, 'Will I find a new job soon?');
  await expect(lastAnswer(reading)).toContainText(
    'Thank you for bringing that to the cards. Before we draw',
  );
  expect(await violations(page)).toEqual([]);
});
