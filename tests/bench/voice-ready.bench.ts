/**
 * Time to a ready voice reading on the offline reader: from pressing "Voice Reading" on /reading
 * to the talk button enabled (microphone opened, token minted, the Realtime SDK and the agents
 * loaded, the WebSocket connected). Baseline, in the same browser and run, interleaved: from
 * pressing "Text Chat" to the text reading showing "Connected" (the same token, SDK and socket,
 * without the microphone). The built page under `wrangler dev`; Chromium with its fake microphone.
 * Each run is a new page in one browser context, so both paths load their chunks from the HTTP
 * cache after the first run, as a returning visitor's would.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { ROOT } from '../support/paths.ts';
import { startWrangler } from '../support/wrangler.ts';
import { median, percentile, row, type BenchRow } from './stats.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';

type Mode = 'voice' | 'text';

/**
 * The edge's own wrangler.toml with the token routes' limiter raised: each visit's token request
 * carries its own client address, but a page's WebSocket cannot, so every reader socket of the run
 * comes from one client, past the 20 a minute a real client gets. Written beside wrangler.toml
 * (its paths are relative to it) and removed after the run.
 */
function benchConfig(): string {
  const text = readFileSync(join(ROOT, 'wrangler.toml'), 'utf8');
  const raised = text.replace(
    /(name = "TOKEN_RATE_LIMITER"\n[^\n]*\nsimple = \{ limit = )\d+/,
    '$1100000',
  );
  if (raised === text) throw new Error('wrangler.toml has no TOKEN_RATE_LIMITER limit to raise');
  const file = join(ROOT, '.wrangler-bench.toml');
  writeFileSync(file, raised);
  return file;
}

/** Opens /reading, presses the mode's link, and times (in the page) until the reading is ready. */
async function timeToReady(context: BrowserContext, base: string, mode: Mode): Promise<number> {
  const page = await context.newPage();
  try {
    // Each visit counts as its own client, so the token route's per-client limit never refuses.
    await page.route('**/api/voice/token', (route) =>
      route.continue({
        headers: { ...route.request().headers(), 'cf-connecting-ip': randomUUID() },
      }),
    );
    await page.goto(`${base}/reading`);
    await page.getByRole('link', { name: mode === 'voice' ? /Voice Reading/ : /Text Chat/ }).waitFor();
    return await page.evaluate(
      (which) =>
        new Promise<number>((resolve, reject) => {
          const shadow = (root: ParentNode | null | undefined, selector: string) =>
            root?.querySelector(selector)?.shadowRoot ?? null;
          const ready = (): boolean => {
            if (which === 'voice') {
              const reading = shadow(shadow(shadow(document, 'page-reading-voice'), 'tarot-reading'), 'tarot-reading-voice');
              const button = shadow(reading, 'voice-speaker-button')?.querySelector('button');
              return button !== null && button !== undefined && !button.disabled;
            }
            const reading = shadow(shadow(shadow(document, 'page-reading-text'), 'tarot-reading'), 'tarot-reading-text');
            return reading?.querySelector('.connection')?.textContent?.trim() === 'Connected';
          };
          const links = shadow(shadow(document, 'page-reading'), 'tarot-reading')?.querySelectorAll('a') ?? [];
          const link = [...links].find((a) =>
            a.textContent?.includes(which === 'voice' ? 'Voice Reading' : 'Text Chat'),
          );
          if (!link) {
            reject(new Error(`no ${which} link`));
            return;
          }
          const start = performance.now();
          const check = (): void => {
            if (ready()) resolve(performance.now() - start);
            else if (performance.now() - start > 15_000) reject(new Error(`${which} never ready`));
            else requestAnimationFrame(check);
          };
          link.click();
          requestAnimationFrame(check);
        }),
      mode,
    );
  } finally {
    await page.close();
  }
}

export async function voiceReadyBench(options: { runs?: number } = {}): Promise<BenchRow[]> {
  const runs = options.runs ?? 20;
  const config = benchConfig();
  const wrangler = await startWrangler({
    config,
    vars: { READER_TOKEN_SECRET: 'bench-reader-secret' },
  });
  const browser = await chromium.launch(chromiumLaunchOptions({ fakeMedia: true }));
  try {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    // One unmeasured visit of each warms workerd and the HTTP cache alike.
    await timeToReady(context, wrangler.url, 'voice');
    await timeToReady(context, wrangler.url, 'text');
    const voice: number[] = [];
    const text: number[] = [];
    for (let run = 0; run < runs; run++) {
      voice.push(await timeToReady(context, wrangler.url, 'voice'));
      text.push(await timeToReady(context, wrangler.url, 'text'));
    }
    const baseline = { name: 'Text Chat → connected (same run)', value: median(text) };
    const p90 = { name: 'Text Chat → connected, p90', value: percentile(text, 90) };
    return [
      row(
        'voice',
        'Voice Reading → session ready, local reader (median)',
        median(voice),
        'ms',
        baseline,
        `${runs} runs each, interleaved; microphone, token, SDK load and WebSocket connect`,
      ),
      row('voice', 'Voice Reading → session ready, local reader (p90)', percentile(voice, 90), 'ms', p90),
    ];
  } finally {
    await browser.close();
    await wrangler.stop();
    rmSync(config, { force: true });
  }
}
