/**
 * The words a reading speaks, by its checked language (contracts/locale.ts): English unless the
 * session was opened for another supported language.
 */
import type { SupportedLang } from '../../contracts/locale.ts';
import { WORDS_EN, type ReaderWords } from './words-en.ts';
import { WORDS_ES } from './words-es.ts';

export type { ReaderWords } from './words-en.ts';

const WORDS: Record<SupportedLang, ReaderWords> = { en: WORDS_EN, es: WORDS_ES };

export function wordsFor(lang: SupportedLang | undefined): ReaderWords {
  return WORDS[lang ?? 'en'];
}

/** The words of a reading, by the language its state keeps. */
export function wordsOf(state: { lang?: SupportedLang | undefined }): ReaderWords {
  return wordsFor(state.lang);
}
