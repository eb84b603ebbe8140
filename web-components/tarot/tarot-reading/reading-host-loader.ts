/**
 * `<tarot-reading>`'s reading host (its readings' stores, sessions and events,
 * `tarot/host/reading-host.ts`), loaded with `import()` the first time the element shows a reading
 * rather than when it is made: the mode selection's first paint holds none of it. From then on its
 * stores go to the views by context; a view that asks for its store before is held and asks again
 * then. A host that fails to load shows the load error and fires `tarot-reading-error`; the next
 * change of mode tries again.
 */
import { ContextEvent, ContextProvider } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import { readingStoreContext } from '../../stores/reading-context.ts';
import type { ReadingHost, ReadingHostOptions } from '../host/reading-host.ts';
import type { ReadingMode } from '../host/reading-sessions.ts';

type StoreRequest = ContextEvent<typeof readingStoreContext>;

export class ReadingHostLoader implements ReactiveController {
  readonly #element: ReactiveElement & { label?: string };
  readonly #options: ReadingHostOptions;
  #host: ReadingHost | undefined;
  #load: Promise<ReadingHost | undefined> | undefined;
  #failed = false;
  #shown: ReadingMode = 'choose';
  #provider: ContextProvider<typeof readingStoreContext> | undefined;
  #waiting: StoreRequest[] = [];

  constructor(element: ReactiveElement & { label?: string }, options: ReadingHostOptions) {
    this.#element = element;
    this.#options = options;
    element.addController(this);
    element.addEventListener('context-request', (event) => {
      if (event.context !== readingStoreContext || this.#provider) return;
      event.stopPropagation();
      this.#waiting.push(event as StoreRequest);
    });
  }

  /** The host, once built; undefined before. */
  get host(): ReadingHost | undefined {
    return this.#host;
  }

  /** Whether the host's code failed to load (the element shows the load error). */
  get failed(): boolean {
    return this.#failed;
  }

  hostUpdate(): void {
    const mode = this.#options.mode();
    if (mode !== this.#shown && this.#failed) {
      this.#failed = false;
      this.#load = undefined;
    }
    this.#shown = mode;
    if (mode !== 'choose') void this.load();
    if (this.#host) this.#provider?.setValue(this.#host.storeOf(mode));
  }

  /** Loads and builds the host once (it loads a mode's view with its session); undefined: failed. */
  load(): Promise<ReadingHost | undefined> {
    if (this.#load) return this.#load;
    // the mode's view beside the host rather than after it (its session loads it again, at once)
    const mode = this.#options.mode();
    if (mode !== 'choose') void this.#options.loadView(mode).catch(() => undefined);
    this.#load = import('../host/reading-host.ts').then(
      ({ createReadingHost }) => this.#built(createReadingHost(this.#element, this.#options)),
      () => {
        this.#failed = true;
        this.#element.requestUpdate();
        const { loadFailed } = this.#options;
        this.#element.dispatchEvent(
          new CustomEvent('tarot-reading-error', {
            detail: { sessionId: null, code: 'load', message: loadFailed() },
            bubbles: true,
            composed: true,
          }),
        );
        return undefined;
      },
    );
    return this.#load;
  }

  #built(host: ReadingHost): ReadingHost {
    this.#host = host;
    this.#provider = new ContextProvider(this.#element, {
      context: readingStoreContext,
      initialValue: host.storeOf(this.#options.mode()),
    });
    for (const { contextTarget: view, callback, subscribe } of this.#waiting.splice(0)) {
      view.dispatchEvent(new ContextEvent(readingStoreContext, view, callback, subscribe));
    }
    this.#element.requestUpdate();
    return host;
  }
}
