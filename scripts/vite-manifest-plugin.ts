/**
 * `virtual:va-manifest` for the hosted page's /docs: the package's Custom Elements Manifest
 * (web-components/custom-elements.json), written by `npm run manifest` when it is not there yet,
 * so the docs page is generated from the manifest at build time (and in `npm run dev`). `npm run
 * build` builds the package first, which writes the manifest afresh: a manifest left by an earlier
 * build would otherwise give /docs yesterday's elements. The page shows what an element offers a
 * site, so its private and protected members (and the code of their defaults) are left out of
 * what it loads; the package's own manifest keeps them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = join(ROOT, 'web-components');
const MANIFEST = join(PACKAGE, 'custom-elements.json');
const ID = 'virtual:va-manifest';

interface Member {
  name?: string;
  privacy?: string;
}

/** The manifest without the members no site can use: private, protected or `#`-named. */
export function publicOnly(manifest: {
  modules?: { declarations?: { members?: Member[] }[] }[];
}): unknown {
  for (const module of manifest.modules ?? []) {
    for (const declaration of module.declarations ?? []) {
      declaration.members = declaration.members?.filter(
        (member) =>
          (member.privacy ?? 'public') === 'public' && !(member.name ?? '').startsWith('#'),
      );
    }
  }
  return manifest;
}

export function manifestPlugin(): Plugin {
  return {
    name: 'va-manifest',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      if (!existsSync(MANIFEST)) {
        execFileSync(
          join(ROOT, 'node_modules', '.bin', 'cem'),
          ['analyze', '--config', 'custom-elements-manifest.config.js'],
          {
            cwd: PACKAGE,
            stdio: 'inherit',
          },
        );
      }
      this.addWatchFile(MANIFEST);
      return `export default ${JSON.stringify(publicOnly(JSON.parse(readFileSync(MANIFEST, 'utf8'))))};`;
    },
  };
}
