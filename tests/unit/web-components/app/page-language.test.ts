/**
 * The hosted page's language, chosen from the visitor's: their choice on this site, else the first
 * of the browser's languages the elements speak, else English; and whether the first load can
 * tell at once that the page is English (then it loads nothing more to choose).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { surelyEnglish } from '../../../../web-components/app/language.ts';
import { pageLanguage, pickLanguage } from '../../../../web-components/app/page-language.ts';

/** A browser whose languages are `languages` and whose storage holds `chosen` for the site. */
function browser(languages: readonly string[], chosen: string | null = null): void {
  vi.stubGlobal('navigator', { languages });
  vi.stubGlobal('localStorage', { getItem: () => chosen });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the page’s language', () => {
  it('is the first of the browser’s languages the elements speak, by its primary subtag', () => {
    expect(pickLanguage(['fr-CA', 'en'])).toBe('fr');
    expect(pickLanguage(['it-IT', 'it', 'de-AT', 'en'])).toBe('de');
    expect(pickLanguage(['pt-PT'])).toBe('pt');
    expect(pickLanguage(['ja'])).toBe('ja');
    expect(pickLanguage(['ar-EG', 'en'])).toBe('ar');
    expect(pickLanguage(['en-GB', 'es'])).toBe('en');
  });

  it('is English when the browser names none the elements speak, or none at all', () => {
    expect(pickLanguage(['it', 'zh-CN'])).toBe('en');
    expect(pickLanguage(['', ' '])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('is the visitor’s own choice on this site over the browser’s languages', () => {
    browser(['de-DE', 'en'], 'ja');
    expect(pageLanguage()).toBe('ja');
    browser(['de-DE', 'en'], 'tlh'); // a stored value that is no supported language
    expect(pageLanguage()).toBe('de');
    browser(['de-DE', 'en']);
    expect(pageLanguage()).toBe('de');
  });

  it('is the browser’s when storage is refused', () => {
    vi.stubGlobal('navigator', { languages: ['es-MX'] });
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(pageLanguage()).toBe('es');
  });
});

describe('an English first load', () => {
  it('knows the page is English when the visitor chose it, or the browser puts English first', () => {
    browser(['en-US', 'fr']);
    expect(surelyEnglish()).toBe(true);
    browser(['fr-FR', 'en'], 'en');
    expect(surelyEnglish()).toBe(true);
    browser([]);
    expect(surelyEnglish()).toBe(true);
  });

  it('chooses when the page may be in another language, even one that ends in English', () => {
    browser(['fr-FR', 'en']);
    expect(surelyEnglish()).toBe(false);
    browser(['en-US'], 'ar');
    expect(surelyEnglish()).toBe(false);
    browser(['it']); // no language the elements speak: the choice falls on English, after a look
    expect(surelyEnglish()).toBe(false);
  });
});
