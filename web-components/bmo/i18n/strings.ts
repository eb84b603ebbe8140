/** How the BMO family's elements find their strings: English at once, other languages on demand. */
import { LocaleController, type LocaleHost } from '../../shared/i18n/locale-controller.ts';
import { bmoEn, type BmoElementStrings } from './en.ts';

const loadEs = (): Promise<BmoElementStrings> => import('./es.ts').then((m) => m.bmoEs);

/** What the page says (in English) when BMO runs offline: it answers typed messages, nothing spoken. */
export const OFFLINE_NOTICE = bmoEn.offlineNotice;

/** A BMO element's language and strings (its `lang`, an ancestor's or the page's). */
export function bmoLocale(host: LocaleHost): LocaleController<BmoElementStrings> {
  return new LocaleController(host, bmoEn, { es: loadEs });
}
