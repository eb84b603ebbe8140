import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the bottom (in pixels) still counts as reading the latest line. */
const NEAR_BOTTOM_PX = 48;

/**
 * Keeps a scrolling log on its latest line as lines arrive, unless the reader has scrolled up to
 * read something older: before each update it notes whether the log is at the bottom, and after it
 * scrolls there again only if it was.
 */
export class StickToBottomController implements ReactiveController {
  #target: () => HTMLElement | null | undefined;
  #stick = true;

  constructor(host: ReactiveControllerHost, target: () => HTMLElement | null | undefined) {
    this.#target = target;
    host.addController(this);
  }

  hostUpdate(): void {
    const log = this.#target();
    if (log) this.#stick = log.scrollHeight - log.scrollTop - log.clientHeight < NEAR_BOTTOM_PX;
  }

  hostUpdated(): void {
    const log = this.#target();
    if (log && this.#stick) log.scrollTop = log.scrollHeight;
  }
}
