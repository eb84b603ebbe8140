/**
 * Whether the browser lets the reader's voice play. An autoplay policy (Chromium's
 * `--autoplay-policy=document-user-activation-required`, Safari's default) keeps a media element
 * paused, or an AudioContext suspended, until the visitor has interacted with the page; the
 * reading would then look alive and say nothing. The guard watches what plays the reader's voice,
 * says when it is blocked, and resumes it all on the visitor's gesture.
 *
 *   pagePlayback.watchElement(audio);   // after the element is given its stream
 *   pagePlayback.$blocked               // true while something is held back
 *   await pagePlayback.resume();        // from a click or key press: plays what was held back
 *
 * One guard per page: a gesture unlocks the whole document, so one "Start audio" button serves
 * every reading on it.
 */
import { atom, type ReadableAtom } from 'nanostores';

export class PlaybackGuard {
  readonly #blocked = atom(false);
  readonly #elements = new Map<HTMLMediaElement, () => void>();
  readonly #contexts = new Map<AudioContext, () => void>();
  readonly #held = new Set<HTMLMediaElement | AudioContext>();

  /** True while the browser holds back something the guard watches. */
  get $blocked(): ReadableAtom<boolean> {
    return this.#blocked;
  }

  /**
   * Watches a media element: if it has a stream and is paused, plays it; a `NotAllowedError`
   * means the policy blocked it. Call it once the element has its stream (a stream given later is
   * checked when its load starts, where the browser starts one).
   */
  watchElement(element: HTMLMediaElement): void {
    if (this.#elements.has(element)) return;
    const check = (): void => {
      if (!element.paused || !element.srcObject) return;
      element.play().then(
        () => this.#release(element),
        (error: unknown) => {
          if (isNotAllowed(error) && this.#elements.has(element)) this.#hold(element);
        },
      );
    };
    const playing = (): void => this.#release(element);
    element.addEventListener('loadstart', check);
    element.addEventListener('loadedmetadata', check);
    element.addEventListener('playing', playing);
    this.#elements.set(element, () => {
      element.removeEventListener('loadstart', check);
      element.removeEventListener('loadedmetadata', check);
      element.removeEventListener('playing', playing);
    });
    if (element.srcObject) check();
  }

  /** Watches an AudioContext: one that stays `suspended` after asking it to run is blocked. */
  watchContext(context: AudioContext): void {
    if (this.#contexts.has(context)) return;
    const changed = (): void => {
      if (context.state === 'running' || context.state === 'closed') this.#release(context);
    };
    context.addEventListener('statechange', changed);
    this.#contexts.set(context, () => context.removeEventListener('statechange', changed));
    if (context.state !== 'suspended') return;
    // Chromium leaves the promise pending while the policy blocks; the state is the answer.
    void context.resume().catch(() => undefined);
    queueMicrotask(() => {
      if (context.state === 'suspended' && this.#contexts.has(context)) this.#hold(context);
    });
  }

  /** Stops watching (the reading ended); what it held no longer counts as blocked. */
  forget(target: HTMLMediaElement | AudioContext): void {
    const stop =
      target instanceof AudioContext
        ? this.#contexts.get(target)
        : this.#elements.get(target as HTMLMediaElement);
    stop?.();
    if (target instanceof AudioContext) this.#contexts.delete(target);
    else this.#elements.delete(target as HTMLMediaElement);
    this.#release(target);
  }

  /**
   * Plays everything held back. Call it from the visitor's gesture (a click or a key press), which
   * is what the policy waits for. Resolves with whether nothing is blocked any more.
   */
  async resume(): Promise<boolean> {
    await Promise.all(
      [...this.#held].map(async (target) => {
        try {
          if (target instanceof AudioContext) await target.resume();
          else await target.play();
          this.#release(target);
        } catch {
          // Still blocked: the button stays.
        }
      }),
    );
    return !this.#blocked.get();
  }

  #hold(target: HTMLMediaElement | AudioContext): void {
    this.#held.add(target);
    this.#blocked.set(true);
  }

  #release(target: HTMLMediaElement | AudioContext): void {
    this.#held.delete(target);
    this.#blocked.set(this.#held.size > 0);
  }
}

function isNotAllowed(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'NotAllowedError';
}

/** The page's guard (see the module's comment). */
export const pagePlayback = new PlaybackGuard();
