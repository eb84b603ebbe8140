/**
 * A reading's strings in its language: the host's (its elements' strings and any a site replaced)
 * over the session's own errors, notes and announcements, which are English until they have
 * loaded: English comes with the session, another language by `import()` when a reading in it
 * first opens (`load()`, which each open waits for).
 */
import type { SupportedLang } from '../../../contracts/locale.ts';
import { READING_EN, type ReadingStrings, type tarotSessionEn } from './session-en.ts';

type SessionStrings = typeof tarotSessionEn;

const LOADERS: Partial<Record<SupportedLang, () => Promise<SessionStrings>>> = {
  es: () => import('./session-es.ts').then((m) => m.tarotSessionEs),
  fr: () => import('./session-fr.ts').then((m) => m.tarotSessionFr),
  de: () => import('./session-de.ts').then((m) => m.tarotSessionDe),
  pt: () => import('./session-pt.ts').then((m) => m.tarotSessionPt),
  ja: () => import('./session-ja.ts').then((m) => m.tarotSessionJa),
  ar: () => import('./session-ar.ts').then((m) => m.tarotSessionAr),
};

export class ReadingLocale {
  #lang: SupportedLang;
  #host: (() => Partial<ReadingStrings>) | undefined;
  #own: Partial<SessionStrings> = {};
  /** The load under way, or true once it is done (or there is nothing to load). */
  #loading: Promise<void> | true | undefined;

  constructor(lang: SupportedLang = 'en', host?: () => Partial<ReadingStrings>) {
    this.#lang = lang;
    this.#host = host;
  }

  /** Every string of the reading, as they stand now. */
  get t(): ReadingStrings {
    return { ...READING_EN, ...this.#own, ...this.#host?.() };
  }

  /**
   * Loads the session's own strings in the reading's language, once (English where they fail):
   * the load while it is under way, nothing once they are in, so a caller that finds them in goes
   * on in the same task.
   */
  load(): Promise<void> | undefined {
    const loader = LOADERS[this.#lang];
    this.#loading ??= loader
      ? loader().then(
          (own) => {
            this.#own = own;
            this.#loading = true;
          },
          () => {
            this.#loading = true;
          },
        )
      : true;
    return this.#loading === true ? undefined : this.#loading;
  }
}
