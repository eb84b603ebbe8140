/** How the BMO family's elements find their strings: English at once, other languages on demand. */
import type { SupportedLang } from '../../../contracts/locale.ts';
import { LocaleController, type LocaleHost } from '../../shared/i18n/locale-controller.ts';
import { bmoEn, type BmoElementStrings } from './en.ts';

/** Another language's strings: languages.ts, loaded the first time an element asks for one. */
const load = (lang: SupportedLang) => import('./languages.ts').then((m) => m.load(lang));

/** What the page says (in English) when BMO hears nothing here: typing only. */
export const OFFLINE_NOTICE = bmoEn.offlineNotice;

/** A BMO element's language and strings (its `lang`, an ancestor's or the page's). */
export function bmoLocale(host: LocaleHost): LocaleController<BmoElementStrings> {
  return new LocaleController(host, bmoEn, load);
}
