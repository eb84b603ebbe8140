import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadableAtom } from 'nanostores';

/**
 * Subscribes a Lit element to a nanostores store for as long as the element is connected, and
 * asks it to update on every change. `render()` reads `.value`, never `$store.get()`.
 * (An ESM stand-in for `@nanostores/lit`, which ships CommonJS only.)
 */
export class StoreController<T> implements ReactiveController {
  value: T;
  #unsubscribe: (() => void) | undefined;
  #host: ReactiveControllerHost;
  #store: ReadableAtom<T>;

  constructor(host: ReactiveControllerHost, store: ReadableAtom<T>) {
    this.#host = host;
    this.#store = store;
    this.value = store.get();
    host.addController(this);
  }

  hostConnected(): void {
    this.#unsubscribe = this.#store.subscribe((value) => {
      this.value = value;
      this.#host.requestUpdate();
    });
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }
}
