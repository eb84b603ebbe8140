/** How the tarot family's elements find their strings: English at once, other languages on demand. */
import { LocaleController, type LocaleHost } from '../../shared/i18n/locale-controller.ts';
import { tarotEn, type TarotStrings } from './en.ts';

const loadEs = (): Promise<TarotStrings> => import('./es.ts').then((m) => m.tarotEs);

/** A tarot element's language and strings (its `lang`, an ancestor's or the page's). */
export function tarotLocale(host: LocaleHost): LocaleController<TarotStrings> {
  return new LocaleController(host, tarotEn, { es: loadEs });
}
