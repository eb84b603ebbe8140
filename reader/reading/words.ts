/**
 * The words a reading speaks, by its checked language (contracts/locale.ts): English unless the
 * session was opened for another language the reader has words for (Spanish).
 */
import type { SupportedLang } from '../../contracts/locale.ts';
import { WORDS_EN, type ReaderWords } from './words-en.ts';
import { WORDS_ES } from './words-es.ts';

export type { ReaderWords } from './words-en.ts';

const WORDS = { en: WORDS_EN, es: WORDS_ES } satisfies Partial<Record<SupportedLang, ReaderWords>>;

/** A language the reader has words for. */
export type ReaderLang = keyof typeof WORDS;

function hasWords(lang: string): lang is ReaderLang {
  return Object.hasOwn(WORDS, lang);
}

/**
 * The language a reading asked for in `lang` is read in: its own where the reader has its words,
 * else English (the page says so in the visitor's language; with OpenAI the reading is in theirs).
 */
export function readsIn(lang: SupportedLang | undefined): ReaderLang {
  return lang && hasWords(lang) ? lang : 'en';
}

export function wordsFor(lang: SupportedLang | undefined): ReaderWords {
  return WORDS[readsIn(lang)];
}

/** The words of a reading, by the language its state keeps. */
export function wordsOf(state: { lang?: SupportedLang | undefined }): ReaderWords {
  return wordsFor(state.lang);
}
