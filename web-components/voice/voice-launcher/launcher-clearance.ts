import type { ReactiveController, ReactiveElement } from 'lit';

/** What the clearance reads of its `<voice-launcher>`. */
export interface ClearanceHost extends ReactiveElement {
  placement: string;
  open: boolean;
}

/** What a visitor can focus or press on the page: what the launcher must leave uncovered. */
const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
  'select:not([disabled]), textarea:not([disabled]), summary, iframe, audio[controls], ' +
  'video[controls], [contenteditable]:not([contenteditable="false"]), [tabindex]:not([tabindex="-1"])';

/** The space kept between the button and what it steps aside from, px. */
const GAP = 8;
/**
 * The grid the page is read at under the button, px: less than a line of text or a checkbox is
 * tall, so none falls between two points.
 */
const SPACING = 12;
/** Steps tried before the button gives up and keeps its corner. */
const MAX_STEPS = 8;
/** The end of a scroll: `scrollend` where the browser fires it, else each scroll, let settle. */
const SCROLL_END =
  typeof document === 'undefined' || 'onscrollend' in document ? 'scrollend' : 'scroll';
/** How long scrolling pauses before it counts as ended where there is no `scrollend`, ms. */
const SCROLL_PAUSE_MS = 150;

/**
 * Keeps the closed launcher's button off the page's own focusable content (WCAG 2.4.11, focus
 * not obscured): where its corner holds a link, a button or a field of the page (a site's own
 * "Back to top", a header's menu, a footer's last link at the end of the page), the button steps
 * aside along its edge, away from the corner (up from a bottom corner, down from a top one), to
 * the nearest place that covers nothing focusable, and the panel opens beside it there. When the
 * edge holds no such place within the half of the screen its corner is in, it keeps its corner.
 *
 * It looks again when the page's layout can have moved something under it: once rendered, on a
 * resize, at the end of a scroll, when the page's size changes, when the visitor focuses
 * something it covers, and when the panel closes (never while it is open: the panel stays put).
 * The page is read through `elementFromPoint` at points 12px apart over the button's box (and in
 * open shadow roots found there), so nothing is walked that the button does not cover: a few
 * milliseconds on a page of two thousand links, a fraction of one on most.
 */
export class LauncherClearanceController implements ReactiveController {
  #host: ClearanceHost;
  #button: () => HTMLElement | null | undefined;
  /** How far the button stands from its corner along its edge, px. */
  #shift = 0;
  #frame = 0;
  #settling: ReturnType<typeof setTimeout> | undefined;
  #resized: ResizeObserver | undefined;

  constructor(host: ClearanceHost, button: () => HTMLElement | null | undefined) {
    this.#host = host;
    this.#button = button;
    host.addController(this);
  }

  hostConnected(): void {
    addEventListener('resize', this.#schedule);
    document.addEventListener(SCROLL_END, this.#afterScroll, true);
    document.addEventListener('focusin', this.#onFocus, true);
    this.#resized = new ResizeObserver(this.#schedule);
    this.#resized.observe(document.documentElement);
  }

  hostDisconnected(): void {
    removeEventListener('resize', this.#schedule);
    document.removeEventListener(SCROLL_END, this.#afterScroll, true);
    clearTimeout(this.#settling);
    document.removeEventListener('focusin', this.#onFocus, true);
    this.#resized?.disconnect();
    cancelAnimationFrame(this.#frame);
  }

  hostUpdated(): void {
    this.#schedule();
  }

  /** Measures at the next frame, once however many reasons came in this one. */
  #schedule = (): void => {
    cancelAnimationFrame(this.#frame);
    this.#frame = requestAnimationFrame(() => this.#place());
  };

  /** A scroll ended (where `scrollend` is not fired, once the scrolling has paused). */
  #afterScroll = (): void => {
    if (SCROLL_END === 'scrollend') {
      this.#schedule();
      return;
    }
    clearTimeout(this.#settling);
    this.#settling = setTimeout(this.#schedule, SCROLL_PAUSE_MS);
  };

  /** Something the visitor focused may be under the button: look again at once. */
  #onFocus = (event: FocusEvent): void => {
    const target = event.target;
    const button = this.#button();
    if (!(target instanceof Element) || !button || this.#host.open) return;
    if (target === outermostHost(this.#host)) return;
    if (overlaps(target.getBoundingClientRect(), button.getBoundingClientRect())) this.#place();
  };

  #place(): void {
    const button = this.#button();
    if (!button || this.#host.open || !this.#host.isConnected) return;
    const shown = button.getBoundingClientRect();
    if (!shown.width || !shown.height) return;
    // +1 moves down, away from a top corner; -1 moves up, away from a bottom one
    const away = this.#host.placement.startsWith('top') ? 1 : -1;
    const corner = shifted(shown, -away * this.#shift);
    const mine = outermostHost(this.#host);
    let shift = 0;
    for (let step = 0; step < MAX_STEPS; step += 1) {
      const box = shifted(corner, away * shift);
      const covered = focusableUnder(this.#host, box, mine);
      if (covered.length === 0) break;
      const needed = Math.max(
        ...covered.map((rect) =>
          away > 0 ? rect.bottom + GAP - corner.top : corner.bottom - (rect.top - GAP),
        ),
      );
      // the edge holds no free place in the corner's half: keep the corner
      if (needed <= shift || corner.height + needed > innerHeight / 2) {
        shift = 0;
        break;
      }
      shift = Math.ceil(needed);
      if (step === MAX_STEPS - 1) shift = 0;
    }
    if (shift === this.#shift) return;
    this.#shift = shift;
    if (shift) this.#host.style.setProperty('--_launcher-shift', `${shift}px`);
    else this.#host.style.removeProperty('--_launcher-shift');
  }
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function shifted(rect: DOMRect, dy: number): DOMRect {
  return new DOMRect(rect.x, rect.y + dy, rect.width, rect.height);
}

/** The element in the document that holds `element` (itself, or the host of its shadow tree). */
function outermostHost(element: Element): Element {
  let node: Element = element;
  for (let root = node.getRootNode(); root instanceof ShadowRoot; root = node.getRootNode()) {
    node = root.host;
  }
  return node;
}

/** Points along `from`..`to`, `SPACING` apart or less, both ends included. */
function across(from: number, to: number): number[] {
  const count = Math.max(1, Math.ceil((to - from) / SPACING));
  return Array.from({ length: count + 1 }, (_, i) => from + ((to - from) * i) / count);
}

/**
 * The boxes of the page's focusable elements under `box` (and a gap around it): what a pointer
 * would hit at a grid of points `SPACING` apart, the launcher itself let through (`pointer-events:
 * none` for the while), and inside open shadow roots hit there. `mine`, the element that holds
 * the launcher, is passed over.
 */
function focusableUnder(host: HTMLElement, box: DOMRect, mine: Element): DOMRect[] {
  const found = new Set<Element>();
  host.style.setProperty('pointer-events', 'none');
  try {
    for (const x of across(box.left - GAP / 2, box.right + GAP / 2)) {
      for (const y of across(box.top - GAP / 2, box.bottom + GAP / 2)) {
        collect(document, x, y, mine, found, 0);
      }
    }
  } finally {
    host.style.removeProperty('pointer-events');
  }
  return [...found].map((element) => element.getBoundingClientRect()).filter((r) => r.width > 0);
}

function collect(
  root: Document | ShadowRoot,
  x: number,
  y: number,
  mine: Element,
  found: Set<Element>,
  depth: number,
): void {
  const hit = root.elementFromPoint(x, y);
  if (!hit || hit === mine) return;
  const focusable = hit.closest(FOCUSABLE);
  if (focusable) found.add(focusable);
  const inner = hit.shadowRoot;
  if (inner && inner !== root && depth < 3) collect(inner, x, y, mine, found, depth + 1);
}
