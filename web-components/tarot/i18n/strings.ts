/** How the tarot family's elements find their strings: English at once, other languages on demand. */
import type { SupportedLang } from '../../../contracts/locale.ts';
import { LocaleController, type LocaleHost } from '../../shared/i18n/locale-controller.ts';
import { tarotEn, type TarotStrings } from './en.ts';

/** Another language's strings: languages.ts, loaded the first time an element asks for one. */
const load = (lang: SupportedLang) => import('./languages.ts').then((m) => m.load(lang));

/** A tarot element's language and strings (its `lang`, an ancestor's or the page's). */
export function tarotLocale(host: LocaleHost): LocaleController<TarotStrings> {
  return new LocaleController(host, tarotEn, load);
}
