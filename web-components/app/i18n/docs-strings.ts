/** How /docs finds its own strings: English with the page, another language on demand. */
import type { SupportedLang } from '../../../contracts/locale.ts';
import { LocaleController, type LocaleHost } from '../../shared/i18n/locale-controller.ts';
import { docsEn, type DocsStrings } from './docs-en.ts';

const MODULES: Partial<Record<SupportedLang, () => Promise<{ default: DocsStrings }>>> = {
  es: () => import('./docs-es.ts'),
  fr: () => import('./docs-fr.ts'),
  de: () => import('./docs-de.ts'),
  pt: () => import('./docs-pt.ts'),
  ja: () => import('./docs-ja.ts'),
  ar: () => import('./docs-ar.ts'),
};

/** /docs's language and strings: the document's. */
export function docsLocale(host: LocaleHost): LocaleController<DocsStrings> {
  return new LocaleController(host, docsEn, async (lang) => (await MODULES[lang]?.())?.default);
}
