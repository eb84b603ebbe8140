/**
 * The structural checks `npm run check` runs (so `npm test` too):
 *
 * 1. A hand-written source file past MAX_LINES lines passes only when its opening comment says why
 *    it is one thing, in a sentence that starts `One thing:` (a data table, one element whose parts
 *    share its state). Size is a hint, not a cut line: a file is cut where its concepts part, never
 *    to meet a number. Tests, `*.styles.ts` and `.d.ts` files are not counted.
 * 2. No import circle among the repository's own modules. Every relative specifier counts (static
 *    imports, re-exports, `import type`, and `import('…')` with a literal), resolved the way the
 *    bundler does (`.ts`, `.js` written for `.ts`, `index.ts`); each circle is reported as the
 *    files on it.
 * 3. Imports go one way, down the layers (`layerOf`): contracts ← stores ← logic (hosts, sessions
 *    and their helpers) ← elements ← the hosted page, inside `web-components/`; the reader and the agent
 *    import only `contracts/` and themselves; the edge imports `contracts/` and the reader (its
 *    host runs it). A lower layer importing a higher one is reported with both files, whether
 *    or not it closes a circle. `scripts/` and `tests/` may import anything.
 * 4. The element families keep one shape (`familyFindings`): each has `i18n/` (its strings), the
 *    two with a session (`tarot/`, `bmo/`) have `host/` (the root element's Lit controller and its
 *    host events) and `session/` (the session, its connection, intake and token), and every
 *    element sits in a folder of its own, `<family>/<tag>/<tag>.ts`, its tag named for its family.
 * 5. No module sits beside a folder of the same name (`session.ts` beside `session/`): a folder's
 *    entry is its `index.ts`.
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
  return !file.startsWith('tests/') && !file.endsWith('.styles.ts') && !file.endsWith('.d.ts');
}

/** The comments a file opens with, before its first line of code. */
export function openingComment(source: string): string {
  let at = 0;
  for (;;) {
    const start = at + (source.slice(at).length - source.slice(at).trimStart().length);
    if (source.startsWith('/*', start)) {
      const end = source.indexOf('*/', start + 2);
      at = end < 0 ? source.length : end + 2;
    } else if (source.startsWith('//', start)) {
      const end = source.indexOf('\n', start);
      at = end < 0 ? source.length : end;
    } else {
      return source.slice(0, at).trim();
    }
  }
}

/** The sentence that lets a file pass MAX_LINES: it says why the file is one thing. */
const ONE_THING = /(?:^|[\s*/])One thing: \S/;

/** Hand-written files past MAX_LINES whose opening comment does not say why each is one thing. */
export function oversizedFiles(files: readonly string[]): { file: string; lines: number }[] {
  const found: { file: string; lines: number }[] = [];
  for (const path of files) {
    const file = repoPath(path);
    if (!isHandWrittenSource(file)) continue;
    const source = readFileSync(path, 'utf8');
    const lines = source.split('\n').length - 1;
    if (lines > MAX_LINES && !ONE_THING.test(openingComment(source))) found.push({ file, lines });
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
  'contracts' | 'stores' | 'logic' | 'elements' | 'app' | 'reader' | 'agent' | 'edge' | 'free';

/** The browser's layers, lowest first: a file may import its own layer and those below it. */
const BROWSER_LAYERS: readonly Layer[] = ['contracts', 'stores', 'logic', 'elements', 'app'];

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
 * A module that only registers elements, as an entry does: nothing but bare `import '…'` lines
 * (and comments), e.g. the card elements a reading view loads when it needs them.
 */
function onlyRegisters(source: string): boolean {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^[ \t]*\/\/.*$/gm, '');
  const lines = code.split('\n').filter((line) => line.trim() !== '');
  return lines.length > 0 && lines.every((line) => /^import\s+(['"])[^'"]+\1;?\s*$/.test(line));
}

/**
 * The layer of a repository file. Inside `web-components/`: `stores/` are stores, `app/` is the
 * hosted page; a file that defines a custom element or renders a Lit template (an element's
 * styles, a view it draws) is an element, and so is a family's entry or another module that only
 * registers elements; the rest (the hosts and the other Lit controllers, sessions, the Realtime
 * agents, shared helpers, events) is the logic layer.
 */
export function layerOf(file: string, source: string): Layer {
  const [top, second] = file.split('/');
  if (top === 'contracts' || top === 'reader' || top === 'agent' || top === 'edge') return top;
  if (top !== 'web-components') return 'free';
  if (second === 'stores') return 'stores';
  if (second === 'app') return 'app';
  if (ELEMENT_ENTRIES.has(file) || VIEW_SOURCE.test(source) || onlyRegisters(source)) {
    return 'elements';
  }
  return 'logic';
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

/** The element families: each registers its own elements, named `<family>-…`. */
export const FAMILIES = ['web-components/voice', 'web-components/tarot', 'web-components/bmo'];

/** The folders every family has, and those a family whose root element runs a session adds. */
const FAMILY_ROLES = ['i18n'];
const SESSION_ROLES = ['host', 'session'];
const SESSION_FAMILIES = new Set(['web-components/tarot', 'web-components/bmo']);

const ELEMENT_TAG = /@customElement\(\s*['"]([a-z][a-z0-9]*-[a-z0-9-]+)['"]\s*\)/g;

/**
 * What breaks the families' one shape, among `files` (repository paths and their sources): a
 * role folder a family lacks, and an element that is not `<family>/<tag>/<tag>.ts` or whose tag is
 * not its family's.
 */
export function familyFindings(
  files: readonly { file: string; source: string }[],
  families: readonly string[] = FAMILIES,
): string[] {
  const found: string[] = [];
  for (const family of families) {
    const roles = SESSION_FAMILIES.has(family) ? [...SESSION_ROLES, ...FAMILY_ROLES] : FAMILY_ROLES;
    for (const role of roles) {
      if (!files.some(({ file }) => file.startsWith(`${family}/${role}/`))) {
        found.push(`${family}/ has no ${role}/ folder`);
      }
    }
    const name = family.split('/').pop() ?? family;
    for (const { file, source } of files) {
      if (!file.startsWith(`${family}/`)) continue;
      for (const [, tag] of source.matchAll(ELEMENT_TAG)) {
        if (!tag) continue;
        if (!tag.startsWith(`${name}-`))
          found.push(`${file} defines <${tag}>, not a ${name}- element`);
        if (file !== `${family}/${tag}/${tag}.ts`) {
          found.push(`${file} defines <${tag}>: it belongs at ${family}/${tag}/${tag}.ts`);
        }
      }
    }
  }
  return found;
}

/** Modules that sit beside a folder of the same name (`session.ts` beside `session/`). */
export function besideTheirFolder(files: readonly string[]): string[] {
  const folders = new Set(files.map((file) => file.slice(0, file.lastIndexOf('/'))));
  return files.filter((file) => file.endsWith('.ts') && folders.has(file.slice(0, -3)));
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
    console.error(
      `size: ${file} has ${lines} lines: cut it where its concepts part, or, if it is one thing, say why in its opening comment ("One thing: …").`,
    );
    failures += 1;
  }

  const sources = files.map((path) => ({
    file: repoPath(path),
    source: readFileSync(path, 'utf8'),
  }));
  for (const finding of familyFindings(sources)) {
    console.error(`shape: ${finding}.`);
    failures += 1;
  }
  for (const file of besideTheirFolder(sources.map(({ file }) => file))) {
    console.error(
      `shape: ${file} sits beside ${file.slice(0, -3)}/: make it that folder's index.ts.`,
    );
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
