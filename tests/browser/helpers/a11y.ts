/**
 * Accessibility check for browser tests: runs axe-core on an element (or the document) and
 * fails with a readable list of violations.
 */
import 'axe-core/axe.min.js';

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

/**
 * Waits for the page's finite animations to end (a label's fade-in, a card's arrival), so axe
 * judges colours at rest: mid-fade, a label's text is partly transparent and its contrast low for
 * a few frames, which failed a test once when axe ran inside the indicator's 300 ms fade.
 */
async function settled(): Promise<void> {
  // document.getAnimations() leaves out shadow trees' animations: ask every open shadow root too
  const roots: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < roots.length; i++) {
    for (const element of roots[i]?.querySelectorAll('*') ?? []) {
      if (element.shadowRoot) roots.push(element.shadowRoot);
    }
  }
  const finite = roots
    .flatMap((root) => root.getAnimations())
    .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime));
  await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
}

export async function expectAccessible(context: Element | Document = document): Promise<void> {
  await settled();
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
