/** How the voice family's elements find their strings: English at once, other languages on demand. */
import { LocaleController, type LocaleHost } from '../../shared/i18n/locale-controller.ts';
import { voiceEn, type VoiceStrings } from './en.ts';

const loadEs = (): Promise<VoiceStrings> => import('./es.ts').then((m) => m.voiceEs);

/** A voice element's language and strings (its `lang`, an ancestor's or the page's). */
export function voiceLocale(host: LocaleHost): LocaleController<VoiceStrings> {
  return new LocaleController(host, voiceEn, { es: loadEs });
}
