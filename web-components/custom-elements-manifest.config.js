// The Custom Elements Manifest of the package's public elements: every element the families
// define (voice, tarot, bmo), never the hosted page's (app/). Paths in it name the built modules
// the package ships (dist/web-components/…/*.js), not the TypeScript sources.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The `--va-*` design tokens an element's styles read (its own module's `*.styles.ts` imports). */
function tokensRead(sourcePath) {
  const text = readFileSync(sourcePath, 'utf8');
  const styles = [...text.matchAll(/from '(\.{1,2}\/[^']+\.styles\.ts)'/g)].map((match) =>
    readFileSync(join(dirname(sourcePath), match[1]), 'utf8'),
  );
  return [
    ...new Set(
      styles.flatMap((body) => [...body.matchAll(/var\(\s*(--va-[a-z0-9-]+)/g)].map((m) => m[1])),
    ),
  ];
}

const toShipped = (path) =>
  path
    .replace(/^(?:\.\/)?(?=voice\/|tarot\/|bmo\/|shared\/|stores\/)/, 'dist/web-components/')
    .replace(/\.ts$/, '.js');

export default {
  globs: ['voice/**/*.ts', 'tarot/**/*.ts', 'bmo/**/*.ts'],
  exclude: ['app/**', 'dist/**', '**/*.styles.ts'],
  outdir: '.',
  litelement: true,
  // package.json's customElements is written by hand; the test's scratch runs must not touch it.
  packagejson: false,
  plugins: [
    {
      name: 'shipped-paths',
      packageLinkPhase({ customElementsManifest }) {
        // Only the modules that define elements, and in them only the elements: the manifest
        // describes the tags, not every helper a module exports.
        customElementsManifest.modules = customElementsManifest.modules.filter((module) =>
          (module.declarations ?? []).some((item) => item.customElement),
        );
        for (const module of customElementsManifest.modules) {
          module.declarations = module.declarations.filter((item) => item.customElement);
          for (const element of module.declarations) {
            // Events are family-prefixed kebab-case; a name the analyzer read from a variable
            // (`new CustomEvent(type, …)`) is not one, and the JSDoc lists the real ones.
            element.events = (element.events ?? []).filter((event) =>
              /^[a-z]+-[a-z-]+$/.test(event.name ?? ''),
            );
            // Every element takes `theme` (shared/theme.styles.ts); the roots document it.
            element.attributes ??= [];
            if (!element.attributes.some((attribute) => attribute.name === 'theme')) {
              element.attributes.push({
                name: 'theme',
                type: { text: "'light' | 'dark'" },
                description:
                  'The colour scheme; unset, it follows the enclosing root or prefers-color-scheme.',
              });
            }
            const own = new Set((element.cssProperties ?? []).map((property) => property.name));
            for (const token of tokensRead(module.path)) {
              if (own.has(token)) continue;
              (element.cssProperties ??= []).push({
                name: token,
                description:
                  'A design token (styles/tokens.css) this element reads; set it on the element or any ancestor.',
              });
            }
          }
          const names = new Set(module.declarations.map((item) => item.name));
          module.exports = (module.exports ?? []).filter(
            (item) =>
              item.kind === 'custom-element-definition' || names.has(item.declaration?.name),
          );
          module.path = toShipped(module.path);
          for (const item of [...(module.exports ?? []), ...(module.declarations ?? [])]) {
            if (item.declaration?.module)
              item.declaration.module = toShipped(item.declaration.module);
            for (const key of ['superclass', 'inheritedFrom']) {
              if (item[key]?.module) item[key].module = toShipped(item[key].module);
            }
          }
        }
      },
    },
  ],
};
