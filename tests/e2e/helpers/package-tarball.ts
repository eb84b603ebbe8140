/**
 * The package's tarball as a release makes it: `npm pack` of `voice-agent-elements` in a clean
 * copy of the repository (the files git would commit, nothing built, nothing ignored), so its
 * `prepack` has to build `dist/`, the types and the manifest itself. The copy shares the
 * repository's installed `node_modules`, as a clone after `npm install` would have its own.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from '../../support/paths.ts';
import { run } from './consumer-apps.ts';

export interface PackedPackage {
  /** The tarball's path. */
  tarball: string;
  /** Every path inside the tarball, relative to the package's root. */
  files: string[];
  /** What `npm pack` (and the build it ran) printed, for failure messages and warnings. */
  output: string;
}

interface PackReport {
  filename: string;
  files: { path: string }[];
}

/** Copies the repository's committable files (tracked, or new and not ignored) into `dir`. */
async function cleanCopy(dir: string): Promise<void> {
  const listed = await run(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    ROOT,
  );
  if (listed.code !== 0) throw new Error(`git ls-files failed: ${listed.output}`);
  for (const path of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    // A tracked file deleted in the working tree is not part of a clean clone of it either.
    try {
      cpSync(join(ROOT, path), join(dir, path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
}

/** Packs the package from a clean copy of the repository into `work`. */
export async function packFromCleanTree(work: string): Promise<PackedPackage> {
  const clone = join(work, 'clone');
  await cleanCopy(clone);
  const pack = await run(
    'npm',
    ['pack', '--workspace', 'voice-agent-elements', '--json', '--pack-destination', work],
    clone,
  );
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.output}`);
  // The build's own output comes first on stdout; the report is the JSON array after it.
  const start = pack.stdout.search(/^\[$/m);
  const [report] = JSON.parse(pack.stdout.slice(start)) as PackReport[];
  if (!report) throw new Error(`npm pack reported nothing:\n${pack.output}`);
  return {
    tarball: join(work, report.filename),
    files: report.files.map((file) => file.path),
    output: pack.output,
  };
}

/** Every file the package's `exports` and `types` name, as paths inside the tarball. */
export function exportedFiles(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'web-components', 'package.json'), 'utf8')) as {
    exports: Record<string, string | Record<string, string>>;
    types: string;
  };
  const targets = Object.values(pkg.exports).flatMap((target) =>
    typeof target === 'string' ? [target] : Object.values(target),
  );
  return [...new Set([...targets, pkg.types])].map((path) => path.replace(/^\.\//, ''));
}
