/**
 * Shadow-DOM queries for browser tests, shared so each test file does not keep its own copy.
 * Controls are found by their accessible text where they have one, as a person finds them.
 */

/** The element's open shadow root; throws when it has none. */
export function shadow(el: Element): ShadowRoot {
  if (!el.shadowRoot) throw new Error(`${el.localName} has no shadow root`);
  return el.shadowRoot;
}

/** The first match in the element's shadow root, or null. */
export function find<T extends Element = HTMLElement>(el: Element, selector: string): T | null {
  return shadow(el).querySelector<T>(selector);
}

/** The first match in the element's shadow root; throws when nothing matches. */
export function must<T extends Element = HTMLElement>(el: Element, selector: string): T {
  const found = find<T>(el, selector);
  if (!found) throw new Error(`nothing in ${el.localName} matches ${selector}`);
  return found;
}

/** Text with its runs of white space collapsed, as a screen reader reads it. */
export function textOf(node: Node | null | undefined): string {
  return node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/**
 * The element's own control (a button or a link) named `name`: its text equals `name`, or matches
 * it when `name` is a RegExp; throws when there is none.
 */
export function control<T extends HTMLElement = HTMLElement>(
  el: Element,
  name: string | RegExp,
  selector = 'a, button',
): T {
  const found = [...shadow(el).querySelectorAll<T>(selector)].find((candidate) => {
    const text = textOf(candidate) || (candidate.getAttribute('aria-label') ?? '');
    return typeof name === 'string' ? text === name : name.test(text);
  });
  if (!found) throw new Error(`no control named ${String(name)} in ${el.localName}`);
  return found;
}

/** The element's own button named `name` (see `control`). */
export function buttonNamed(el: Element, name: string | RegExp): HTMLButtonElement {
  return control<HTMLButtonElement>(el, name, 'button');
}

/** Every match in the element's shadow root. */
export function all<T extends Element = HTMLElement>(el: Element, selector: string): T[] {
  return [...shadow(el).querySelectorAll<T>(selector)];
}

/** What the element's own live region (`role="status"` by default) says now. */
export function liveText(el: Element, role: 'status' | 'alert' = 'status'): string {
  return textOf(find(el, `[role="${role}"]`));
}

/** Whether anything in `element` (its subtree) is animating a transform: a card that moves. */
export function animatesTransform(element: Element): boolean {
  return element
    .getAnimations({ subtree: true })
    .some(
      (animation) =>
        animation.effect instanceof KeyframeEffect &&
        animation.effect.getKeyframes().some((frame) => 'transform' in frame),
    );
}

/** The open shadow roots inside `root`, nested ones too (getAnimations() of one omits the rest). */
function shadowRootsIn(root: Element | Document): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  const visit = (node: Element | Document | ShadowRoot) => {
    for (const element of node.querySelectorAll('*')) {
      if (!element.shadowRoot) continue;
      roots.push(element.shadowRoot);
      visit(element.shadowRoot);
    }
  };
  if (root instanceof Element && root.shadowRoot) {
    roots.push(root.shadowRoot);
    visit(root.shadowRoot);
  }
  visit(root);
  return roots;
}

/**
 * Resolves once nothing in the element's shadow roots (or the document's, nested ones too) is
 * moving: every finite animation there has finished (or been cancelled), and what the element does
 * when one finishes has run. Animations that start meanwhile are waited for too. Endless
 * animations (a pulse) are not waited for.
 */
export async function motionSettled(
  el: (Element & { updateComplete?: Promise<unknown> }) | Document = document,
) {
  for (;;) {
    const moving = [el, ...shadowRootsIn(el)]
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
