/**
 * The published package's metadata says what its code does: `sideEffects` names exactly the
 * modules that define elements (and the family entries that import them), the dependencies are
 * the browser's only, the two OpenAI SDK packages are pinned to one version, and the define guard
 * lets two copies of the elements share a page and a server import them without a DOM.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { customElement } from '../../../web-components/shared/define.ts';
import { ROOT } from '../../support/paths.ts';

interface PackageJson {
  name: string;
  license?: string;
  sideEffects: string[];
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  exports: Record<string, unknown>;
  engines?: { node?: string };
}

const read = (path: string): PackageJson =>
  JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as PackageJson;
const pkg = read('web-components/package.json');
const SERVER_ONLY = ['@livekit/agents', '@livekit/rtc-node', 'hono', 'minisearch', 'sharp', 'ws'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'app' || entry.name === 'dist' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('the voice-agent-elements package', () => {
  it('names in sideEffects every module that defines an element, and no other module', () => {
    // Both the shipped modules and their sources: the hosted page and the /embed/ bundle build
    // from the sources, which sit inside this package's folder and so obey its sideEffects too
    // (a source left out would have its element's define tree-shaken away).
    const defining = sources(join(ROOT, 'web-components'))
      .filter((path) => /^@customElement\(/m.test(readFileSync(path, 'utf8')))
      .map((path) => relative(join(ROOT, 'web-components'), path));
    expect(defining.length).toBeGreaterThanOrEqual(13);
    const expected = [
      ...defining.map((path) => `./dist/web-components/${path.replace(/\.ts$/, '.js')}`),
      ...defining.map((path) => `./${path}`),
    ];
    // The family entries (`index`, and the tarot's `cards`) are listed too: they register.
    const listed = pkg.sideEffects.filter(
      (entry) => !/\/(index|tarot\/cards)\.(js|ts)$/.test(entry) && entry !== '*.css',
    );
    expect([...listed].sort()).toEqual([...expected].sort());
  });

  it('depends on browser libraries only, with the two OpenAI SDK packages pinned alike', () => {
    const names = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
    expect(names.filter((name) => SERVER_ONLY.includes(name))).toEqual([]);
    expect(names.sort()).toEqual(
      [
        '@lit/context',
        '@openai/agents-core',
        '@openai/agents-realtime',
        'lit',
        'livekit-client',
        'nanostores',
        'zod',
      ].sort(),
    );
    expect(pkg.dependencies['@openai/agents-core']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.dependencies['@openai/agents-core']).toBe(
      pkg.dependencies['@openai/agents-realtime'],
    );
    expect(pkg.license).toBe('MIT');
    expect(Object.keys(pkg.exports)).toEqual(
      expect.arrayContaining([
        './voice',
        './tarot',
        './bmo',
        './tokens.css',
        './custom-elements.json',
      ]),
    );
  });

  it('states the Node versions that run TypeScript by type stripping, as .ci/run checks', () => {
    const engines = read('package.json').engines?.node;
    expect(engines).toBe('^22.18.0 || >=23.6.0');
    expect(read('agent/package.json').engines?.node).toBe(engines);
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    expect(ci).toContain('22.18');
    expect(ci).toContain('23.6');
  });
});

describe('the define guard', () => {
  it('defines a free tag, and leaves a tag another copy defined first to that copy', () => {
    const defined = new Map<string, CustomElementConstructor>();
    const registry = {
      get: (tag: string) => defined.get(tag),
      define: vi.fn((tag: string, element: CustomElementConstructor) => {
        if (defined.has(tag)) throw new Error(`${tag} has already been used`);
        defined.set(tag, element);
      }),
    };
    vi.stubGlobal('customElements', registry);
    try {
      class First {}
      class Second {}
      expect(customElement('va-test')(First as unknown as CustomElementConstructor)).toBe(First);
      expect(() =>
        customElement('va-test')(Second as unknown as CustomElementConstructor),
      ).not.toThrow();
      expect(defined.get('va-test')).toBe(First);
      expect(registry.define).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('defines nothing and does not throw where there is no registry (a server import)', () => {
    vi.stubGlobal('customElements', undefined);
    try {
      class Element {}
      expect(customElement('va-test')(Element as unknown as CustomElementConstructor)).toBe(
        Element,
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
