import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadableAtom } from 'nanostores';

/**
 * Subscribes a Lit element to one nanostores atom while it is connected, like StoreController
 * (store-controller.ts), and can be re-pointed at another atom with `bind()`: an element
 * starts on its own state and moves to an assistant's when context or a `for` link brings one.
 * `render()` reads `.value`, never `.get()`.
 */
export class AtomController<T> implements ReactiveController {
  value: T;
  #host: ReactiveControllerHost;
  #store: ReadableAtom<T>;
  #unsubscribe: (() => void) | undefined;
  #connected = false;

  constructor(host: ReactiveControllerHost, store: ReadableAtom<T>) {
    this.#host = host;
    this.#store = store;
    this.value = store.get();
    host.addController(this);
  }

  /** Follows `store` from now on (nothing happens if it is the one already followed). */
  bind(store: ReadableAtom<T>): void {
    if (store === this.#store) return;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#store = store;
    this.value = store.get();
    if (this.#connected) this.#subscribe();
    this.#host.requestUpdate();
  }

  hostConnected(): void {
    this.#connected = true;
    this.#subscribe();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  #subscribe(): void {
    this.#unsubscribe = this.#store.subscribe((value) => {
      this.value = value;
      this.#host.requestUpdate();
    });
  }
}
