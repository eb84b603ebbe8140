/**
 * The hosted page's own strings in English, part one: the header every route shares (the skip
 * link, the site's name, the main navigation, the language switch) and the tab's title. index.html
 * carries the same strings for a browser that runs no script. Each route's strings are their own
 * module beside this one (home-en.ts, reading-en.ts, bmo-en.ts, not-found-en.ts, docs-en.ts), so
 * a route's first load carries its strings only; another language's are one module (`es.ts`,
 * `fr.ts`, …) with every key, loaded when the page is shown in it.
 */
import { SITE_NAME_EN, titleEn } from './site-en.ts';

export const headerEn = {
  skipLink: 'Skip to content',
  siteName: SITE_NAME_EN,
  mainNav: 'Main',
  navReading: 'Tarot reading',
  navBmo: 'BMO',
  navDocs: 'Elements',
  language: 'Language',
  title: titleEn,
};
