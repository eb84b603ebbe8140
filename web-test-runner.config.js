// Browser layer: every element rendered in Debian's Chromium, driven by keyboard and pointer.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { existsSync } from 'node:fs';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  throw new Error(
    `Chromium not found at ${executablePath}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
}

export default {
  files: ['tests/browser/**/*.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  concurrency: 2,
  testFramework: { config: { timeout: 10000 } },
  plugins: [esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json', target: 'es2022' })],
  testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Browser test</title>
  <script>window.process = { env: { NODE_ENV: 'development' } };</script>
  <link rel="stylesheet" href="/styles/tokens.css"></head>
  <body><script type="module" src="${testFramework}"></script></body>
</html>`,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-quic',
        ],
      },
    }),
  ],
};
