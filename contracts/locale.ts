/**
 * The languages the elements and the agents speak: a closed list, checked before a language tag
 * reaches a family's strings or an agent's instructions (never free text into a prompt). Zod-free, so an
 * element's first load can check a tag; `locale-schema.ts` is the same list as a zod schema for
 * the boundaries (a token request, a participant attribute).
 */

/**
 * The supported language tags (primary subtags), English first: the fallback. A regional tag
 * reads as its language (`es-MX` is `es`; `pt-PT` is `pt`, whose strings are Brazilian).
 */
export const SUPPORTED_LANGS = ['en', 'es', 'fr', 'de', 'pt', 'ja', 'ar'] as const;
export type SupportedLang = (typeof SUPPORTED_LANGS)[number];
export const DEFAULT_LANG: SupportedLang = 'en';

/** Primary subtags written right to left: their layouts mirror even without a `dir`. */
const RTL_LANGS = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'sd', 'ckb', 'dv']);

/** The primary subtag of a BCP 47 tag, lower-cased (`es-MX` → `es`). */
export function primarySubtag(tag: string): string {
  return tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
}

export function isSupportedLang(value: unknown): value is SupportedLang {
  return typeof value === 'string' && (SUPPORTED_LANGS as readonly string[]).includes(value);
}

/** What a requested tag resolves to: a supported language, and whether the request was met. */
export interface LangMatch {
  lang: SupportedLang;
  /** False when a tag was asked for that no family's strings speak: the element falls back to English. */
  supported: boolean;
}

/** Checks `tag` against the closed list; an empty tag is English, asked for by nobody. */
export function matchLang(tag: string): LangMatch {
  const primary = primarySubtag(tag);
  if (!primary) return { lang: DEFAULT_LANG, supported: true };
  return isSupportedLang(primary)
    ? { lang: primary, supported: true }
    : { lang: DEFAULT_LANG, supported: false };
}

/** Whether a language tag is written right to left (Arabic, Hebrew, Persian, Urdu, …). */
export function isRtlLang(tag: string): boolean {
  return RTL_LANGS.has(primarySubtag(tag));
}
