/**
 * The layout rules of the tests check (scripts/check-tests.ts runs them, so `npm run check`), which
 * CONTRIBUTING.md says for people:
 *
 * 3. A unit or integration test mirrors the source it covers: `tests/unit/<folder>/` and
 *    `tests/integration/<folder>/` hold the tests of `<folder>/` (`tests/unit/support/` those of
 *    tests/support/), so the folder must hold a module the test reaches: one it imports, directly
 *    or through its layer's helpers and tests/support/, or a path it names in a string
 *    (`'agent/main.ts'`, `join(ROOT, 'styles', 'tokens.css')`). No test sits at a layer's root.
 * 4. A test starts another program (a child process, livekit-server, the agent worker, the speech
 *    recognizer, wrangler, the local WebRTC reader and its espeak-ng) exactly when it is an
 *    integration test: unit tests run in their own process alone.
 * 5. Helpers: a layer's helpers sit in its `helpers/` folder, which no other layer imports; what
 *    two layers use (or the bench, the scripts, the configs) sits in tests/support/, and a support
 *    module that one layer alone uses belongs in that layer's `helpers/`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { stringsOf } from './check-docs.ts';
import { resolveSpecifier } from './check-structure.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface LayoutFinding {
  file: string;
  line: number;
  message: string;
}

/** The layers whose tests mirror the source folders, and the one beside them. */
export const MIRRORED_LAYERS = ['tests/unit', 'tests/integration'];
const LAYERS = [...MIRRORED_LAYERS, 'tests/browser', 'tests/e2e'];
const SUPPORT = 'tests/support';

/** What a test reaches that starts another program, and what that program is. */
const STARTERS: ReadonlyMap<string, string> = new Map([
  ['node:child_process', 'a child process'],
  ['tests/support/agent-worker.ts', 'the agent worker'],
  ['tests/support/livekit-server.ts', 'a livekit-server'],
  ['tests/support/recognizer.ts', 'the speech recognizer'],
  ['tests/support/redis-server.ts', 'a redis-server'],
  ['tests/support/wrangler.ts', 'wrangler dev'],
  ['voice-peer/server.ts', 'the local WebRTC reader (it speaks with espeak-ng)'],
]);

/** A module of ours, as a test's folder may mirror it (not a doc, a config or a data file). */
const SOURCE_FILE = /\.(?:ts|js|mjs|css|py)$/;

/** Files outside a layer's `helpers/` that are not its tests: the e2e layer's global setup. */
const LAYER_FILES = new Set(['tests/e2e/global-setup.ts']);

/** What a test reaches: the repository's files (outside the tests' helpers) and what it starts. */
export interface Reach {
  files: Set<string>;
  /** The files among them that the test itself imports, in the order it imports them. */
  direct: string[];
  starts: Set<string>;
}

/**
 * What a source imports (`import`, `export … from`, `import('…')`), as TypeScript reads it: an
 * import statement inside a string (a test's fixture) is not one.
 */
function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map(({ fileName }) => fileName);
}

function toRepo(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

/** `join(ROOT, 'styles', 'tokens.css')` names `styles/tokens.css`. */
const JOINED = /\bjoin\(ROOT((?:, '[^'\n]*')+)\)/g;
/** A word of a string that is a path with at least one folder in it. */
const PATH_WORD = /^(?:\.{1,2}\/)*[\w@][\w@.-]*(?:\/[\w@.-]+)+\/?$/;

/** Paths a source names in its strings, as repository paths that exist (files or folders). */
export function namedPaths(root: string, file: string, source: string): string[] {
  const named: string[] = [];
  for (const match of source.matchAll(JOINED)) {
    const parts = [...(match[1] ?? '').matchAll(/'([^'\n]*)'/g)].map((part) => part[1] ?? '');
    named.push(parts.join('/'));
  }
  for (const word of stringsOf(source).split(/[\s'"`(),;]+/)) {
    if (PATH_WORD.test(word)) named.push(word);
  }
  const found: string[] = [];
  for (const path of named) {
    const candidates = path.startsWith('.')
      ? [posix.join(posix.dirname(file), path), posix.normalize(path)]
      : [posix.normalize(path)];
    const hit = candidates.find(
      (candidate) => !candidate.startsWith('..') && existsSync(join(root, candidate)),
    );
    if (hit !== undefined) found.push(hit.replace(/\/$/, ''));
  }
  return found;
}

/**
 * What `test` reaches: what it imports, and what the helpers it imports (its layer's and
 * tests/support/'s) import in turn, and the paths each of them names in a string. Files outside
 * tests/ are where the walk stops: a test reaches the module it imports, not that module's imports.
 */
export function reachOf(root: string, test: string): Reach {
  const reach: Reach = { files: new Set(), direct: [], starts: new Set() };
  const queue = [test];
  const seen = new Set(queue);
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const source = readFileSync(join(root, file), 'utf8');
    for (const specifier of importsOf(source)) {
      const bare = specifier.replace(/^node:/, '');
      if (bare === 'child_process') reach.starts.add('node:child_process');
      const resolved = resolveSpecifier(join(root, file), specifier);
      if (resolved === undefined) continue;
      const target = toRepo(root, resolved);
      if (STARTERS.has(target)) reach.starts.add(target);
      if (!target.startsWith('tests/') || target.startsWith(`${SUPPORT}/`)) {
        reach.files.add(target);
        if (file === test) reach.direct.push(target);
      }
      if (target.startsWith('tests/') && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
    for (const path of namedPaths(root, file, source)) reach.files.add(path);
  }
  return reach;
}

/** The source folder a mirrored test's folder stands for: `support/x` is tests/support/x. */
function coveredFolder(folder: string): string {
  return folder === 'support' || folder.startsWith('support/') ? `tests/${folder}` : folder;
}

/**
 * Where a test would sit: the deepest folder of a module it imports itself (contracts/ only when
 * it imports nothing else, since most tests import a contract), else of any file it reaches.
 */
function suggestedFolder(reach: Reach): string | undefined {
  const folders = (files: Iterable<string>) =>
    [...files]
      .filter((file) => file.includes('/') && SOURCE_FILE.test(file))
      .map((file) => posix.dirname(file).replace(/^tests\/support/, 'support'));
  for (const candidates of [folders(reach.direct), folders(reach.files)]) {
    const preferred = candidates.filter((folder) => folder !== 'contracts');
    const pool = preferred.length > 0 ? preferred : candidates;
    const deepest = Math.max(...pool.map((folder) => folder.split('/').length));
    const found = pool.find((folder) => folder.split('/').length === deepest);
    if (found !== undefined) return found;
  }
  return undefined;
}

function layerOfTest(file: string): string | undefined {
  return LAYERS.find((layer) => file.startsWith(`${layer}/`));
}

/** Every `.ts` file under `dir`, as repository paths. */
function tsFilesUnder(root: string, dir: string, out: string[] = []): string[] {
  const path = join(root, dir);
  if (!existsSync(path)) return out;
  for (const name of readdirSync(path).sort()) {
    const child = `${dir}/${name}`;
    if (statSync(join(root, child)).isDirectory()) tsFilesUnder(root, child, out);
    else if (name.endsWith('.ts')) out.push(child);
  }
  return out;
}

/** Rules 3 and 4 for one mirrored test. */
export function placementFindings(root: string, file: string): LayoutFinding[] {
  const layer = layerOfTest(file);
  if (layer === undefined || !MIRRORED_LAYERS.includes(layer)) return [];
  const found: LayoutFinding[] = [];
  const folder = posix.dirname(file.slice(layer.length + 1));
  const reach = reachOf(root, file);
  const covered = folder === '.' ? undefined : coveredFolder(folder);
  const mirrors =
    covered !== undefined &&
    [...reach.files].some((path) => path === covered || path.startsWith(`${covered}/`));
  if (!mirrors) {
    const suggestion = suggestedFolder(reach);
    found.push({
      file,
      line: 1,
      message:
        `${covered === undefined ? `sits at the root of ${layer}/` : `imports nothing from ${covered}/`}: ` +
        `a test sits in the folder of the source it covers, ${layer}/<folder>/ for <folder>/… ` +
        `(CONTRIBUTING.md, "Where a test goes")` +
        (suggestion === undefined
          ? ''
          : `; this one imports ${suggestion}/: ${layer}/${suggestion}/`),
    });
  }
  const starts = [...reach.starts].map((starter) => STARTERS.get(starter) ?? starter);
  const where = folder === '.' ? '' : `${folder}/`;
  if (layer === 'tests/unit' && starts.length > 0) {
    found.push({
      file,
      line: 1,
      message: `starts ${starts.join(', ')}: a test that starts another program is an integration test (tests/integration/${where}; CONTRIBUTING.md, "Where a test goes")`,
    });
  }
  if (layer === 'tests/integration' && starts.length === 0) {
    found.push({
      file,
      line: 1,
      message: `starts no other program: it is a unit test (tests/unit/${where})`,
    });
  }
  return found;
}

/** Who imports each file under tests/: the areas they sit in (a layer, the bench, the rest). */
function importersByArea(root: string): Map<string, Set<string>> {
  const sources = [
    ...['tests', 'scripts'].flatMap((dir) => tsFilesUnder(root, dir)),
    ...readdirSync(root).filter((name) => /\.(?:ts|js)$/.test(name)),
  ];
  const areas = new Map<string, Set<string>>();
  for (const file of sources) {
    const area = layerOfTest(file) ?? posix.dirname(file).split('/').slice(0, 2).join('/');
    for (const specifier of importsOf(readFileSync(join(root, file), 'utf8'))) {
      const resolved = resolveSpecifier(join(root, file), specifier);
      if (resolved === undefined) continue;
      const target = toRepo(root, resolved);
      if (!target.startsWith('tests/') || target === file) continue;
      const users = areas.get(target) ?? new Set<string>();
      users.add(area);
      areas.set(target, users);
    }
  }
  return areas;
}

/** Rule 5: helpers in their layer's `helpers/`, shared ones in tests/support/. */
export function helperFindings(root: string): LayoutFinding[] {
  const found: LayoutFinding[] = [];
  const users = importersByArea(root);
  for (const layer of LAYERS) {
    for (const file of tsFilesUnder(root, layer)) {
      const isTest = /\.(?:test|spec)\.ts$/.test(file);
      const isHelper = file.startsWith(`${layer}/helpers/`);
      if (!isTest && !isHelper && !LAYER_FILES.has(file)) {
        found.push({
          file,
          line: 1,
          message: `a helper outside ${layer}/helpers/: a layer keeps its helpers in its helpers/ folder`,
        });
      }
      if (!isHelper) continue;
      const others = [...(users.get(file) ?? [])].filter((area) => area !== layer);
      if (others.length > 0) {
        found.push({
          file,
          line: 1,
          message: `${layer}'s helper is imported from ${others.join(' and ')}: what more than one layer uses sits in tests/support/`,
        });
      }
    }
  }
  for (const file of tsFilesUnder(root, SUPPORT)) {
    const areas = [...(users.get(file) ?? [])];
    const [only] = areas;
    if (areas.length === 1 && only !== undefined && LAYERS.includes(only)) {
      found.push({
        file,
        line: 1,
        message: `only ${only} uses it: it belongs in ${only}/helpers/ (tests/support/ holds what several use)`,
      });
    }
  }
  return found;
}

/** Rules 3 to 5 over the repository's tests. */
export function layoutFindings(root: string = ROOT): LayoutFinding[] {
  const tests = MIRRORED_LAYERS.flatMap((layer) => tsFilesUnder(root, layer)).filter(
    (file) => file.endsWith('.test.ts') && !file.includes('/helpers/'),
  );
  return [...tests.flatMap((file) => placementFindings(root, file)), ...helperFindings(root)];
}
