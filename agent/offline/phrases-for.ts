/**
 * The offline BMO's lines in the visitor's language (their token's checked `bmo.lang`), and how
 * it reads a message in that language (language.ts for English, language-es.ts for Spanish).
 */
import type { SupportedLang } from '../../contracts/locale.ts';
import { type Intent, understand } from './language.ts';
import { understandSpanish } from './language-es.ts';
import * as en from './phrases.ts';
import * as es from './phrases-es.ts';

type English = typeof en;

export type Phrases = { [K in keyof English]: English[K] extends string ? string : English[K] } & {
  /**
   * What the visitor wants, read from their message in this language; `heard`: the message is
   * what the speech recognizer heard (English only: it hears English).
   */
  understand(text: string, options?: { heard?: boolean }): Intent;
};

const ENGLISH: Phrases = { ...en, understand };
const SPANISH: Phrases = { ...es, understand: understandSpanish };

export function phrasesFor(lang: SupportedLang = 'en'): Phrases {
  return lang === 'es' ? SPANISH : ENGLISH;
}
