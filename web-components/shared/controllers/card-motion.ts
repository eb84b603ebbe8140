import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { $reducedMotion } from '../../stores/preferences.ts';
import { StoreController } from './store-controller.ts';

/** Reads "700ms" or "0.7s" as milliseconds; anything else is `fallback`. */
export function parseDuration(value: string, fallback: number): number {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(ms|s)\s*$/.exec(value);
  if (!match) return fallback;
  const amount = Number(match[1]);
  return match[2] === 's' ? amount * 1000 : amount;
}

/**
 * The motion side of a card element: whether to reduce motion (the `$reducedMotion` store, which
 * folds in the system setting), durations read from the host's CSS custom properties, and Web
 * Animations that can be awaited and are cancelled when the host leaves the page. Animations touch
 * only `transform` and `opacity`. The host gets a `data-reduced-motion` attribute for its styles.
 */
export class CardMotionController implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  #reduced: StoreController<boolean>;
  #running = new Set<Animation>();

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    this.#reduced = new StoreController(host, $reducedMotion);
    host.addController(this);
  }

  /** Whether motion is reduced, by the visitor's choice or the system's. */
  get reduced(): boolean {
    return this.#reduced.value;
  }

  hostUpdate(): void {
    this.#host.toggleAttribute('data-reduced-motion', this.reduced);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** The duration in ms that the host's custom property `name` sets, else `fallback`. */
  duration(name: string, fallback: number): number {
    return parseDuration(getComputedStyle(this.#host).getPropertyValue(name), fallback);
  }

  /** Plays `keyframes` on `element`; resolves true when it finished, false when it was cancelled. */
  async play(
    element: Element,
    keyframes: Keyframe[],
    options: KeyframeAnimationOptions,
  ): Promise<boolean> {
    const animation = element.animate(keyframes, options);
    this.#running.add(animation);
    try {
      await animation.finished;
      return true;
    } catch {
      return false;
    } finally {
      this.#running.delete(animation);
    }
  }

  /** Stops every animation this controller started. */
  cancel(): void {
    for (const animation of this.#running) animation.cancel();
    this.#running.clear();
  }
}
