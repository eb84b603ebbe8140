/**
 * What the hosted page's first load knows of its language: where this site keeps the visitor's
 * choice, and whether the page is surely English (chosen so, or the browser's first language is
 * English: the choice of a supported language then always falls on English). Only when it is not
 * does the page load `page-language.ts`, which chooses and shows the language; an English first
 * load carries no more than this.
 */

import { matchLang } from '../../contracts/locale.ts';

/** Where this site keeps the visitor's choice of language (the language switch writes it). */
export const STORAGE_KEY = 'va-page-lang';

/** The language the visitor chose on this site, if they did (storage may be refused). */
export function chosenLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Whether the page is English without choosing: chosen so, or English first in the browser. */
export function surelyEnglish(): boolean {
  const chosen = chosenLanguage();
  if (chosen) return chosen === 'en';
  const { lang, supported } = matchLang(navigator.languages[0] ?? '');
  return supported && lang === 'en';
}
