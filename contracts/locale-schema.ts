/**
 * The supported languages (contracts/locale.ts) for the boundaries and the agents: a zod schema
 * for where a tag arrives from outside (a token request's `lang`, the participant attribute the
 * worker reads), and each language's name as an agent's instructions name it. The `locale`
 * pair's schema half (see `api.ts`): no element's first load carries it.
 */
import { z } from 'zod';
import { SUPPORTED_LANGS, type SupportedLang } from './locale.ts';

export const SupportedLangSchema = z.enum(SUPPORTED_LANGS);

/** Each supported language's name, as an instruction to an agent names it. */
export const LANG_NAMES: Record<SupportedLang, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  pt: 'Brazilian Portuguese',
  ja: 'Japanese',
  ar: 'Arabic',
};
