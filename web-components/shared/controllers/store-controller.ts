import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadableAtom } from 'nanostores';

/**
 * Subscribes a Lit element to a nanostores store for as long as the element is connected, and
 * asks it to update on every change. `render()` reads `.value`, never `$store.get()`.
 * (An ESM stand-in for `@nanostores/lit`, which ships CommonJS only.)
 *
 * Give it the store, or a function that finds it: an element whose stores arrive by context, by
 * property or by a `for` link passes `() => this.store.$agent`, and the controller follows the
 * store the function names before each render (`hostUpdate`, which Lit calls after the host's
 * `willUpdate`: a `willUpdate` that reads `.value` after its store changed calls it first).
 */
export class StoreController<T> implements ReactiveController {
  value: T;
  #unsubscribe: (() => void) | undefined;
  #host: ReactiveControllerHost;
  #find: () => ReadableAtom<T>;
  #store: ReadableAtom<T>;

  constructor(host: ReactiveControllerHost, store: ReadableAtom<T> | (() => ReadableAtom<T>)) {
    this.#host = host;
    this.#find = typeof store === 'function' ? store : () => store;
    this.#store = this.#find();
    this.value = this.#store.get();
    host.addController(this);
  }

  hostConnected(): void {
    this.#follow(this.#find(), true);
  }

  hostUpdate(): void {
    const store = this.#find();
    if (store !== this.#store) this.#follow(store, false);
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  #follow(store: ReadableAtom<T>, update: boolean): void {
    this.#unsubscribe?.();
    this.#store = store;
    this.value = store.get();
    // Within an update (hostUpdate) the value is read before render; no second update needed.
    if (update) this.#host.requestUpdate();
    this.#unsubscribe = store.listen((value) => {
      this.value = value;
      this.#host.requestUpdate();
    });
  }
}
