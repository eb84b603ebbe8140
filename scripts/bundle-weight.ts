/**
 * What a page downloads, from a Vite build manifest, in gzipped bytes: an entry's first load (the
 * entry and its static imports, with their CSS, and the import()s it fires while nobody has done
 * anything: `FIRST_PAINT_IMPORTS`), its weight once a session starts (plus the chunks reached
 * through the other import()s, where the SDKs live), and apart what its options load when set
 * (`loadedByOptions`: the launcher, the consent question); neither counts another language's strings
 * (`otherLanguage`). Shared by the budget check (scripts/check-budgets.ts, in `npm test`) and the
 * bundle benchmark (tests/bench/bundle.bench.ts).
 *
 * Besides the embed (dist/embed/) and the hosted page (dist/), it builds two more things the same
 * way, into .tools/weights/: the npm package's entries as a site's bundler would take them
 * (web-components/dist/, with their dependencies from node_modules), and bare entries that import
 * only the SDKs a family loads, so a session's weight can be read beside the SDKs' own.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dir: string): Manifest {
  const file = join(dir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * A module as the embed's manifest names it (`web-components/bmo/session/livekit.ts`), from
 * whichever build named it (the package's bundle names the built `.js` below
 * `web-components/dist/web-components/`).
 */
export function sourceOf(key: string): string {
  const at = key.lastIndexOf('web-components/');
  return at < 0 ? key : key.slice(at).replace(/\.js$/, '.ts');
}

/**
 * The files a chunk loads: statically, and through the import()s `follow` takes (given the
 * imported module, `sourceOf` its key). The import()s of chunks in `skipDynamicOf` are not
 * followed (the page shell's lazy routes are other pages, not a session).
 */
export function closure(
  manifest: Manifest,
  key: string,
  follow: (source: string) => boolean = () => false,
  skipDynamicOf: ReadonlySet<string> = new Set(),
): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const queue = [key];
  while (queue.length > 0) {
    const current = queue.pop();
    const chunk = current === undefined ? undefined : manifest[current];
    if (current === undefined || !chunk || seen.has(current)) continue;
    seen.add(current);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    queue.push(...(chunk.imports ?? []));
    if (skipDynamicOf.has(current)) continue;
    queue.push(...(chunk.dynamicImports ?? []).filter((imported) => follow(sourceOf(imported))));
  }
  return files;
}

/**
 * The import()s a page fires while nobody has done anything (a section that renders itself, an
 * example that loads its element), by the budget names of the entries and routes that fire them:
 * a first load counts them and all they load. tests/e2e/first-load.spec.ts opens every entry and
 * route untouched and fails on a file it fetches that its first load does not count.
 */
export const FIRST_PAINT_IMPORTS: Record<string, readonly string[]> = {
  // the live examples render themselves, a few sections a task: the launcher's own element and
  // the root elements' launcher variants, the example cassette's view (in before any gesture,
  // it moves silently and loads no sound) and the example transcript's lines
  'page docs': [
    'web-components/voice/voice-launcher/voice-launcher.ts',
    'web-components/voice/voice-launcher/launcher-panel.ts',
    'web-components/bmo/bmo-cassette-slot/cassette-view.ts',
    'web-components/voice/voice-transcript/transcript-entries.ts',
  ],
};

/**
 * What a page's options load before or with a session, not the session itself: the launcher
 * (`variant`) and the consent question (`consent-text`). A session's weight is that of a session
 * in English on a page with neither.
 */
export function loadedByOptions(source: string): boolean {
  return /\/voice-launcher\//.test(source) || /\/voice-mic-consent\/mic-consent\.ts$/.test(source);
}

/**
 * Strings in a language other than English (`lang`), an element's, a conversation's or a reading
 * session's, and the tables that find them: a page or a session in English loads none, and another
 * language's weight differs from English's by its words only, so neither options nor a session
 * count them.
 */
export function otherLanguage(source: string): boolean {
  return /\/i18n\/(?:languages|(?:conversation-|session-)?(?!en\.ts$)[a-z]{2}(?:-[a-z]+)?)\.ts$/i.test(
    source,
  );
}

/** What `name` (a budget's name: `embed bmo`, `page docs`) loads before anyone does anything. */
export function firstLoadOf(manifest: Manifest, key: string, name: string): Set<string> {
  const firstPaint = new Set(FIRST_PAINT_IMPORTS[name] ?? []);
  return closure(manifest, key, (source) => firstPaint.has(source));
}

/** What `name`'s options load beyond its first load (`loadedByOptions`), and all that loads. */
function optionsLoadOf(manifest: Manifest, key: string, name: string): Set<string> {
  const first = firstLoadOf(manifest, key, name);
  const all = closure(manifest, key, (source) => loadedByOptions(source));
  return new Set([...all].filter((file) => !first.has(file)));
}

/** What `name` loads once a session starts: its first load, and every import() but its options'. */
function sessionLoadOf(
  manifest: Manifest,
  key: string,
  name: string,
  skipDynamicOf?: ReadonlySet<string>,
): Set<string> {
  const firstPaint = new Set(FIRST_PAINT_IMPORTS[name] ?? []);
  return closure(
    manifest,
    key,
    (source) => firstPaint.has(source) || !(loadedByOptions(source) || otherLanguage(source)),
    skipDynamicOf,
  );
}

/** Gzipped size (level 9) of the files, summed, in KiB. */
export function gzipKiB(dir: string, files: Iterable<string>): number {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
  return bytes / 1024;
}

/** Whether any of the files was built from zod (read from their source maps, when there are). */
export function includesZod(dir: string, files: Iterable<string>): boolean {
  for (const file of files) {
    const map = join(dir, `${file}.map`);
    if (!existsSync(map)) continue;
    const { sources = [] } = JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] };
    if (sources.some((source) => /node_modules\/zod\//.test(source))) return true;
  }
  return false;
}

/**
 * An entry's first-load promise: its goal, and a budget above it only with the reason written
 * beside it (the budget is the goal when none is given).
 */
export interface Budget {
  goal: number;
  budget?: number;
  reason?: string;
}

/** The budgets file: a gzipped first-load budget per entry, and the entries that load no zod. */
export interface Budgets {
  firstLoadKiB: Record<string, Budget>;
  zodFree: string[];
}

/** What an entry may weigh today: its budget when one is written, else its goal. */
export function budgetOf(entry: Budget): number {
  return entry.budget ?? entry.goal;
}

export function readBudgets(file: string = join(ROOT, 'bench', 'budgets.json')): Budgets {
  return JSON.parse(readFileSync(file, 'utf8')) as Budgets;
}

/** `web-components/tarot/cards.ts` → `tarot-cards`; `.tools/weights/package-src/bmo.js` → `bmo`. */
export function familyOf(entry: string): string {
  return entry.startsWith('web-components/')
    ? entry
        .replace('web-components/', '')
        .replace('/index.ts', '')
        .replace('/', '-')
        .replace('.ts', '')
    : (entry.split('/').pop() ?? entry).replace(/\.(js|ts)$/, '');
}

export interface EntryWeight {
  /** The entry as its build names it, e.g. `web-components/bmo/index.ts`. */
  entry: string;
  firstKiB: number;
  sessionKiB: number;
  /** What its options load besides (`loadedByOptions`: the launcher, the consent question). */
  optionsKiB: number;
  firstHasZod: boolean;
}

/**
 * First load and after-a-session weight of every entry of a library build, whose budgets are named
 * `${kind} ${family}`.
 */
export function entryWeights(dir: string, kind: string): EntryWeight[] {
  const manifest = readManifest(dir);
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key, chunk]) => {
      const entry = chunk.src ?? key;
      const name = `${kind} ${familyOf(entry)}`;
      const first = firstLoadOf(manifest, key, name);
      return {
        entry,
        firstKiB: gzipKiB(dir, first),
        sessionKiB: gzipKiB(dir, sessionLoadOf(manifest, key, name)),
        optionsKiB: gzipKiB(dir, optionsLoadOf(manifest, key, name)),
        firstHasZod: includesZod(dir, first),
      };
    });
}

/** Builds entries the way the embed is built (minified ES modules, hidden maps) into `outDir`. */
async function buildEntries(outDir: string, entry: Record<string, string>): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: 'hidden',
      manifest: true,
      chunkSizeWarningLimit: 2000,
      rolldownOptions: { output: { minify: true } },
      lib: { entry, formats: ['es'] },
    },
  });
}

const WEIGHTS = join(ROOT, '.tools', 'weights');

/**
 * The package's family entries bundled as a site's bundler would (a module that imports the
 * family, nothing else): run `npm run build` first, which builds web-components/dist/.
 */
export async function packageWeights(): Promise<EntryWeight[]> {
  const families: Record<string, string> = {
    voice: 'voice/index.js',
    tarot: 'tarot/index.js',
    'tarot-cards': 'tarot/cards.js',
    bmo: 'bmo/index.js',
  };
  const src = join(WEIGHTS, 'package-src');
  mkdirSync(src, { recursive: true });
  const entry: Record<string, string> = {};
  for (const [family, path] of Object.entries(families)) {
    const target = join(ROOT, 'web-components', 'dist', 'web-components', path);
    if (!existsSync(target)) throw new Error(`${target} is missing: run npm run build first`);
    const file = join(src, `${family}.js`);
    writeFileSync(file, `import ${JSON.stringify(target)};\n`);
    entry[family] = file;
  }
  const out = join(WEIGHTS, 'package');
  await buildEntries(out, entry);
  return entryWeights(out, 'package');
}

/**
 * The SDKs a family loads when a session starts, imported by a bare entry and nothing else: the
 * tarot's are the Realtime agents SDK and zod, its peer dependency (an agent's tool parameters
 * are zod schemas); BMO's is livekit-client.
 */
export const BARE_SDK_ENTRIES: Record<string, string> = {
  tarot: [
    "export * as realtime from '@openai/agents-realtime';",
    "export { handoff, tool } from '@openai/agents-core';",
    "export { z } from 'zod';",
  ].join('\n'),
  bmo: "export * as livekit from 'livekit-client';",
};

/** Each family's SDKs built alone, the same way: the weight a session cannot go below. */
export async function bareSdkWeights(): Promise<Record<string, number>> {
  const src = join(WEIGHTS, 'sdk-src');
  mkdirSync(src, { recursive: true });
  const entry: Record<string, string> = {};
  for (const [family, code] of Object.entries(BARE_SDK_ENTRIES)) {
    const file = join(src, `${family}.js`);
    writeFileSync(file, `${code}\n`);
    entry[family] = file;
  }
  const out = join(WEIGHTS, 'sdk');
  await buildEntries(out, entry);
  const weights: Record<string, number> = {};
  for (const weight of entryWeights(out, 'sdk')) {
    const family = Object.keys(entry).find((name) => weight.entry.endsWith(`${name}.js`));
    if (family) weights[family] = weight.sessionKiB;
  }
  return weights;
}

/**
 * The hosted page (dist/): its shell, and each route as the shell plus the route's page chunk.
 * Lazy routes hang off the shell, so its import()s are not followed for a route's session weight.
 */
export function pageWeights(): EntryWeight[] {
  const dir = join(ROOT, 'dist');
  const page = readManifest(dir);
  const shellKey = Object.keys(page).find((key) => page[key]?.isEntry);
  if (!shellKey) throw new Error('the page manifest has no entry');
  const shell = firstLoadOf(page, shellKey, 'page shell');
  const weights: EntryWeight[] = [
    {
      entry: 'shell',
      firstKiB: gzipKiB(dir, shell),
      sessionKiB: gzipKiB(dir, shell),
      optionsKiB: 0,
      firstHasZod: false,
    },
  ];
  for (const [key, chunk] of Object.entries(page)) {
    if (!chunk.src?.includes('/pages/')) continue;
    const route = chunk.src.replace(/^.*\/pages\//, '').replace(/-page\.ts$/, '');
    const name = `page ${route}`;
    const first = new Set([...shell, ...firstLoadOf(page, key, name)]);
    const all = new Set([...shell, ...sessionLoadOf(page, key, name, new Set([shellKey]))]);
    weights.push({
      entry: route,
      firstKiB: gzipKiB(dir, first),
      sessionKiB: gzipKiB(dir, all),
      optionsKiB: gzipKiB(dir, optionsLoadOf(page, key, name)),
      firstHasZod: false,
    });
  }
  return weights;
}
