/** How the BMO family's elements find their words: English at once, other languages on demand. */
import { LocaleController, type LocaleHost } from '../../shared/i18n/locale-controller.ts';
import { bmoEn, type BmoElementStrings } from './en.ts';

const loadEs = (): Promise<BmoElementStrings> => import('./es.ts').then((m) => m.bmoEs);

/** A BMO element's language and words (its `lang`, an ancestor's or the page's). */
export function bmoLocale(host: LocaleHost): LocaleController<BmoElementStrings> {
  return new LocaleController(host, bmoEn, { es: loadEs });
}
