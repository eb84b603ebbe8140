/**
 * The structure check behind `npm run check`: it finds every import circle (static, type-only and
 * dynamic imports alike) and names the files on it, it measures hand-written files only, and it
 * fails on an import that goes up the layers or across to another side.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Layer,
  importCircles,
  importGraph,
  layerMap,
  layerOf,
  resolveSpecifier,
  sourceFiles,
  specifiers,
  upwardImports,
} from '../../scripts/check-structure.ts';

describe('import circles', () => {
  it('reports a circle of three files with every file on it, and nothing for a chain', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reports a file that imports itself', () => {
    expect(importCircles(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts']]);
  });

  it('finds two separate circles', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts']],
      ['c.ts', ['d.ts']],
      ['d.ts', ['c.ts']],
    ]);
    expect(importCircles(graph)).toHaveLength(2);
  });
});

describe('import specifiers', () => {
  it('reads static, type-only, re-export, bare and dynamic imports', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "export { c } from './c.ts';",
      "import './d.ts';",
      "const e = () => import('./e.ts');",
      "import { lit } from 'lit';",
    ].join('\n');
    expect(specifiers(source).sort()).toEqual(
      ['./a.ts', './b.ts', './c.ts', './d.ts', './e.ts', 'lit'].sort(),
    );
  });

  it('resolves .ts, .js written for .ts and index.ts, and ignores packages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'structure-'));
    writeFileSync(join(dir, 'x.ts'), '');
    writeFileSync(join(dir, 'from.ts'), '');
    expect(resolveSpecifier(join(dir, 'from.ts'), './x.ts')).toBe(join(dir, 'x.ts'));
    expect(resolveSpecifier(join(dir, 'from.ts'), './x.js')).toBe(join(dir, 'x.ts'));
    expect(resolveSpecifier(join(dir, 'from.ts'), './x')).toBe(join(dir, 'x.ts'));
    expect(resolveSpecifier(join(dir, 'from.ts'), 'lit')).toBeUndefined();
  });
});

describe('the import rule', () => {
  const element = "@customElement('x-card')\nexport class XCard extends LitElement {}";

  it('places each file in its layer', () => {
    expect(layerOf('contracts/cards.ts', '')).toBe('contracts');
    expect(layerOf('web-components/stores/reading.ts', '')).toBe('stores');
    expect(layerOf('web-components/tarot/agents/tools.ts', 'export const a = 1;')).toBe(
      'controllers',
    );
    expect(layerOf('web-components/tarot/tarot-card/tarot-card.ts', element)).toBe('elements');
    expect(
      layerOf('web-components/tarot/tarot-card-picker/picker-section.ts', 'return html`<p></p>`;'),
    ).toBe('elements');
    expect(layerOf('web-components/tarot/index.ts', "import './tarot-reading.ts';")).toBe(
      'elements',
    );
    expect(layerOf('web-components/app/router.ts', '')).toBe('app');
    expect(layerOf('reader/protocol/engine.ts', '')).toBe('reader');
    expect(layerOf('agent/main.ts', '')).toBe('agent');
    expect(layerOf('edge/app.ts', '')).toBe('edge');
    expect(layerOf('tests/unit/x.test.ts', '')).toBe('free');
  });

  const layers = new Map<string, Layer>([
    ['contracts/cards.ts', 'contracts'],
    ['web-components/stores/reading.ts', 'stores'],
    ['web-components/tarot/controllers/sessions.ts', 'controllers'],
    ['web-components/tarot/tarot-card/tarot-card.ts', 'elements'],
    ['web-components/app/router.ts', 'app'],
    ['reader/protocol/engine.ts', 'reader'],
    ['agent/main.ts', 'agent'],
    ['edge/app.ts', 'edge'],
    ['tests/unit/x.test.ts', 'free'],
  ]);

  it('lets each layer import its own and those below it', () => {
    const graph = new Map([
      ['web-components/app/router.ts', ['web-components/tarot/tarot-card/tarot-card.ts']],
      [
        'web-components/tarot/tarot-card/tarot-card.ts',
        ['web-components/tarot/controllers/sessions.ts'],
      ],
      ['web-components/tarot/controllers/sessions.ts', ['web-components/stores/reading.ts']],
      ['web-components/stores/reading.ts', ['contracts/cards.ts']],
      ['reader/protocol/engine.ts', ['contracts/cards.ts']],
      ['agent/main.ts', ['contracts/cards.ts']],
      ['edge/app.ts', ['reader/protocol/engine.ts', 'contracts/cards.ts']],
      ['tests/unit/x.test.ts', ['edge/app.ts', 'web-components/app/router.ts']],
    ]);
    expect(upwardImports(graph, layers)).toEqual([]);
  });

  it('fails a controller that imports an element, though no circle closes', () => {
    const graph = new Map([
      [
        'web-components/tarot/controllers/sessions.ts',
        ['web-components/tarot/tarot-card/tarot-card.ts'],
      ],
      ['web-components/tarot/tarot-card/tarot-card.ts', []],
    ]);
    expect(importCircles(graph)).toEqual([]);
    expect(upwardImports(graph, layers)).toEqual([
      {
        from: 'web-components/tarot/controllers/sessions.ts',
        to: 'web-components/tarot/tarot-card/tarot-card.ts',
        fromLayer: 'controllers',
        toLayer: 'elements',
      },
    ]);
  });

  it('fails every upward or sideways import, each named', () => {
    const graph = new Map([
      ['contracts/cards.ts', ['web-components/stores/reading.ts']],
      ['web-components/stores/reading.ts', ['web-components/tarot/controllers/sessions.ts']],
      ['web-components/tarot/tarot-card/tarot-card.ts', ['web-components/app/router.ts']],
      ['reader/protocol/engine.ts', ['edge/app.ts']],
      ['agent/main.ts', ['reader/protocol/engine.ts']],
      ['edge/app.ts', ['agent/main.ts', 'web-components/stores/reading.ts']],
      ['web-components/tarot/controllers/sessions.ts', ['reader/protocol/engine.ts']],
    ]);
    expect(upwardImports(graph, layers).map(({ from, to }) => `${from} → ${to}`)).toEqual([
      'contracts/cards.ts → web-components/stores/reading.ts',
      'web-components/stores/reading.ts → web-components/tarot/controllers/sessions.ts',
      'web-components/tarot/tarot-card/tarot-card.ts → web-components/app/router.ts',
      'reader/protocol/engine.ts → edge/app.ts',
      'agent/main.ts → reader/protocol/engine.ts',
      'edge/app.ts → agent/main.ts',
      'edge/app.ts → web-components/stores/reading.ts',
      'web-components/tarot/controllers/sessions.ts → reader/protocol/engine.ts',
    ]);
  });

  it('holds on the repository, and one deliberate upward import breaks it', () => {
    const files = sourceFiles();
    const graph = importGraph(files);
    const layers = layerMap(files);
    expect(upwardImports(graph, layers)).toEqual([]);

    const store = 'web-components/stores/reading.ts';
    graph.set(store, [
      ...(graph.get(store) ?? []),
      'web-components/tarot/tarot-card/tarot-card.ts',
    ]);
    expect(upwardImports(graph, layers)).toEqual([
      {
        from: store,
        to: 'web-components/tarot/tarot-card/tarot-card.ts',
        fromLayer: 'stores',
        toLayer: 'elements',
      },
    ]);
  });
});
