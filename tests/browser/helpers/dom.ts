/**
 * Shadow-DOM queries for browser tests, shared so each test file does not keep its own copy.
 * Controls are found by their accessible text where they have one, as a person finds them.
 */

export { motionSettled } from '../../support/motion.ts';

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
