/** How the tarot family's elements find their strings: English at once, other languages on demand. */
import type { SupportedLang } from '../../../contracts/locale.ts';
import { LocaleController, type LocaleHost } from '../../shared/i18n/locale-controller.ts';
import type { TarotStrings } from './en.ts';

/** Another language's strings: languages.ts, loaded the first time an element asks for one. */
const load = (lang: SupportedLang) => import('./languages.ts').then((m) => m.load(lang));

/**
 * A tarot element's language and strings (its `lang`, an ancestor's or the page's). `en` is the
 * part of the family's English the element shows (`root-en.ts`, `cards-en.ts`, or all of `en.ts`),
 * so an element carries only its own words; another language comes whole.
 */
export function tarotLocale<K extends keyof TarotStrings>(
  host: LocaleHost,
  en: Pick<TarotStrings, K>,
): LocaleController<Pick<TarotStrings, K>> {
  return new LocaleController(host, en, load);
}
