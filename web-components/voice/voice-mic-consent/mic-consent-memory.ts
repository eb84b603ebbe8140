/**
 * The visitor's answer to a site's microphone consent text, kept in this site's localStorage (the
 * visitor clears it with the site's data). The key carries a hash of the text and its link, so a
 * changed text asks again. Where storage is refused (a private window's quota, a sandbox), nothing
 * is remembered and the element asks each time.
 */
export type MicConsentChoice = 'accepted' | 'declined';

const PREFIX = 'voice-agent-elements:mic-consent:';

/** FNV-1a over the text and link: a short, stable key (not a secret; the text is public). */
function keyOf(text: string, href: string): string {
  let hash = 0x811c9dc5;
  for (const char of `${text}\n${href}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return PREFIX + hash.toString(36);
}

/** The choice remembered for this text, if any. */
export function recallConsent(text: string, href: string): MicConsentChoice | undefined {
  try {
    const value = localStorage.getItem(keyOf(text, href));
    return value === 'accepted' || value === 'declined' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function rememberConsent(text: string, href: string, choice: MicConsentChoice): void {
  try {
    localStorage.setItem(keyOf(text, href), choice);
  } catch {
    // Not remembered: the next visit asks again.
  }
}

/** Forgets every answer given on this site, whatever its text. */
export function forgetConsent(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Nothing was stored.
  }
}
