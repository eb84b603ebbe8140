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

test('/docs lists every element of the manifest with a live example, snippets and the checklist', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Elements' })).toBeVisible();
  expect(tags.length).toBeGreaterThanOrEqual(13);
  for (const tag of tags) {
    const section = page.getByRole('region', { name: `<${tag}>` });
    await expect(section).toBeVisible();
    await expect(
      section.getByRole('group', { name: 'Live example', exact: true }).locator(`:scope > ${tag}`),
    ).toBeAttached();
    for (const label of ['Script tag', 'npm, plain ESM', 'React 19', 'Vue 3', 'Svelte 5']) {
      await expect(
        section.getByRole('button', { name: `Copy the ${label} snippet for ${tag}` }),
      ).toBeVisible();
    }
  }
  // The live examples are the real elements: the cassette set by property shows its title.
  const slot = page
    .getByRole('region', { name: '<bmo-cassette-slot>' })
    .getByRole('group', { name: 'Live example', exact: true })
    .locator(':scope > bmo-cassette-slot');
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
