/**
 * Three structural checks `npm run check` runs (so `npm test` too):
 *
 * 1. No hand-written source file passes MAX_LINES lines. Tests, `*.styles.ts`, `.d.ts` files and
 *    data tables (the deck, the card art) are not counted: split a file along its own sections.
 * 2. No import circle among the repository's own modules. Every relative specifier counts (static
 *    imports, re-exports, `import type`, and `import('…')` with a literal), resolved the way the
 *    bundler does (`.ts`, `.js` written for `.ts`, `index.ts`); each circle is reported as the
 *    files on it.
 * 3. Imports go one way, down the layers (`layerOf`): contracts ← stores ← controllers and
 *    sessions ← elements ← the hosted page, inside `web-components/`; the reader and the agent
 *    import only `contracts/` and themselves; the edge imports `contracts/` and the reader (its
 *    host runs it). A lower layer importing a higher one is reported with both files, whether
 *    or not it closes a circle. `scripts/` and `tests/` may import anything.
 *
 * Run: `node scripts/check-structure.ts`. It prints every finding, then exits 1 if there was one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MAX_LINES = 400;

/** Folders whose TypeScript is the repository's own. */
const SOURCE_DIRS = [
  'contracts',
  'web-components',
  'edge',
  'reader',
  'agent',
  'voice-peer',
  'scripts',
  'tests',
];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.wrangler', '.tools', 'bench']);

/** Data tables, not logic: allowed to be long. */
const DATA_FILES = new Set([
  'reader/reading/deck.ts',
  'web-components/tarot/tarot-card/card-art.ts',
]);

function listTs(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) listTs(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

function repoPath(path: string): string {
  return relative(ROOT, path).split(sep).join('/');
}

function isHandWrittenSource(file: string): boolean {
  return (
    !file.startsWith('tests/') &&
    !file.endsWith('.styles.ts') &&
    !file.endsWith('.d.ts') &&
    !DATA_FILES.has(file)
  );
}

export function oversizedFiles(files: readonly string[]): { file: string; lines: number }[] {
  const found: { file: string; lines: number }[] = [];
  for (const path of files) {
    const file = repoPath(path);
    if (!isHandWrittenSource(file)) continue;
    const lines = readFileSync(path, 'utf8').split('\n').length - 1;
    if (lines > MAX_LINES) found.push({ file, lines });
  }
  return found;
}

// `from '…'` (imports and re-exports), bare `import '…'`, and `import('…')` with a literal.
const FROM_SPECIFIER = /\bfrom\s*['"]([^'"\n]+)['"]/g;
const BARE_IMPORT = /^[ \t]*import\s*['"]([^'"\n]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

export function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const pattern of [FROM_SPECIFIER, BARE_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of source.matchAll(pattern)) {
      if (match[1]) found.push(match[1]);
    }
  }
  return found;
}

/** The file a relative specifier names, or undefined (a package, or a file that is not .ts). */
export function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [
    base,
    base.endsWith('.js') ? `${base.slice(0, -3)}.ts` : `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((path) => path.endsWith('.ts') && existsSync(path));
}

/** Strongly connected components of more than one file (or a file importing itself). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];

  // Iterative Tarjan, so a deep import chain cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (!frame) break;
      const edges = graph.get(frame.node) ?? [];
      const target = edges[frame.next];
      if (target !== undefined) {
        frame.next += 1;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(target) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) {
        low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && edges.includes(frame.node);
        if (component.length > 1 || selfLoop) circles.push(component.sort());
      }
    }
  }
  return circles;
}

/** A layer of the import rule; `free` (scripts, tests, config) is not held to it. */
export type Layer =
  | 'contracts'
  | 'stores'
  | 'controllers'
  | 'elements'
  | 'app'
  | 'reader'
  | 'agent'
  | 'edge'
  | 'free';

/** The browser's layers, lowest first: a file may import its own layer and those below it. */
const BROWSER_LAYERS: readonly Layer[] = ['contracts', 'stores', 'controllers', 'elements', 'app'];

/** What each runtime-side layer may import besides itself. */
const MAY_IMPORT: Readonly<Partial<Record<Layer, readonly Layer[]>>> = {
  contracts: [],
  reader: ['contracts'],
  agent: ['contracts'],
  edge: ['contracts', 'reader'],
};

/** Defines a custom element, or renders a Lit template (a view a root element draws). */
const VIEW_SOURCE = /@customElement\(|customElements\.define\(|\b(?:html|svg|css)`/;

/** The package's entries that register a family's elements. */
const ELEMENT_ENTRIES = new Set([
  'web-components/index.ts',
  'web-components/voice/index.ts',
  'web-components/tarot/index.ts',
  'web-components/tarot/cards.ts',
  'web-components/bmo/index.ts',
]);

/**
 * The layer of a repository file. Inside `web-components/`: `stores/` are stores, `app/` is the
 * hosted page; a file that defines a custom element or renders a Lit template (an element's
 * styles, a view it draws) is an element, and so is a family's entry, which registers them; the
 * rest (controllers, sessions, the Realtime agents, shared helpers, events) is the controller
 * layer.
 */
export function layerOf(file: string, source: string): Layer {
  const [top, second] = file.split('/');
  if (top === 'contracts' || top === 'reader' || top === 'agent' || top === 'edge') return top;
  if (top !== 'web-components') return 'free';
  if (second === 'stores') return 'stores';
  if (second === 'app') return 'app';
  if (ELEMENT_ENTRIES.has(file) || VIEW_SOURCE.test(source)) return 'elements';
  return 'controllers';
}

export function mayImport(from: Layer, to: Layer): boolean {
  if (from === 'free' || from === to) return true;
  const allowed = MAY_IMPORT[from];
  if (allowed) return allowed.includes(to);
  const rank = BROWSER_LAYERS.indexOf(from);
  const target = BROWSER_LAYERS.indexOf(to);
  return rank >= 0 && target >= 0 && target <= rank;
}

/** Every import that breaks the rule: a lower layer reaching up, or a side reaching across. */
export function upwardImports(
  graph: ReadonlyMap<string, readonly string[]>,
  layers: ReadonlyMap<string, Layer>,
): { from: string; to: string; fromLayer: Layer; toLayer: Layer }[] {
  const found: { from: string; to: string; fromLayer: Layer; toLayer: Layer }[] = [];
  for (const [from, targets] of graph) {
    const fromLayer = layers.get(from) ?? 'free';
    for (const to of targets) {
      const toLayer = layers.get(to) ?? 'free';
      if (!mayImport(fromLayer, toLayer)) found.push({ from, to, fromLayer, toLayer });
    }
  }
  return found;
}

export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const path of files) {
    const targets = specifiers(readFileSync(path, 'utf8'))
      .map((specifier) => resolveSpecifier(path, specifier))
      .filter((target): target is string => target !== undefined)
      .map(repoPath);
    graph.set(repoPath(path), [...new Set(targets)]);
  }
  return graph;
}

/** Every TypeScript file the checks read, as absolute paths. */
export function sourceFiles(): string[] {
  return [
    ...SOURCE_DIRS.flatMap((dir) => listTs(join(ROOT, dir))),
    ...readdirSync(ROOT)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(ROOT, name)),
  ];
}

/** Each file's layer, keyed by its repository path. */
export function layerMap(files: readonly string[]): Map<string, Layer> {
  return new Map(
    files.map((path) => {
      const file = repoPath(path);
      return [file, layerOf(file, readFileSync(path, 'utf8'))] as const;
    }),
  );
}

function main(): number {
  const files = sourceFiles();
  let failures = 0;

  for (const { file, lines } of oversizedFiles(files)) {
    console.error(`size: ${file} has ${lines} lines; split it below ${MAX_LINES + 1}.`);
    failures += 1;
  }

  const graph = importGraph(files);
  for (const circle of importCircles(graph)) {
    console.error(`circle: ${circle.join(' ↔ ')}`);
    failures += 1;
  }

  for (const { from, to, fromLayer, toLayer } of upwardImports(graph, layerMap(files))) {
    console.error(`layer: ${from} (${fromLayer}) imports ${to} (${toLayer}).`);
    failures += 1;
  }

  if (failures > 0) {
    console.error(`check-structure: ${failures} problem(s).`);
    return 1;
  }
  console.log('check-structure: passed.');
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
