import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadableAtom } from 'nanostores';

/**
 * Subscribes a Lit element to a nanostores store for as long as the element is connected, and
 * asks it to update on every change. `render()` reads `.value`, never `$store.get()`.
 * (An ESM stand-in for `@nanostores/lit`, which ships CommonJS only.)
 *
 * Give it the store, or a function that finds it: an element whose stores arrive by context, by
 * property or by a `for` link passes `() => this.store.$agent`, and the controller follows the
 * store the function names whenever `.value` is read (in `willUpdate()` as in `render()`) and
 * before each update.
 */
export class StoreController<T> implements ReactiveController {
  #value: T;
  #unsubscribe: (() => void) | undefined;
  #host: ReactiveControllerHost;
  #find: () => ReadableAtom<T>;
  #store: ReadableAtom<T>;
  #connected = false;

  constructor(host: ReactiveControllerHost, store: ReadableAtom<T> | (() => ReadableAtom<T>)) {
    this.#host = host;
    this.#find = typeof store === 'function' ? store : () => store;
    this.#store = this.#find();
    this.#value = this.#store.get();
    host.addController(this);
  }

  /** The value of the store the finder names now. */
  get value(): T {
    const store = this.#find();
    if (store !== this.#store) this.#follow(store, false);
    return this.#value;
  }

  hostConnected(): void {
    this.#connected = true;
    this.#follow(this.#find(), true);
  }

  hostUpdate(): void {
    const store = this.#find();
    if (store !== this.#store) this.#follow(store, false);
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  #follow(store: ReadableAtom<T>, update: boolean): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#store = store;
    this.#value = store.get();
    if (!this.#connected) return;
    // Within an update (hostUpdate, or a read during one) the value is read before render; no
    // second update needed.
    if (update) this.#host.requestUpdate();
    this.#unsubscribe = store.listen((value) => {
      this.#value = value;
      this.#host.requestUpdate();
    });
  }
}
