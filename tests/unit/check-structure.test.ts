/**
 * The structure check behind `npm run check`: it finds every import circle (static, type-only and
 * dynamic imports alike) and names the files on it, and it measures hand-written files only.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, resolveSpecifier, specifiers } from '../../scripts/check-structure.ts';

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
