/**
 * The structure check behind `npm run check`: it finds every import circle (static, type-only and
 * dynamic imports alike) and names the files on it, it fails on an import that goes up the layers
 * or across to another side, it lets a hand-written file past 400 lines through only when its
 * opening comment says why it is one thing, and it holds the element families to one shape.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Layer,
  MAX_LINES,
  besideTheirFolder,
  familyFindings,
  importCircles,
  importGraph,
  layerMap,
  layerOf,
  openingComment,
  oversizedFiles,
  resolveSpecifier,
  sourceFiles,
  specifiers,
  upwardImports,
} from '../../../scripts/check-structure.ts';
import { ROOT } from '../../support/paths.ts';

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
    expect(layerOf('web-components/tarot/agents/tools.ts', 'export const a = 1;')).toBe('logic');
    expect(layerOf('web-components/tarot/tarot-card/tarot-card.ts', element)).toBe('elements');
    expect(
      layerOf('web-components/tarot/tarot-reading/mode-choices.ts', 'return html`<p></p>`;'),
    ).toBe('elements');
    expect(layerOf('web-components/tarot/index.ts', "import './tarot-reading.ts';")).toBe(
      'elements',
    );
    // a module of bare imports only registers elements, as an entry does
    const registers =
      "/** The card elements. */\nimport './tarot-card.ts';\nimport '../tarot-card-stage/tarot-card-stage.ts';\n";
    expect(layerOf('web-components/tarot/tarot-card/card-elements.ts', registers)).toBe('elements');
    expect(
      layerOf('web-components/tarot/tarot-card/card-words.ts', `${registers}export const a = 1;`),
    ).toBe('logic');
    expect(layerOf('web-components/app/router.ts', '')).toBe('app');
    expect(layerOf('reader/protocol/engine.ts', '')).toBe('reader');
    expect(layerOf('agent/main.ts', '')).toBe('agent');
    expect(layerOf('edge/app.ts', '')).toBe('edge');
    expect(layerOf('tests/unit/x.test.ts', '')).toBe('free');
  });

  const layers = new Map<string, Layer>([
    ['contracts/cards.ts', 'contracts'],
    ['web-components/stores/reading.ts', 'stores'],
    ['web-components/tarot/host/sessions.ts', 'logic'],
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
      ['web-components/tarot/tarot-card/tarot-card.ts', ['web-components/tarot/host/sessions.ts']],
      ['web-components/tarot/host/sessions.ts', ['web-components/stores/reading.ts']],
      ['web-components/stores/reading.ts', ['contracts/cards.ts']],
      ['reader/protocol/engine.ts', ['contracts/cards.ts']],
      ['agent/main.ts', ['contracts/cards.ts']],
      ['edge/app.ts', ['reader/protocol/engine.ts', 'contracts/cards.ts']],
      ['tests/unit/x.test.ts', ['edge/app.ts', 'web-components/app/router.ts']],
    ]);
    expect(upwardImports(graph, layers)).toEqual([]);
  });

  it('fails a host that imports an element, though no circle closes', () => {
    const graph = new Map([
      ['web-components/tarot/host/sessions.ts', ['web-components/tarot/tarot-card/tarot-card.ts']],
      ['web-components/tarot/tarot-card/tarot-card.ts', []],
    ]);
    expect(importCircles(graph)).toEqual([]);
    expect(upwardImports(graph, layers)).toEqual([
      {
        from: 'web-components/tarot/host/sessions.ts',
        to: 'web-components/tarot/tarot-card/tarot-card.ts',
        fromLayer: 'logic',
        toLayer: 'elements',
      },
    ]);
  });

  it('fails every upward or sideways import, each named', () => {
    const graph = new Map([
      ['contracts/cards.ts', ['web-components/stores/reading.ts']],
      ['web-components/stores/reading.ts', ['web-components/tarot/host/sessions.ts']],
      ['web-components/tarot/tarot-card/tarot-card.ts', ['web-components/app/router.ts']],
      ['reader/protocol/engine.ts', ['edge/app.ts']],
      ['agent/main.ts', ['reader/protocol/engine.ts']],
      ['edge/app.ts', ['agent/main.ts', 'web-components/stores/reading.ts']],
      ['web-components/tarot/host/sessions.ts', ['reader/protocol/engine.ts']],
    ]);
    expect(upwardImports(graph, layers).map(({ from, to }) => `${from} → ${to}`)).toEqual([
      'contracts/cards.ts → web-components/stores/reading.ts',
      'web-components/stores/reading.ts → web-components/tarot/host/sessions.ts',
      'web-components/tarot/tarot-card/tarot-card.ts → web-components/app/router.ts',
      'reader/protocol/engine.ts → edge/app.ts',
      'agent/main.ts → reader/protocol/engine.ts',
      'edge/app.ts → agent/main.ts',
      'edge/app.ts → web-components/stores/reading.ts',
      'web-components/tarot/host/sessions.ts → reader/protocol/engine.ts',
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

describe('the size rule', () => {
  const dir = mkdtempSync(join(tmpdir(), 'structure-size-'));
  const plant = (name: string, head: string, lines: number): string => {
    const path = join(dir, name);
    const body = Array.from(
      { length: lines - head.split('\n').length },
      (_, i) => `export const a${i} = ${i};`,
    );
    writeFileSync(path, `${[head, ...body].join('\n')}\n`);
    return path;
  };

  it('fails a planted 401-line file whose opening comment does not say why it is one thing', () => {
    const path = plant('long.ts', '/** Many constants. */', MAX_LINES + 1);
    expect(oversizedFiles([path])).toEqual([expect.objectContaining({ lines: MAX_LINES + 1 })]);
  });

  it('passes it when its opening comment says why it is one thing, and a file of 400 lines', () => {
    const why = '/**\n * A table.\n *\n * One thing: the rows are read whole, in order.\n */';
    expect(oversizedFiles([plant('table.ts', why, MAX_LINES + 1)])).toEqual([]);
    expect(oversizedFiles([plant('short.ts', '/** Short. */', MAX_LINES)])).toEqual([]);
  });

  it('reads only the opening comment: the sentence further down does not count', () => {
    const late = "import { x } from './x.ts';\n/** One thing: said too late. */";
    expect(openingComment(late)).toBe('');
    expect(oversizedFiles([plant('late.ts', late, MAX_LINES + 1)])).toHaveLength(1);
    expect(openingComment('// a\n/* b */\ncode();')).toBe('// a\n/* b */');
  });

  it('holds on the repository', () => {
    expect(oversizedFiles(sourceFiles())).toEqual([]);
  });
});

describe("the families' one shape", () => {
  const element = (tag: string): string => `@customElement('${tag}')\nexport class X {}`;
  const family = (root: string, tag: string) => [
    { file: `${root}/host/x-controller.ts`, source: '' },
    { file: `${root}/session/index.ts`, source: '' },
    { file: `${root}/i18n/en.ts`, source: '' },
    { file: `${root}/${tag}/${tag}.ts`, source: element(tag) },
  ];

  it('passes a family with host/, session/, i18n/ and a folder per element', () => {
    expect(
      familyFindings(family('web-components/tarot', 'tarot-card'), ['web-components/tarot']),
    ).toEqual([]);
  });

  it('fails a family missing host/, session/ or i18n/, each named', () => {
    for (const role of ['host', 'session', 'i18n']) {
      const files = family('web-components/bmo', 'bmo-face').filter(
        ({ file }) => !file.startsWith(`web-components/bmo/${role}/`),
      );
      expect(familyFindings(files, ['web-components/bmo'])).toEqual([
        `web-components/bmo/ has no ${role}/ folder`,
      ]);
    }
  });

  it('asks a family without a session for i18n/ alone', () => {
    const files = [
      { file: 'web-components/voice/i18n/en.ts', source: '' },
      { file: 'web-components/voice/voice-x/voice-x.ts', source: element('voice-x') },
    ];
    expect(familyFindings(files, ['web-components/voice'])).toEqual([]);
    expect(familyFindings(files.slice(1), ['web-components/voice'])).toEqual([
      'web-components/voice/ has no i18n/ folder',
    ]);
  });

  it('fails an element outside its own folder, or named for another family', () => {
    const files = [
      ...family('web-components/tarot', 'tarot-card'),
      { file: 'web-components/tarot/tarot-stage.ts', source: element('tarot-stage') },
      { file: 'web-components/tarot/bmo-x/bmo-x.ts', source: element('bmo-x') },
    ];
    expect(familyFindings(files, ['web-components/tarot'])).toEqual([
      'web-components/tarot/tarot-stage.ts defines <tarot-stage>: it belongs at web-components/tarot/tarot-stage/tarot-stage.ts',
      'web-components/tarot/bmo-x/bmo-x.ts defines <bmo-x>, not a tarot- element',
    ]);
  });

  it("fails a module beside a folder of the same name, not a folder's index.ts", () => {
    expect(
      besideTheirFolder([
        'web-components/tarot/session.ts',
        'web-components/tarot/session/index.ts',
        'web-components/bmo/session/index.ts',
      ]),
    ).toEqual(['web-components/tarot/session.ts']);
  });

  it('holds on the repository', () => {
    const files = sourceFiles().map((path) => ({
      file: relative(ROOT, path).split(sep).join('/'),
      source: readFileSync(path, 'utf8'),
    }));
    expect(familyFindings(files)).toEqual([]);
    expect(besideTheirFolder(files.map(({ file }) => file))).toEqual([]);
  });
});
