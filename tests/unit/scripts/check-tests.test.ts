/**
 * The tests check behind `npm run check`: browser and e2e tests find things by role, label, text or
 * part, never by an element's internal CSS class, and never sleep for a fixed time. The
 * repository's own tests pass it, layout and all (the layout rules: test-layout.test.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTests, classInSelector, testFindings } from '../../../scripts/check-tests.ts';

describe('the tests check', () => {
  it('passes the repository’s own tests', () => {
    expect(checkTests()).toEqual([]);
  });

  it('refuses a locator that reaches into an element by its internal class', () => {
    const source = [
      "const answers = page.locator('tarot-reading-text .message.user');",
      "const status = root(el).querySelector('.status');",
      "const cancel = must(picker, 'button.cancel');",
    ].join('\n');
    expect(testFindings('tests/e2e/x.spec.ts', source)).toEqual([
      { file: 'tests/e2e/x.spec.ts', line: 1, message: expect.stringContaining('.message') },
      { file: 'tests/e2e/x.spec.ts', line: 2, message: expect.stringContaining('.status') },
      { file: 'tests/e2e/x.spec.ts', line: 3, message: expect.stringContaining('.cancel') },
    ]);
  });

  it('refuses a class in any selector string, whatever helper takes it', () => {
    expect(testFindings('x.ts', "text(el, '.label');")).toHaveLength(1);
    expect(testFindings('x.ts', 'const s = `.example > ${tag}`;')).toHaveLength(1);
  });

  it('takes roles, labels, text, parts, tags, ids and attributes', () => {
    const source = [
      "page.getByRole('button', { name: 'End reading' });",
      'reading.locator(\'tarot-reading-text [part~="message-user"]\');',
      'picker.locator(\'[part="card"][data-card-id="the-fool"]\');',
      "page.locator('#engine-notice');",
      "page.locator('voice-speaker-button button');",
      "bmo.locator('::part(cassette-content)');",
      "page.locator('text=Connected');",
    ].join('\n');
    expect(testFindings('tests/e2e/x.spec.ts', source)).toEqual([]);
  });

  it('does not read sentences, file names or dotted names as selectors', () => {
    for (const text of [
      'follows a new store given as .store, and no longer the old one',
      'custom-elements.json',
      'Guest Wi-Fi.md',
      '.d.ts',
      'bmo.engine',
      'whisper-tiny.en',
      'main.ts',
      'node_modules/.bin',
    ]) {
      expect(classInSelector(text), text).toBeUndefined();
    }
    // …nor comments
    expect(testFindings('x.ts', "// page.locator('.message')\n/* must(el, '.x') */")).toEqual([]);
  });

  it('refuses a fixed sleep: waitForTimeout, aTimeout, a promise resolved by setTimeout', () => {
    const source = [
      'await page.waitForTimeout(500);',
      'await aTimeout(100);',
      'await new Promise((resolve) => setTimeout(resolve, 700));',
      'await new Promise((r) => setTimeout(r, 0));',
    ].join('\n');
    expect(testFindings('tests/browser/x.test.ts', source).map(({ line }) => line)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('lets a test set its own time limit, and wait for an animation or an event', () => {
    const source = [
      'test.setTimeout(120_000);',
      'await Promise.all(el.getAnimations().map((a) => a.finished));',
      "await oneEvent(el, 'tarot-card-shown');",
    ].join('\n');
    expect(testFindings('tests/e2e/x.spec.ts', source)).toEqual([]);
  });

  it('finds a deliberate class selector and a fixed sleep in a tree of tests', () => {
    const root = mkdtempSync(join(tmpdir(), 'check-tests-'));
    try {
      mkdirSync(join(root, 'tests', 'browser'), { recursive: true });
      mkdirSync(join(root, 'tests', 'e2e'), { recursive: true });
      writeFileSync(
        join(root, 'tests', 'browser', 'a.test.ts'),
        'await new Promise((resolve) => setTimeout(resolve, 300));\n',
      );
      writeFileSync(
        join(root, 'tests', 'e2e', 'b.spec.ts'),
        "await expect(page.locator('bmo-cassette-slot .content')).toHaveText('x');\n",
      );
      const found = checkTests(root).map(({ file, line }) => `${file}:${line}`);
      expect(found).toEqual(['tests/browser/a.test.ts:1', 'tests/e2e/b.spec.ts:1']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
