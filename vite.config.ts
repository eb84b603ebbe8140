import { defineConfig } from 'vite';
import { litTemplatesPlugin } from './scripts/vite-lit-templates.ts';
import { manifestPlugin } from './scripts/vite-manifest-plugin.ts';

// Builds the hosted page into dist/, which wrangler serves beside the API. Each page is its own
// chunk, and the heavy SDKs (livekit-client, @openai/agents-realtime) are loaded with import()
// when a session starts, so they never sit in the first load.

/** The chunks a first paint imports: each route's page, and the reading views a route opens in. */
const FIRST_PAINT_CHUNK = /^assets\/([\w-]+-page|tarot-reading-(text|voice))-[\w-]+\.js$/;

export default defineConfig({
  plugins: [manifestPlugin(), litTemplatesPlugin()],
  define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // light-dark() (the themes) as written: an older CSS target rewrites it into variables that
    // only a literal color-scheme sets, which breaks the theme attribute and --va-color-scheme.
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    // No public source maps in the hosted build: the page's source is not published with it.
    sourcemap: false,
    manifest: true,
    // The SDK chunks (livekit-client, @openai/agents-realtime) are large and load only on demand.
    chunkSizeWarningLimit: 1000,
    // Every browser the CSS target names preloads modules itself: no polyfill in the first load.
    // Preloaded with what they import: the shell (links in index.html), each route's page and the
    // reading views, which a first paint waits for. A session, a language, the launcher or the
    // consent question load when the visitor acts, and fetch their chunk and then what it imports,
    // as the embed's always have: the list of files each import() would preload sits in the chunk
    // that calls it, up to 0.45 KiB gz of a route's first load.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html' || FIRST_PAINT_CHUNK.test(file) ? deps : [],
    },
  },
  server: {
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${process.env.EDGE_PORT ?? '8787'}`,
        ws: true,
        changeOrigin: false,
      },
    },
  },
});
