/**
 * What a page downloads, from a Vite build manifest: an entry's first load (the entry and its
 * static imports, with their CSS) and its weight once a session starts (plus every chunk reached
 * through import(), where the SDKs live), in gzipped bytes. Shared by the budget check
 * (scripts/check-budgets.ts, in `npm test`) and the bundle benchmark (tests/bench/bundle.bench.ts).
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
 * The files a chunk loads: statically, or also through import(). The import()s of chunks in
 * `skipDynamicOf` are not followed (the page shell's lazy routes are other pages, not a session).
 */
export function closure(
  manifest: Manifest,
  key: string,
  followDynamic: boolean,
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
    if (followDynamic && !skipDynamicOf.has(current)) queue.push(...(chunk.dynamicImports ?? []));
  }
  return files;
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
  firstHasZod: boolean;
}

/** First load and after-a-session weight of every entry of a library build. */
export function entryWeights(dir: string): EntryWeight[] {
  const manifest = readManifest(dir);
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key, chunk]) => {
      const first = closure(manifest, key, false);
      return {
        entry: chunk.src ?? key,
        firstKiB: gzipKiB(dir, first),
        sessionKiB: gzipKiB(dir, closure(manifest, key, true)),
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
  return entryWeights(out);
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
  for (const weight of entryWeights(out)) {
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
  const shell = closure(page, shellKey, false);
  const weights: EntryWeight[] = [
    {
      entry: 'shell',
      firstKiB: gzipKiB(dir, shell),
      sessionKiB: gzipKiB(dir, shell),
      firstHasZod: false,
    },
  ];
  for (const [key, chunk] of Object.entries(page)) {
    if (!chunk.src?.includes('/pages/')) continue;
    const first = new Set([...shell, ...closure(page, key, false)]);
    const all = new Set([...shell, ...closure(page, key, true, new Set([shellKey]))]);
    weights.push({
      entry: chunk.src.replace(/^.*\/pages\//, '').replace(/-page\.ts$/, ''),
      firstKiB: gzipKiB(dir, first),
      sessionKiB: gzipKiB(dir, all),
      firstHasZod: false,
    });
  }
  return weights;
}
