import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../support/paths.ts';

// /docs on the built site: generated from the package's manifest, so every element the manifest
// names has its section, its live example and its snippets, and the embedder's checklist follows.

interface Manifest {
  modules: { declarations?: { tagName?: string }[] }[];
}

const manifest = JSON.parse(
  readFileSync(join(ROOT, 'web-components', 'custom-elements.json'), 'utf8'),
) as Manifest;
const tags = manifest.modules
  .flatMap((module) => module.declarations ?? [])
  .map((item) => item.tagName)
  .filter((tag): tag is string => Boolean(tag));

const SNIPPETS = ['Script tag', 'npm, plain ESM', 'React 19', 'Vue 3', 'Svelte 5'];

/** What an element's section must hold, in order, in an ARIA snapshot template. */
function sectionTemplate(tag: string): string {
  return [
    `- region ${JSON.stringify(`<${tag}>`)}:`,
    '  - group "Live example"',
    ...SNIPPETS.map(
      (label) => `  - button ${JSON.stringify(`Copy the ${label} snippet for ${tag}`)}`,
    ),
  ].join('\n');
}

test('/docs lists every element of the manifest with a live example, snippets and the checklist', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Elements' })).toBeVisible();
  expect(tags.length).toBeGreaterThanOrEqual(13);
  // The sections arrive a few per task after the heading; once all are in, they are not busy.
  // Waited for first: an ARIA snapshot of the page, taken again and again while the sections
  // arrive, holds the page's main thread, and the last section may then still be missing when the
  // snapshot's 10 s run out.
  await expect(page.locator('page-docs [aria-busy]')).toHaveAttribute('aria-busy', 'false', {
    timeout: 30_000,
  });
  // Each element's section, as a screen reader meets it: its region, its live example and a copy
  // button per snippet. One ARIA snapshot of the page rather than a role query per button: a
  // hundred queries over its 4,000 nodes would take many times as long.
  await expect(page.getByRole('main')).toMatchAriaSnapshot(tags.map(sectionTemplate).join('\n'));
  for (const tag of tags) {
    await expect(page.locator(`[role="group"][data-tag="${tag}"] > ${tag}`)).toBeAttached();
  }
  // The live examples are the real elements: the cassette set by property shows its title.
  const slot = page.locator('[data-tag="bmo-cassette-slot"] > bmo-cassette-slot');
  await expect(slot.getByRole('button', { name: /Wi-Fi/ })).toBeVisible();
  const checklist = page.getByRole('region', { name: "Embedder's checklist" });
  for (const item of [
    'connect-src',
    'Permissions-Policy: microphone',
    'allow="microphone"',
    'ALLOWED_ORIGINS',
  ]) {
    await expect(checklist).toContainText(item);
  }
  expect(errors).toEqual([]);
});
