/**
 * The card picker's frame cost, from a Chromium performance trace: 78 cards on screen, the visitor
 * moves through them with the keyboard and picks one (the flip). Reported: the longest main-thread
 * task and the longest frame. Baseline, in the same browser and run: the same trace around a plain
 * page whose button toggles a class, so the ratio is the picker's cost over the machine's floor.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from '../support/paths.ts';
import { row, type BenchRow } from './stats.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const ORIGIN = 'http://bench.invalid';

async function servePage(page: Page, body: string): Promise<void> {
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') {
      await route.fulfill({ contentType: 'text/html', body });
    } else if (path.startsWith('/embed/')) {
      await route.fulfill({
        contentType: 'text/javascript',
        body: readFileSync(join(ROOT, 'dist', path)),
      });
    } else if (path === '/styles/tokens.css') {
      await route.fulfill({ contentType: 'text/css', body: readFileSync(join(ROOT, path)) });
    } else {
      await route.fulfill({ status: 404, body: '' });
    }
  });
  await page.goto(`${ORIGIN}/`);
}

function analyse(events: TraceEvent[]): { longestTaskMs: number; longestFrameMs: number } {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'RunTask' &&
      (!main || (e.pid === main.pid && e.tid === main.tid)),
  );
  const longestTaskMs = Math.max(0, ...tasks.map((e) => (e.dur ?? 0) / 1000));
  const frames = events
    .filter((e) => e.name === 'DrawFrame' || e.name === 'BeginMainThreadFrame')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  let longestFrameMs = 0;
  for (let i = 1; i < frames.length; i++) {
    const current = frames[i];
    const previous = frames[i - 1];
    if (current !== undefined && previous !== undefined) {
      longestFrameMs = Math.max(longestFrameMs, (current - previous) / 1000);
    }
  }
  return { longestTaskMs, longestFrameMs };
}

async function trace(browser: Browser, page: Page, act: () => Promise<void>) {
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
    ],
  });
  await act();
  const buffer = await browser.stopTracing();
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  return analyse(parsed.traceEvents);
}

export async function pickerBench(runs = 5): Promise<BenchRow[]> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const picker = { task: [] as number[], frame: [] as number[] };
    const baseline = { task: [] as number[], frame: [] as number[] };
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await servePage(
        page,
        `<!doctype html><html lang="en"><head><link rel="stylesheet" href="/styles/tokens.css">
        <script>window.process={env:{NODE_ENV:'production'}}</script>
        <script type="module" src="/embed/tarot.js"></script></head><body>
        <tarot-card-picker position-label="Present" prompt-role="what is here now"></tarot-card-picker>
        </body></html>`,
      );
      const first = page.getByRole('button', { name: /^Card 1 of 78$/ });
      await first.waitFor();
      const pick = page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            document.addEventListener('tarot-card-pick', () => resolve(), { once: true }),
          ),
      );
      const result = await trace(browser, page, async () => {
        await first.focus();
        for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
        await pick;
        await page.waitForTimeout(100);
      });
      picker.task.push(result.longestTaskMs);
      picker.frame.push(result.longestFrameMs);
      await page.close();

      const plain = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await servePage(
        plain,
        `<!doctype html><html lang="en"><body><button id="b">Toggle</button>
        <div id="box" style="width:100px;height:140px;background:#555;transition:transform .6s"></div>
        <script>b.onclick=()=>{box.style.transform=box.style.transform?'':'rotateY(180deg)'}</script>
        </body></html>`,
      );
      const base = await trace(browser, plain, async () => {
        await plain.locator('#b').focus();
        for (let i = 0; i < 12; i++) await plain.keyboard.press('Tab');
        await plain.locator('#b').click();
        await plain.waitForTimeout(700);
      });
      baseline.task.push(base.longestTaskMs);
      baseline.frame.push(base.longestFrameMs);
      await plain.close();
    }
    const worst = (values: number[]) => Math.max(...values);
    const med = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    return [
      row('picker', 'longest task while picking (median of runs)', med(picker.task), 'ms', {
        name: 'plain page',
        value: med(baseline.task),
      }),
      row('picker', 'longest frame while picking (median of runs)', med(picker.frame), 'ms', {
        name: 'plain page',
        value: med(baseline.frame),
      }),
      row('picker', 'longest task while picking (worst run)', worst(picker.task), 'ms'),
      row('picker', 'longest frame while picking (worst run)', worst(picker.frame), 'ms'),
    ];
  } finally {
    await browser.close();
  }
}
