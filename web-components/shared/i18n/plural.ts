/**
 * A counted word in a language's own plural forms, by `Intl.PluralRules`: English and Spanish
 * have two (`one`, `other`), Japanese one, Arabic six (`zero`, `one`, `two`, `few`, `many`,
 * `other`). A language's strings give the forms it has; `other` stands in for any it leaves out.
 * Only the strings of languages that load on demand use it, so no first load carries it.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export function plural(lang: string, n: number, forms: PluralForms): string {
  return forms[new Intl.PluralRules(lang).select(n)] ?? forms.other;
}
