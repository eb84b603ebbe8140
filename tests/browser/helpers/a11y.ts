/**
 * Accessibility check for browser tests: runs axe-core on an element (or the document) and
 * fails with a readable list of violations.
 */
import 'axe-core/axe.min.js';
import { motionSettled } from './dom.ts';

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: unknown[] }[];
}
interface Axe {
  run(context: Element | Document, options?: object): Promise<{ violations: AxeViolation[] }>;
}

function getAxe(): Axe {
  const axe = (globalThis as { axe?: Axe }).axe;
  if (!axe) throw new Error('axe-core did not load');
  return axe;
}

export async function expectAccessible(context: Element | Document = document): Promise<void> {
  // axe judges colours at rest: mid-fade a label's text is partly transparent, and its contrast
  // fails for a few frames (a test once ran axe inside the phase label's 300 ms fade-in)
  await motionSettled(context);
  const { violations } = await getAxe().run(context, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: true } },
  });
  if (violations.length > 0) {
    const lines = violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`,
    );
    throw new Error(`Accessibility violations:\n${lines.join('\n')}`);
  }
}

/**
 * Waits until `predicate` is true, polling each animation frame, or throws after `timeout` ms.
 * The default stays under the test's own 10 s timeout but leaves room for a busy machine: a lazy
 * `import()` of a session SDK took over 4 s beside other work.
 */
export async function waitUntil(
  predicate: () => boolean,
  message: string,
  timeout = 8000,
): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > timeout) throw new Error(`Timed out: ${message}`);
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  }
}
