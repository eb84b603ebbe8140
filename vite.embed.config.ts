import { defineConfig } from 'vite';
import { litTemplatesPlugin } from './scripts/vite-lit-templates.ts';

// The embed: one ES module per element family, for site owners
// (`<script type="module" src="…/embed/bmo.js">`). A page loads only the families it uses; shared
// code (Lit, nanostores) is split into common chunks, and the heavy SDKs stay behind import()
// until a session starts. Built into dist/embed/ beside the hosted page.
export default defineConfig({
  plugins: [litTemplatesPlugin()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    target: 'es2022',
    // light-dark() (the themes) as written: an older CSS target rewrites it into variables that
    // only a literal color-scheme sets, which breaks the theme attribute and --va-color-scheme.
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    // Hidden maps: written for the npm package, with no sourceMappingURL in the scripts, and never
    // served (public/.assetsignore keeps *.map out of the site).
    sourcemap: 'hidden',
    manifest: true,
    // Library mode keeps whitespace in ES output (for bundlers downstream); these files go straight
    // to browsers, so the bundler's minifier runs in full.
    rolldownOptions: { output: { minify: true } },
    lib: {
      entry: {
        voice: 'web-components/voice/index.ts',
        tarot: 'web-components/tarot/index.ts',
        'tarot-cards': 'web-components/tarot/cards.ts',
        bmo: 'web-components/bmo/index.ts',
      },
      formats: ['es'],
    },
  },
});
