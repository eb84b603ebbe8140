/**
 * `npm start`: builds the page and serves it with the edge API under `wrangler dev` at
 * http://127.0.0.1:8787 (PORT overrides the port), offline and with no login.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '8787';

const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

console.log(`\nServing the page and the API at http://127.0.0.1:${port}\n`);
const wrangler = spawn(
  process.execPath,
  [
    'node_modules/wrangler/bin/wrangler.js',
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    port,
    '--var',
    'LOCAL_DEVELOPMENT:true',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', ...process.env },
  },
);
wrangler.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => wrangler.kill(signal));
}
