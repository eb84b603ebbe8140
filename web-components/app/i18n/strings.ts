/**
 * The hosted page's strings in its language: English is each route's own module (header-en.ts,
 * home-en.ts, …; en.ts names them all), in that route's first load; another language is one
 * module with every key (`es.ts`, `fr.ts`, …), loaded when the page is shown in it. The router
 * hands each route the strings of the page's language (`PageStrings`), which it lays over its English;
 * it hands none while the page is in English, which each route and index.html already speak.
 */
import type { SupportedLang } from '../../../contracts/locale.ts';
import type { AppStrings } from './en.ts';
import { headerEn } from './header-en.ts';

/** What a route is given: its strings and the header's, in the page's language. */
export type PageStrings = Partial<AppStrings>;

const LOADERS: Partial<Record<SupportedLang, () => Promise<AppStrings>>> = {
  es: () => import('./es.ts').then((m) => m.appEs),
  fr: () => import('./fr.ts').then((m) => m.appFr),
  de: () => import('./de.ts').then((m) => m.appDe),
  pt: () => import('./pt.ts').then((m) => m.appPt),
  ja: () => import('./ja.ts').then((m) => m.appJa),
  ar: () => import('./ar.ts').then((m) => m.appAr),
};

/** The page's strings in `lang` (English: the header's); the header's English where they cannot load. */
export async function loadPageStrings(lang: SupportedLang): Promise<PageStrings> {
  const load = LOADERS[lang];
  try {
    return load ? await load() : headerEn;
  } catch {
    return headerEn;
  }
}
