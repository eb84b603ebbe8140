/** How the voice family's elements find their strings: English at once, other languages on demand. */
import type { SupportedLang } from '../../../contracts/locale.ts';
import { LocaleController, type LocaleHost } from '../../shared/i18n/locale-controller.ts';
import { voiceEn, type VoiceStrings } from './en.ts';

/**
 * Another language's strings (every voice element's, `AllVoiceStrings`): languages.ts, loaded the
 * first time an element asks for one.
 */
export const loadVoiceStrings = (lang: SupportedLang) =>
  import('./languages.ts').then((m) => m.load(lang));

/** A voice element's language and strings (its `lang`, an ancestor's or the page's). */
export function voiceLocale(host: LocaleHost): LocaleController<VoiceStrings> {
  return new LocaleController(host, voiceEn, loadVoiceStrings);
}
