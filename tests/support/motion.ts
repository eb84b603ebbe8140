/**
 * Waits until nothing on a page is moving, for the browser tests (called directly) and the e2e
 * tests (passed whole to `page.evaluate`, so it is self-contained: no imports, no outside names).
 * axe measures colours as painted, and a message or label fading in is partly transparent for a
 * few frames: a check run then fails on contrast a visitor never sees at rest.
 */

/**
 * Resolves once nothing in the element's shadow roots (or the document's, nested ones too) is
 * moving: every finite animation there has finished (or been cancelled), and what the element does
 * when one finishes has run. Animations that start meanwhile are waited for too. Endless
 * animations (a pulse) are not waited for.
 */
export async function motionSettled(
  el: (Element & { updateComplete?: Promise<unknown> }) | Document = document,
): Promise<void> {
  // `el` and the open shadow roots inside it, nested ones too (getAnimations() of one omits the
  // rest), found anew each round: what renders meanwhile may animate too.
  const rootsOf = () => {
    const roots: (Element | Document | ShadowRoot)[] = [el];
    const visit = (node: Element | Document | ShadowRoot) => {
      for (const element of node.querySelectorAll('*')) {
        if (!element.shadowRoot) continue;
        roots.push(element.shadowRoot);
        visit(element.shadowRoot);
      }
    };
    if (el instanceof Element && el.shadowRoot) {
      roots.push(el.shadowRoot);
      visit(el.shadowRoot);
    }
    visit(el);
    return roots;
  };
  for (;;) {
    const moving = rootsOf()
      .flatMap((root) => root.getAnimations())
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .filter((animation) => animation.playState !== 'finished' && animation.playState !== 'idle');
    if (moving.length === 0) break;
    await Promise.allSettled(moving.map((animation) => animation.finished));
    // the element's own reaction to `finished` runs in later microtasks; a frame lets it all run
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  }
  if (!(el instanceof Document)) await el.updateComplete;
}
