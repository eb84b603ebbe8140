// Browser layer: every element rendered in Debian's Chromium, driven by keyboard and pointer.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumProblem } from './tests/support/chromium.ts';

const problem = chromiumProblem();
if (problem) throw new Error(problem);

export default {
  files: ['tests/browser/**/*.test.ts', '!tests/browser/autoplay/**'],
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
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: [...CHROMIUM_ARGS],
      },
    }),
  ],
  // The autoplay tests get a Chromium whose real policy holds sound back until a gesture.
  groups: [
    {
      name: 'autoplay',
      files: ['tests/browser/autoplay/**/*.test.ts'],
      browsers: [
        playwrightLauncher({
          product: 'chromium',
          launchOptions: {
            executablePath: CHROMIUM_PATH,
            headless: true,
            args: [...CHROMIUM_ARGS, '--autoplay-policy=document-user-activation-required'],
          },
        }),
      ],
    },
  ],
};
