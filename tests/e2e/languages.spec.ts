import { type Locator, expect, test } from '@playwright/test';
import { getCardEs } from '../../reader/reading/deck-es.ts';
import { CLARIFYING_QUESTION_ES, POSITIONS_ES, SPREADS_ES } from '../../reader/reading/words-es.ts';
import { fallbackText } from '../../web-components/shared/i18n/locale-controller.ts';
import { violations } from './helpers/axe.ts';
import { openSite } from './helpers/site.ts';

// The reading in the visitor's language, end to end: a Spanish text reading on the offline
// reader (the edge under wrangler dev) to a drawn and shown card, read in Spanish, and an
// unsupported language read in English with its note (BMO in Spanish: bmo-spanish.spec.ts). Controls are found by role, part, or the
// words the element's own catalogue gives them; what the reader says is asserted from the
// Spanish data it reads from (reader/reading/words-es.ts, the Spanish deck).

// The site's page is fulfilled by Playwright (a "public" page to Chromium) while the edge runs on
// loopback; Local Network Access would refuse that script. A real site and edge are both public.
test.use({ permissions: ['local-network-access'] });

/** The reading's conversation: what the reader said, in order. */
function readerMessages(reading: Locator): Locator {
  return reading.locator('tarot-reading-text [part~="message-assistant"]');
}

/** Everything the reader has said so far, as one text. */
async function readerSaid(reading: Locator): Promise<string> {
  return (await readerMessages(reading).allInnerTexts()).join(' ').replace(/\s+/g, ' ');
}

/** Types into the reading's message box (the composer's only textbox) and sends it. */
async function send(reading: Locator, text: string): Promise<void> {
  const box = reading.locator('tarot-reading-text [part="composer"]').getByRole('textbox');
  await expect(box).toBeEnabled({ timeout: 15_000 });
  await box.fill(text);
  await box.press('Enter');
  await expect(reading.locator('tarot-reading-text [part~="message-user"]').last()).toContainText(
    text,
  );
}

/** Records the `voice-lang-fallback` events the page hears, from before the elements load. */
const RECORD_FALLBACKS = `<script>
  window.langFallbacks = [];
  addEventListener('voice-lang-fallback', (event) => window.langFallbacks.push(event.detail));
</script>`;

test('a Spanish text reading on the offline reader: the clarifying question, the spread, a drawn and shown card and its reading, all in Spanish, and axe-clean', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openSite(page, {
    baseURL,
    family: 'tarot',
    head: RECORD_FALLBACKS,
    body: `<main><h1>Tu lectura</h1>
      <tarot-reading lang="es" mode="text" api-base="${baseURL}"></tarot-reading></main>`,
  });
  const reading = page.locator('tarot-reading');
  await expect(reading.locator('tarot-reading-text [part="connection"]')).toHaveAttribute(
    'data-status',
    'connected',
    { timeout: 15_000 },
  );

  // A yes/no question about work: one clarifying question, asked in Spanish.
  await send(reading, '¿Debería aceptar el nuevo trabajo?');
  await expect(readerMessages(reading).last()).toContainText(CLARIFYING_QUESTION_ES.career);

  // The answer hands off: the reader lays out its spread in Spanish and opens the picker.
  await send(reading, 'Me da miedo equivocarme y perder lo que tengo.');
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
  expect(errors).toEqual([]);
});

test('an unsupported lang falls back to English: the reading says so in a note, fires voice-lang-fallback and reads in English', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  await openSite(page, {
    baseURL,
    family: 'tarot',
    head: RECORD_FALLBACKS,
    body: `<main><h1>A reading</h1>
      <tarot-reading lang="tlh" mode="text" api-base="${baseURL}"></tarot-reading></main>`,
  });
  const reading = page.locator('tarot-reading');
  await expect(reading.getByRole('note')).toHaveText(fallbackText('tlh'));
  expect(await page.evaluate(() => Reflect.get(window, 'langFallbacks'))).toEqual([
    { requested: 'tlh', lang: 'en' },
  ]);
  await send(reading, 'Will I find a new job soon?');
  await expect(readerMessages(reading).last()).toContainText(
    'Thank you for bringing that to the cards. Before we draw',
  );
  expect(await violations(page)).toEqual([]);
});
