/**
 * The voice family's other languages: each one's module, loaded the first time an element speaks
 * it. This table loads only when an element first asks for a language other than English
 * (strings.ts), so an English first load carries none of it.
 */
import type { SupportedLang } from '../../../contracts/locale.ts';
import type { AllVoiceStrings } from './start-audio-en.ts';

const MODULES: Partial<Record<SupportedLang, () => Promise<{ default: AllVoiceStrings }>>> = {
  es: () => import('./es.ts'),
  fr: () => import('./fr.ts'),
  de: () => import('./de.ts'),
  pt: () => import('./pt.ts'),
  ja: () => import('./ja.ts'),
  ar: () => import('./ar.ts'),
};

/** `lang`'s strings, or undefined for a language the family does not speak. */
export async function load(lang: SupportedLang): Promise<AllVoiceStrings | undefined> {
  return (await MODULES[lang]?.())?.default;
}
