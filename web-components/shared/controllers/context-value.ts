import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type Context, ContextEvent } from '@lit/context';

/**
 * The value a provider above hands down under `context` (the Lit team's context protocol,
 * `@lit/context`), kept for as long as the host is connected: `set` gets it, and each new one the
 * provider sends. What `@consume({ context, subscribe: true })` does, without the library's
 * consumer and decorator in the host's first load (about 0.6 KiB gz); only the request event, the
 * protocol itself, comes from `@lit/context`. With no provider above, `set` is never called.
 */
export class ContextValue<T> implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  #context: Context<unknown, T>;
  #set: (value: T) => void;
  #unsubscribe: (() => void) | undefined;

  constructor(
    host: ReactiveControllerHost & HTMLElement,
    context: Context<unknown, T>,
    set: (value: T) => void,
  ) {
    this.#host = host;
    this.#context = context;
    this.#set = set;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.dispatchEvent(new ContextEvent(this.#context, this.#host, this.#receive, true));
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  #receive = (value: T, unsubscribe?: () => void): void => {
    // a new provider answered: leave the one before
    if (this.#unsubscribe && this.#unsubscribe !== unsubscribe) this.#unsubscribe();
    this.#unsubscribe = unsubscribe;
    this.#set(value);
    this.#host.requestUpdate();
  };
}
