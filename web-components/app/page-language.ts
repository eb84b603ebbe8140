/**
 * The hosted page in the visitor's language, and the language switch. The language is the
 * visitor's own choice when they made one on this site (kept in localStorage), else the first of
 * the browser's languages (`navigator.languages`, most wanted first) that the elements speak, else
 * English; it is set as the document's `lang` and `dir`, which every element on the page follows.
 * index.html writes the header in English (so a browser that runs no script shows it); in another
 * language this loads the page's strings, sets each `data-string` node's text (and each
 * `data-string-label` node's accessible name) and the switch's choice, and hands the strings on to the
 * routes. Loaded only when the page may not be English (language.ts) or the visitor uses the switch.
 *
 * Chosen in the browser rather than at the edge: the page's routes are static assets, cached as
 * they are (no `Vary: Accept-Language` splitting the cache per language), `navigator.languages`
 * is the list `Accept-Language` is made from, and the visitor's own choice lives in the browser.
 */
import {
  type SupportedLang,
  isRtlLang,
  isSupportedLang,
  matchLang,
} from '../../contracts/locale.ts';
import { headerEn } from './i18n/header-en.ts';
import { type PageStrings, loadPageStrings } from './i18n/strings.ts';
import { STORAGE_KEY, chosenLanguage } from './language.ts';

/** The first of `wanted` (BCP 47 tags, most wanted first) that the elements speak; else English. */
export function pickLanguage(wanted: readonly string[]): SupportedLang {
  for (const tag of wanted) {
    const { lang, supported } = matchLang(tag);
    if (supported && tag.trim()) return lang;
  }
  return 'en';
}

/** The page's language: the visitor's choice on this site, else their browser's, else English. */
export function pageLanguage(): SupportedLang {
  const chosen = chosenLanguage();
  return isSupportedLang(chosen) ? chosen : pickLanguage(navigator.languages);
}

/**
 * Sets `lang` and `dir` on the document. Portuguese is tagged `pt-BR`, the variety its strings are
 * written in, so fonts, hyphenation and screen readers pick it.
 */
function applyLanguage(lang: SupportedLang): void {
  const root = document.documentElement;
  root.lang = lang === 'pt' ? 'pt-BR' : lang;
  root.dir = isRtlLang(lang) ? 'rtl' : 'ltr';
}

function isHeaderString(key: string | undefined): key is Exclude<keyof typeof headerEn, 'title'> {
  return key !== undefined && key !== 'title' && key in headerEn;
}

/** Shows the page in `lang`: the document's `lang` and `dir`, the header and its switch. */
async function showLanguage(lang: SupportedLang): Promise<PageStrings> {
  applyLanguage(lang);
  const strings = await loadPageStrings(lang);
  for (const node of document.querySelectorAll<HTMLElement>('[data-string], [data-string-label]')) {
    const key = node.dataset['string'] ?? node.dataset['stringLabel'];
    const string = isHeaderString(key) ? strings[key] : undefined;
    if (string === undefined) continue;
    if (node.dataset['string']) node.textContent = string;
    else node.setAttribute('aria-label', string);
  }
  const select = document.querySelector('select[name="language"]');
  if (select instanceof HTMLSelectElement) select.value = lang;
  return strings;
}

/**
 * The page's language chosen and shown, before its first route renders: the route's strings in it,
 * or none in English (each route's own).
 */
export async function showPageLanguage(): Promise<PageStrings | undefined> {
  const lang = pageLanguage();
  return lang === 'en' ? undefined : showLanguage(lang);
}

/**
 * The visitor chose a language in the switch (`event` is its `change`): the page is shown in it
 * from now on (the document's `lang` and `dir`, which every element follows, then the header's
 * and the route's strings, which `show` hands the route), and this site remembers it.
 */
export async function switchLanguage(
  event: Event,
  show: (strings: PageStrings) => void,
): Promise<void> {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || !isSupportedLang(select.value)) return;
  const lang = select.value;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private modes may refuse storage: the choice holds for this visit.
  }
  const strings = await showLanguage(lang);
  if (select.value === lang) show(strings); // else a newer choice won
}
