import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface RovingTabindexOptions {
  /** The items, in reading order. Called on every update and key press, so keep it cheap. */
  elements: () => readonly HTMLElement[];
  /** How many items a row holds, for ArrowUp and ArrowDown. 1 (the default) makes a list. */
  columns?: () => number;
  /** Whether the items run right to left, which swaps ArrowLeft and ArrowRight. */
  rightToLeft?: () => boolean;
}

/**
 * One tab stop for a composite widget (after Spectrum's `RovingTabindexController`): the current
 * item has `tabindex="0"`, every other one `-1`. Arrow keys move between items (Up and Down by a
 * row), Home and End jump to the ends; a click or focus on an item makes it current. The host
 * delegates `keydown` and `focusin` from its container to `handleKeydown` and `handleFocusin`,
 * so no item carries a listener of its own.
 */
export class RovingTabindexController implements ReactiveController {
  #index = 0;
  #options: RovingTabindexOptions;

  constructor(host: ReactiveControllerHost, options: RovingTabindexOptions) {
    this.#options = options;
    host.addController(this);
  }

  /** The current item's position. */
  get index(): number {
    return this.#index;
  }

  hostUpdated(): void {
    const elements = this.#options.elements();
    this.#index = clamp(this.#index, elements.length);
    elements.forEach((element, i) => {
      const tabIndex = i === this.#index ? 0 : -1;
      if (element.tabIndex !== tabIndex) element.tabIndex = tabIndex;
    });
  }

  /** Makes item `index` current; focuses it when `focus` is true. */
  setIndex(index: number, focus = false): void {
    const elements = this.#options.elements();
    if (elements.length === 0) return;
    const next = clamp(index, elements.length);
    elements[this.#index]?.setAttribute('tabindex', '-1');
    const target = elements[next];
    if (!target) return;
    target.tabIndex = 0;
    this.#index = next;
    if (focus) target.focus();
  }

  /** Moves focus for arrow keys, Home and End; returns whether it handled the key. */
  handleKeydown(event: KeyboardEvent): boolean {
    if (event.altKey || event.ctrlKey || event.metaKey) return false;
    const elements = this.#options.elements();
    const last = elements.length - 1;
    if (last < 0) return false;
    const target = this.#target(event.key, last);
    if (target === undefined) return false;
    event.preventDefault();
    // Past either end the focus stays where it is, as in a grid.
    if (target >= 0 && target <= last) this.setIndex(target, true);
    return true;
  }

  /**
   * Where `key` moves the current item, or undefined for another key. The direction and the row
   * length are asked only for the keys that need them: both read computed style (the columns also
   * layout), which would otherwise be forced on every key press.
   */
  #target(key: string, last: number): number | undefined {
    const step = () => (this.#options.rightToLeft?.() ? -1 : 1);
    const columns = () => Math.max(1, this.#options.columns?.() ?? 1);
    switch (key) {
      case 'ArrowRight':
        return this.#index + step();
      case 'ArrowLeft':
        return this.#index - step();
      case 'ArrowDown':
        return this.#index + columns();
      case 'ArrowUp':
        return this.#index - columns();
      case 'Home':
        return 0;
      case 'End':
        return last;
      default:
        return undefined;
    }
  }

  /** Keeps the tab stop on the item that took focus by pointer or script. */
  handleFocusin(event: FocusEvent): void {
    const elements = this.#options.elements();
    const index = elements.findIndex((element) => element === event.target);
    if (index >= 0 && index !== this.#index) this.setIndex(index);
  }
}

function clamp(index: number, length: number): number {
  return Math.min(Math.max(0, index), Math.max(0, length - 1));
}
