/**
 * The offline BMO's lines in the visitor's language (their token's checked `bmo.lang`), and how
 * it reads a message in that language into what language.ts understands.
 */
import type { SupportedLang } from '../../contracts/locale.ts';
import * as en from './phrases.ts';
import * as es from './phrases-es.ts';
import { fromSpanish } from './spanish.ts';

type English = typeof en;

export type Phrases = { [K in keyof English]: English[K] extends string ? string : English[K] } & {
  /** The message as language.ts reads it. */
  understood(text: string): string;
};

const ENGLISH: Phrases = { ...en, understood: (text) => text };
const SPANISH: Phrases = { ...es, understood: fromSpanish };

export function phrasesFor(lang: SupportedLang = 'en'): Phrases {
  return lang === 'es' ? SPANISH : ENGLISH;
}
