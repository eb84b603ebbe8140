/**
 * Builds the `voice-agent-elements` package (web-components/) into what npm ships: one ES module
 * per source module with its `.d.ts` and source maps (tsc, decorators compiled, `.ts` specifiers
 * rewritten to `.js`), the shared contracts it imports compiled beside it (dist/contracts/, so the
 * tarball holds no path outside itself), the style tokens, the React 19 JSX types, the
 * Custom Elements Manifest and the Vue and Svelte template types generated from it. Run by `npm run build` at the root, or `npm run build -w
 * voice-agent-elements`.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFrameworkTypes, type Manifest } from './framework-types.ts';
import { minifyTemplates } from './vite-lit-templates.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(root, 'web-components');
const dist = join(pkg, 'dist');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

rmSync(dist, { recursive: true, force: true });
execFileSync(bin('tsc'), ['-p', join(pkg, 'tsconfig.build.json')], { stdio: 'inherit' });

// tsc rewrites relative `.ts` specifiers in the JavaScript but keeps them in declarations; a
// consumer's TypeScript resolves `.js` to the `.d.ts` beside it under every module setting. It
// also misses an `import()` in a class field's initializer (a root element's view loader), which
// it moves into the constructor: the JavaScript is rewritten too.
const relativeTs = /(from\s+|import\s*\(\s*)(['"])(\.{1,2}\/[^'"]*?)\.ts\2/g;
for (const file of files(dist)) {
  if (!file.endsWith('.d.ts') && !file.endsWith('.js')) continue;
  const text = readFileSync(file, 'utf8');
  const rewritten = text.replace(relativeTs, '$1$2$3.js$2');
  if (rewritten !== text) writeFileSync(file, rewritten);
}

// The elements' CSS, minified as the embed's is (scripts/vite-lit-templates.ts): a site's bundler
// leaves the text of a `css` template alone, so the package ships it small.
for (const file of files(dist)) {
  if (!file.endsWith('.js')) continue;
  const text = readFileSync(file, 'utf8');
  const minified = minifyTemplates(text, file, !file.endsWith('.styles.js'));
  if (minified !== text) writeFileSync(file, minified);
}

copyFileSync(join(root, 'styles', 'tokens.css'), join(dist, 'tokens.css'));
copyFileSync(join(pkg, 'react.d.ts'), join(dist, 'react.d.ts'));
// The manifest as `npm run manifest` makes it, so the two never differ, and the Vue and Svelte
// template types generated from it.
execFileSync('npm', ['run', '--silent', 'manifest'], { cwd: pkg, stdio: 'inherit' });
writeFrameworkTypes(
  JSON.parse(readFileSync(join(pkg, 'custom-elements.json'), 'utf8')) as Manifest,
  dist,
);
console.log('voice-agent-elements built into web-components/dist/');
