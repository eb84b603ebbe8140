import type { Locator, Page } from '@playwright/test';
import { appAr } from '../../web-components/app/i18n/ar.ts';
import { appFr } from '../../web-components/app/i18n/fr.ts';
import { appJa } from '../../web-components/app/i18n/ja.ts';
import { headerEn } from '../../web-components/app/i18n/header-en.ts';
import { bmoPageEn } from '../../web-components/app/i18n/bmo-en.ts';
import { tarotFr } from '../../web-components/tarot/i18n/fr.ts';
import { tarotJa } from '../../web-components/tarot/i18n/ja.ts';
import { bmoAr } from '../../web-components/bmo/i18n/ar.ts';
import { bmoEn } from '../../web-components/bmo/i18n/en.ts';
import { violations } from './helpers/axe.ts';
import { lastAnswer, sendMessage } from './helpers/reading.ts';
import { expect, test } from './helpers/fixtures.ts';

// The hosted page in the visitor's language, end to end on the built page under wrangler dev:
// chosen from the browser's languages, set as the document's lang and dir, every route's words
// from the page's catalogues, the elements following the document; the language switch, and the
// choice remembered. A reading on the offline reader, which has no words in these languages, says
// so in the visitor's language and reads in English (the keyed path reads in theirs).

// The hosted page's CSP is bypassed here only, to inject axe.
test.use({ bypassCSP: true });

/** The page's language switch, found by its name in the page's language. */
function languageSwitch(page: Page, name: string): Locator {
  return page.getByRole('combobox', { name });
}

/** Waits for the document to say `lang`, and to run right to left or not. */
async function expectLanguage(page: Page, lang: string, dir: 'ltr' | 'rtl'): Promise<void> {
  const root = page.locator('html');
  await expect(root).toHaveAttribute('lang', lang);
  if (dir === 'rtl') await expect(root).toHaveAttribute('dir', 'rtl');
  else await expect(root).not.toHaveAttribute('dir', 'rtl');
}

test.describe('a visitor whose browser speaks French', () => {
  test.use({ locale: 'fr-FR' });

  test('gets the page in French: the header, the route, the tab, a reading whose offline reader says it reads in English, and /docs', async ({
    page,
    pageErrors: _errors,
  }) => {
    await page.goto('/reading/text');
    await expectLanguage(page, 'fr', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(appFr.textHeading);
    await expect(page).toHaveTitle(`${appFr.textHeading} · ${appFr.siteName}`);
    const nav = page.getByRole('navigation', { name: appFr.mainNav });
    await expect(nav.getByRole('link', { name: appFr.navReading })).toBeVisible();
    await expect(page.getByRole('link', { name: appFr.skipLink })).toBeAttached();
    await expect(languageSwitch(page, appFr.language)).toHaveValue('fr');

    const reading = page.locator('tarot-reading');
    await expect(reading.locator('tarot-reading-text [part="connection"]')).toHaveText(
      tarotFr.connected,
      { timeout: 15_000 },
    );
    // Said once, in French: the offline reader speaks only English.
    await expect(reading.locator('tarot-reading-text [part="notice"]')).toHaveText(
      tarotFr.offlineReaderNotice,
    );
    await sendMessage(reading, 'Vais-je changer de travail cette année ?', tarotFr.yourMessage);
    await expect(lastAnswer(reading)).toContainText('Thank you for bringing that to the cards.', {
      timeout: 15_000,
    });
    expect(await violations(page)).toEqual([]);

    // /docs, whose own strings load after it first renders, is titled in French from the start.
    await page
      .getByRole('navigation', { name: appFr.mainNav })
      .getByRole('link', { name: appFr.navDocs })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(appFr.navDocs);
    await expect(page).toHaveTitle(`${appFr.navDocs} · ${appFr.siteName}`);
  });
});

test.describe('a visitor whose browser speaks Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('draws a card in a Japanese reading: the spread’s positions and the card in Japanese tarot words', async ({
    page,
    pageErrors: _errors,
  }) => {
    await page.goto('/reading/text');
    await expectLanguage(page, 'ja', 'ltr');
    await expect(page).toHaveTitle(appJa.title(appJa.textHeading, appJa.siteName));
    const reading = page.locator('tarot-reading');
    await sendMessage(reading, 'Should I change jobs this year?', tarotJa.yourMessage);
    await expect(lastAnswer(reading)).toContainText('Before we draw', { timeout: 15_000 });
    await sendMessage(reading, 'I feel stuck where I am.', tarotJa.yourMessage);

    // The reader lays a spread out by its positions' keys; the page names them in Japanese.
    const picker = reading.locator('tarot-card-picker');
    await expect(picker).toBeVisible({ timeout: 15_000 });
    const label = await picker.getAttribute('position-label');
    if (!label) throw new Error('the picker names no position');
    const position = tarotJa.position(label);
    expect(position).not.toEqual(label);
    await expect(picker.locator('[part="position"]')).toHaveText(position);
    await picker.locator('[part="card"]').first().click();

    const drawn = reading.locator('tarot-reading-text [part="card-entry"][data-action="drawn"]');
    await expect(drawn).toHaveCount(1, { timeout: 15_000 });
    const cardId = (await drawn.getAttribute('data-card-id')) ?? '';
    await expect(drawn).toContainText(tarotJa.cardName(cardId));
    await expect(drawn).toContainText(tarotJa.forPosition(position));
    expect(await violations(page)).toEqual([]);
  });
});

test('the language switch: Arabic right to left, remembered on the next visit, and English again', async ({
  page,
  context,
  pageErrors: _errors,
}) => {
  await page.goto('/bmo');
  await expectLanguage(page, 'en', 'ltr');
  await languageSwitch(page, headerEn.language).selectOption('ar');

  await expectLanguage(page, 'ar', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(appAr.bmoHeading);
  await expect(page).toHaveTitle(`${appAr.bmoHeading} · ${appAr.siteName}`);
  // The elements follow the document: the assistant in Arabic, laid out from the right.
  const assistant = page.locator('bmo-assistant');
  await expect(assistant.getByRole('button', { name: bmoAr.connect, exact: true })).toBeVisible();
  const console = await assistant.locator('[part="console"]').boundingBox();
  const conversation = await assistant.locator('[part="conversation"]').boundingBox();
  expect(console && conversation && console.x > conversation.x).toBe(true);
  expect(await violations(page)).toEqual([]);

  // Remembered: a reload, and a new visit to another route, are in Arabic from their first paint.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(appAr.bmoHeading);
  const next = await context.newPage();
  await next.goto('/reading');
  await expectLanguage(next, 'ar', 'rtl');
  await expect(next.getByRole('heading', { level: 1 })).toHaveText(appAr.readingTitle);
  await next.close();

  await languageSwitch(page, appAr.language).selectOption('en');
  await expectLanguage(page, 'en', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(bmoPageEn.bmoHeading);
  await expect(assistant.getByRole('button', { name: bmoEn.connect, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: headerEn.navReading })).toBeVisible();
  await page.reload();
  await expectLanguage(page, 'en', 'ltr');
});
