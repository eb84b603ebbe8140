/**
 * The vocabulary the recognizer is told to expect, which for a visitor names public notes only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_VAULT_PATH } from '../../../../agent/config.ts';
import { VaultIndex } from '../../../../agent/vault-index.ts';
import { MAX_VOCABULARY_CHARS, bmoVocabulary } from '../../../../agent/voice/vocabulary.ts';

describe("BMO's vocabulary for the recognizer", () => {
  let sample: VaultIndex;
  beforeAll(async () => {
    sample = await VaultIndex.open(SAMPLE_VAULT_PATH);
  });
  afterAll(() => sample.close());

  it("is the owner's note titles and headings, and a visitor's from public notes only", () => {
    const owner = bmoVocabulary(sample.names('all'));
    expect(owner).toMatch(/^BMO, /);
    for (const name of ['PhilHealth ID', 'Guest Wi-Fi', 'Kyoto trip', 'Chicken adobo']) {
      expect(owner).toContain(name);
    }
    const visitor = bmoVocabulary(sample.names('public'));
    expect(visitor).toContain('Guest Wi-Fi');
    for (const name of ['PhilHealth', 'Health insurance', 'Kyoto', 'Contacts', 'Landlord']) {
      expect(visitor).not.toContain(name);
    }
  });

  it('keeps to what the recognizer reads, and leaves out names with no letters', () => {
    const many = Array.from({ length: 500 }, (_, i) => `Note number ${i}`);
    const prompt = bmoVocabulary(['2026-11-20', ...many]);
    expect(prompt.length).toBeLessThanOrEqual(MAX_VOCABULARY_CHARS);
    expect(prompt).not.toContain('2026-11-20');
    expect(prompt).toContain('Note number 0');
  });
});
