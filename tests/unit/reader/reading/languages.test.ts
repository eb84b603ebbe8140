/**
 * The offline reader in a language it has no words for (French, German, Portuguese, Japanese,
 * Arabic): it reads the whole reading in English, as the page's note in the visitor's language
 * says (the keyed path, with OpenAI, reads in theirs), and its spoken voice speaks that English.
 */
import { describe, expect, it } from 'vitest';
import { readsIn, wordsFor } from '../../../../reader/reading/words.ts';
import { WORDS_EN } from '../../../../reader/reading/words-en.ts';
import { WORDS_ES } from '../../../../reader/reading/words-es.ts';
import { inProcess } from '../../../support/reader-driver.ts';

describe('the offline reader in a language it has no words for', () => {
  it('reads in Spanish and English, and in English for every other supported language', () => {
    expect(readsIn('es')).toBe('es');
    expect(wordsFor('es')).toBe(WORDS_ES);
    for (const lang of ['en', 'fr', 'de', 'pt', 'ja', 'ar', undefined] as const) {
      expect(readsIn(lang)).toBe('en');
      expect(wordsFor(lang)).toBe(WORDS_EN);
    }
  });

  for (const lang of ['fr', 'ja', 'ar'] as const) {
    it(`a reading opened in ${lang} greets and asks its clarifying question in English`, () => {
      const { driver } = inProcess({ lang });
      driver.open();
      driver.createResponse();
      expect(driver.said()[0]).toMatch(/^Welcome to your reading\./);
      driver.say('Will I find a new job soon?');
      expect(driver.said().at(-1)).toMatch(/^Thank you for bringing that to the cards\./);
    });
  }
});
