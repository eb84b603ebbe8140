/**
 * The card picker's main-thread cost, from Chromium performance traces. Each run opens a fresh page
 * with the tarot embed loaded, then traces the whole draw: the `<tarot-card-picker>` is created
 * (shuffle, first render, the cards dealt onto the table), the visitor moves through the spread
 * with the keyboard and picks a card (the flip). Reported: the longest main-thread task, as the
 * median of the runs and the worst run. Baseline, in the same browser and run, interleaved run by
 * run: a plain page that creates one button and a box, takes the same keys, and flips the box
 * with a CSS transition, so the ratio is the picker's cost over the machine's floor. Every figure
 * is taken twice: as the machine runs, and under 4× CPU throttling (CDP
 * `Emulation.setCPUThrottlingRate`), like a mid-range phone. The longest task's CPU (thread) time
 * is reported beside its wall time: on a shared machine it is the steadier figure. Each worst-run
 * row's note says what that run's longest task spent its time on (self time by trace event), so a
 * regression points at its cause.
 *
 * Both pages are driven the same way, so both traces also hold the harness's own first-use cost
 * (Playwright evaluates its injected script in the page on the first locator call): in practice
 * that is the plain page's longest task, a fixed piece of script that scales with the CPU, and the
 * floor the picker is held to.
 *
 * Where the wall time goes on a busy machine: while the picker's longest task runs, Chromium's
 * other threads (compositor, display compositor, raster) barely run; its wall time past its CPU
 * time is the main thread waiting for a core that other processes hold (card backs painted flat,
 * without their two gradients, move neither the display compositor's CPU nor the ratio). The
 * picker has more tasks of a few ms than the plain page (its first render, the deal's frames, the
 * pick), so the more the machine is shared, the likelier one of them is descheduled: the wall-time
 * ratio follows the machine's load where the CPU-time ratio does not. The median row gives the
 * load average the runs met.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from '../support/paths.ts';
import { median, round, row, type BenchRow } from './stats.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { longestTask, type LongestTask, type TraceEvent } from './trace.ts';

const ORIGIN = 'http://bench.invalid';
const VIEWPORT = { width: 1280, height: 900 };
/** Arrow presses before the pick: enough to cross a row of the spread. */
const MOVES = 12;

const PICKER_PAGE = `<!doctype html><html lang="en"><head><link rel="stylesheet" href="/styles/tokens.css">
<script>window.process={env:{NODE_ENV:'production'}}</script>
<script type="module" src="/embed/tarot-cards.js"></script></head><body><main></main></body></html>`;

const PLAIN_PAGE = `<!doctype html><html lang="en"><head><link rel="stylesheet" href="/styles/tokens.css">
</head><body><main></main><script>
window.mount = () => {
  const button = document.createElement('button');
  button.textContent = 'Toggle';
  const box = document.createElement('div');
  box.style.cssText = 'width:100px;height:140px;background:#555;transition:transform .7s';
  button.onclick = () => { box.style.transform = box.style.transform ? '' : 'rotateY(180deg)'; };
  document.querySelector('main').append(button, box);
  window.flipped = new Promise((resolve) => box.addEventListener('transitionend', resolve, { once: true }));
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
};
</script></body></html>`;

async function openPage(browser: Browser, body: string, throttle: number): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT });
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
  await page.goto(`${ORIGIN}/`, { waitUntil: 'load' });
  if (throttle !== 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  return page;
}

/** BENCH_PICKER_TRACES=<folder> keeps every trace there, to open in DevTools' Performance panel. */
const TRACE_DIR = process.env.BENCH_PICKER_TRACES;

async function trace(
  browser: Browser,
  page: Page,
  label: string,
  act: () => Promise<void>,
): Promise<LongestTask> {
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
      'v8',
      'v8.execute',
      'disabled-by-default-v8.compile',
    ],
  });
  await act();
  const buffer = await browser.stopTracing();
  if (TRACE_DIR) {
    mkdirSync(TRACE_DIR, { recursive: true });
    writeFileSync(join(TRACE_DIR, `${label}.json`), buffer);
  }
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  return longestTask(parsed.traceEvents);
}

/** Creates the picker, moves through the spread and picks; resolves once the flip is over. */
async function drawWithPicker(browser: Browser, throttle: number, label: string) {
  const page = await openPage(browser, PICKER_PAGE, throttle);
  try {
    return await trace(browser, page, label, async () => {
      // The element is created by script, as a reading does when its draw starts, and only its
      // definition is awaited: the picker may be defined at once or come with a lazy chunk.
      await page.evaluate(async () => {
        const picker = document.createElement('tarot-card-picker') as HTMLElement & {
          updateComplete?: Promise<unknown>;
        };
        picker.setAttribute('position-label', 'Present');
        picker.setAttribute('prompt-role', 'what is here now');
        const state = window as unknown as { picked: Promise<unknown> };
        state.picked = new Promise((resolve) =>
          picker.addEventListener('tarot-card-pick', resolve, { once: true }),
        );
        document.querySelector('main')?.append(picker);
        await customElements.whenDefined('tarot-card-picker');
        await picker.updateComplete;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      const first = page.getByRole('button', { name: /^Card 1 of \d+$/ });
      await first.focus();
      for (let i = 0; i < MOVES; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await page.evaluate(async () => {
        await (window as unknown as { picked: Promise<unknown> }).picked;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
    });
  } finally {
    await page.close();
  }
}

/** The baseline: the same steps on a page with one button and a box that flips by CSS. */
async function drawOnPlainPage(browser: Browser, throttle: number, label: string) {
  const page = await openPage(browser, PLAIN_PAGE, throttle);
  try {
    return await trace(browser, page, label, async () => {
      await page.evaluate(() => (window as unknown as { mount: () => Promise<void> }).mount());
      const button = page.getByRole('button', { name: 'Toggle' });
      await button.focus();
      for (let i = 0; i < MOVES; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await page.evaluate(async () => {
        await (window as unknown as { flipped: Promise<unknown> }).flipped;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
    });
  } finally {
    await page.close();
  }
}

function describe(task: LongestTask): string {
  const parts = task.breakdown.slice(0, 4).map(([name, ms]) => `${name} ${round(ms, 1)}`);
  return `${round(task.ms, 1)} ms (CPU ${round(task.cpuMs, 1)}): ${parts.join(', ')}`;
}

const NO_TASK: LongestTask = { ms: 0, cpuMs: 0, breakdown: [] };

function worstOf(tasks: readonly LongestTask[]): LongestTask {
  return tasks.reduce((worst, task) => (task.ms > worst.ms ? task : worst));
}

export async function pickerBench(runs = 7, throttles: readonly number[] = [1, 4]) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const rows: BenchRow[] = [];
  try {
    for (const throttle of throttles) {
      const loadBefore = loadavg()[0] ?? 0;
      const picker: LongestTask[] = [];
      const plain: LongestTask[] = [];
      for (let run = 0; run < runs; run++) {
        picker.push(await drawWithPicker(browser, throttle, `picker-${throttle}x-${run + 1}`));
        plain.push(await drawOnPlainPage(browser, throttle, `plain-${throttle}x-${run + 1}`));
        process.stdout.write(
          `  picker ${throttle}× run ${run + 1}: ${describe(picker.at(-1) ?? NO_TASK)}` +
            ` | plain ${describe(plain.at(-1) ?? NO_TASK)}\n`,
        );
      }
      const suffix = throttle === 1 ? '' : `, ${throttle}× CPU throttling`;
      const load = `1-minute load average ${round(loadBefore, 1)} before the runs, ${round(loadavg()[0] ?? 0, 1)} after (${cpus().length} cores)`;
      const worstPicker = worstOf(picker);
      const worstPlain = worstOf(plain);
      rows.push(
        row(
          'picker',
          `longest task while picking, median of ${runs} runs${suffix}`,
          median(picker.map((task) => task.ms)),
          'ms',
          { name: 'plain page', value: median(plain.map((task) => task.ms)) },
          load,
        ),
        row(
          'picker',
          `longest task while picking, worst of ${runs} runs${suffix}`,
          worstPicker.ms,
          'ms',
          { name: 'plain page', value: worstPlain.ms },
          `worst picker task ${describe(worstPicker)}; worst plain task ${describe(worstPlain)}`,
        ),
        row(
          'picker',
          `longest task's CPU time while picking, median of ${runs} runs${suffix}`,
          median(picker.map((task) => task.cpuMs)),
          'ms',
          { name: 'plain page', value: median(plain.map((task) => task.cpuMs)) },
          'thread time: unlike wall time, not lengthened while other processes hold the CPU',
        ),
        row(
          'picker',
          `longest task's CPU time while picking, worst of ${runs} runs${suffix}`,
          Math.max(...picker.map((task) => task.cpuMs)),
          'ms',
          { name: 'plain page', value: Math.max(...plain.map((task) => task.cpuMs)) },
        ),
      );
    }
  } finally {
    await browser.close();
  }
  return rows;
}
