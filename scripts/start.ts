/**
 * `npm start`: builds the page and the embeds (`npm run build`), then runs all of it locally
 * (scripts/stack.ts): a loopback livekit-server with keys made for this run, the BMO agent worker
 * (offline BMO without OPENAI_API_KEY), and the edge under `wrangler dev` at
 * http://127.0.0.1:8787 (PORT). `--skip-build` serves the dist/ already there. Ctrl-C stops all.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runOrStop, startStack } from './stack.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

if (!process.argv.includes('--skip-build')) {
  for (const config of [[], ['-c', 'vite.embed.config.ts']]) {
    const build = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...config],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

runOrStop(() => startStack({ dev: false }));
