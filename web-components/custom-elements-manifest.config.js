// The Custom Elements Manifest of the package's public elements: every element the families
// define (voice, tarot, bmo), never the hosted page's (app/). Paths in it name the built modules
// the package ships (dist/web-components/…/*.js), not the TypeScript sources.
const toShipped = (path) =>
  path
    .replace(/^(?:\.\/)?(?=voice\/|tarot\/|bmo\/|shared\/|stores\/)/, 'dist/web-components/')
    .replace(/\.ts$/, '.js');

export default {
  globs: ['voice/**/*.ts', 'tarot/**/*.ts', 'bmo/**/*.ts'],
  exclude: ['app/**', 'dist/**', '**/*.styles.ts'],
  outdir: '.',
  litelement: true,
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
