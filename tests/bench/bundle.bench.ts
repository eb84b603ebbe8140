/**
 * Bundle weight, from Vite's build manifests: for each embed entry (dist/embed) and each hosted
 * page route, the gzip bytes loaded before a session starts (the entry and its static imports)
 * and after (plus every chunk reachable through import(), where the heavy SDKs live). Baseline:
 * the same entry's first load, so the ratio is what starting a session adds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../support/paths.ts';
import { row, type BenchRow } from './stats.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(dir: string): Manifest {
  const file = join(dir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The files a chunk loads: statically, or also through import(). The import()s of chunks in
 * `skipDynamicOf` are not followed (the page shell's lazy routes are other pages, not a session).
 */
function closure(
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

function gzipKiB(dir: string, files: Iterable<string>): number {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
  return bytes / 1024;
}

function entryRows(label: string, dir: string, manifest: Manifest, key: string): BenchRow[] {
  const first = gzipKiB(dir, closure(manifest, key, false));
  const all = gzipKiB(dir, closure(manifest, key, true));
  return [
    row('bundle', `${label}: first load`, first, 'KiB gz'),
    row('bundle', `${label}: after a session starts`, all, 'KiB gz', {
      name: `${label}: first load`,
      value: first,
    }),
  ];
}

export function bundleBench(): BenchRow[] {
  const rows: BenchRow[] = [];
  const embedDir = join(ROOT, 'dist/embed');
  const embed = readManifest(embedDir);
  for (const [key, chunk] of Object.entries(embed)) {
    if (chunk.isEntry) rows.push(...entryRows(`embed ${chunk.src ?? key}`, embedDir, embed, key));
  }
  // The hosted page: its shell, then each route's page chunk on top of the shell.
  const pageDir = join(ROOT, 'dist');
  const page = readManifest(pageDir);
  const shellKey = Object.keys(page).find((key) => page[key]?.isEntry);
  if (!shellKey) throw new Error('the page manifest has no entry');
  const shell = closure(page, shellKey, false);
  rows.push(row('bundle', 'page shell: first load', gzipKiB(pageDir, shell), 'KiB gz'));
  for (const [key, chunk] of Object.entries(page)) {
    if (!chunk.src?.includes('/pages/')) continue;
    const name = chunk.src.replace(/^.*\/pages\//, '').replace(/\.ts$/, '');
    const first = new Set([...shell, ...closure(page, key, false)]);
    const all = new Set([...shell, ...closure(page, key, true, new Set([shellKey]))]);
    const firstKiB = gzipKiB(pageDir, first);
    rows.push(row('bundle', `page ${name}: first load`, firstKiB, 'KiB gz'));
    rows.push(
      row('bundle', `page ${name}: after a session starts`, gzipKiB(pageDir, all), 'KiB gz', {
        name: `page ${name}: first load`,
        value: firstKiB,
      }),
    );
  }
  return rows;
}
