/**
 * The Custom Elements Manifest describes every public element completely: `npm run manifest`'s
 * analysis, run here into a scratch folder, must name each attribute, property, event, slot, part
 * and custom property the element's sources declare (see helpers/element-api.ts), for the
 * families' elements only (never the hosted page's).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readElementApis, type ElementApi } from '../helpers/element-api.ts';
import { ROOT } from '../../support/paths.ts';

interface Named {
  name?: string;
}
interface ManifestElement {
  tagName?: string;
  customElement?: boolean;
  attributes?: Named[];
  members?: (Named & { kind?: string })[];
  events?: Named[];
  slots?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
}
interface Manifest {
  modules: { path: string; declarations?: ManifestElement[] }[];
}

const PACKAGE = join(ROOT, 'web-components');
const scratch = mkdtempSync(join(tmpdir(), 'manifest-'));
let manifest: Manifest;
let apis: ElementApi[];

/** Every item an element's sources declare that its manifest entry does not name. */
function missing(manifest: Manifest, apis: ElementApi[]): string[] {
  const elements = new Map(
    manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .map((item) => [item.tagName, item]),
  );
  const names = (items: Named[] | undefined) =>
    new Set((items ?? []).map((item) => item.name ?? ''));
  const gaps: string[] = [];
  for (const api of apis) {
    const element = elements.get(api.tag);
    if (!element) {
      gaps.push(`${api.tag}: not in the manifest`);
      continue;
    }
    const check = (kind: string, declared: string[], listed: Set<string>) => {
      for (const name of declared)
        if (!listed.has(name)) gaps.push(`${api.tag}: ${kind} ${name || '(default)'}`);
    };
    check('attribute', api.attributes, names(element.attributes));
    check(
      'property',
      api.properties,
      names(element.members?.filter((member) => member.kind === 'field')),
    );
    check('event', api.events, names(element.events));
    check('slot', api.slots, names(element.slots));
    check('part', api.parts, names(element.cssParts));
    check('custom property', api.cssProperties, names(element.cssProperties));
  }
  return gaps;
}

beforeAll(() => {
  execFileSync(
    join(ROOT, 'node_modules', '.bin', 'cem'),
    [
      'analyze',
      '--config',
      'custom-elements-manifest.config.js',
      '--outdir',
      relative(PACKAGE, scratch),
    ],
    { cwd: PACKAGE, stdio: 'pipe' },
  );
  manifest = JSON.parse(readFileSync(join(scratch, 'custom-elements.json'), 'utf8')) as Manifest;
  apis = readElementApis(PACKAGE);
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the Custom Elements Manifest', () => {
  it('lists the families’ elements and no element of the hosted page', () => {
    const tags = manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .map((item) => item.tagName);
    expect([...tags].sort()).toEqual(apis.map((api) => api.tag).sort());
    expect(tags).toEqual(
      expect.arrayContaining(['tarot-reading', 'bmo-assistant', 'voice-speaker-button']),
    );
    expect(tags.filter((tag) => tag?.startsWith('page-'))).toEqual([]);
    expect(manifest.modules.every((module) => module.path.startsWith('dist/web-components/'))).toBe(
      true,
    );
  });

  it('names every attribute, property, event, slot, part and custom property the sources declare', () => {
    expect(apis.length).toBeGreaterThanOrEqual(13);
    expect(apis.flatMap((api) => api.events)).toContain('bmo-cassette-open');
    expect(apis.flatMap((api) => api.parts)).toContain('cassette-slot');
    expect(missing(manifest, apis)).toEqual([]);
  });

  it('would fail for an element whose manifest entry lost an event, a part or a token', () => {
    const stripped = structuredClone(manifest);
    for (const element of stripped.modules.flatMap((module) => module.declarations ?? [])) {
      if (element.tagName !== 'bmo-cassette-slot') continue;
      element.events = element.events?.filter((event) => event.name !== 'bmo-cassette-open');
      element.cssParts = element.cssParts?.slice(1);
      element.cssProperties = element.cssProperties?.filter(
        (property) => property.name !== '--va-color-text',
      );
    }
    const gaps = missing(stripped, apis);
    expect(gaps).toContain('bmo-cassette-slot: event bmo-cassette-open');
    expect(gaps.some((gap) => gap.startsWith('bmo-cassette-slot: part '))).toBe(true);
    expect(gaps).toContain('bmo-cassette-slot: custom property --va-color-text');
  });
});
