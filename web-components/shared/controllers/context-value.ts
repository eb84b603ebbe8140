import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type Context, ContextEvent } from '@lit/context';

/**
 * The two ends of the Lit team's context protocol (`@lit/context`) that our elements use, without
 * the library's controllers in a first load: only its request event, the protocol itself, comes
 * from it.
 */

/**
 * The value a provider above hands down under `context`, kept for as long as the host is
 * connected: `set` gets it, and each new one the provider sends. What
 * `@consume({ context, subscribe: true })` does, without the library's consumer and decorator
 * (about 0.6 KiB gz). With no provider above, `set` is never called.
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

/**
 * Answers the requests for `context` that come from inside `host` with `value`, which never
 * changes: what `new ContextProvider(host, { context, initialValue: value })` does for a value that
 * is never set again, without the library's provider and notifier in a first load (about 0.6 KiB
 * gz). A request from the host itself goes on to the providers above it.
 */
export function provideFixed<T>(host: HTMLElement, context: Context<unknown, T>, value: T): void {
  host.addEventListener('context-request', (event) => {
    const request = event as ContextEvent<Context<unknown, T>>;
    if (request.context !== context) return;
    if ((request.contextTarget ?? request.composedPath()[0]) === host) return;
    event.stopPropagation();
    // a subscriber is never called again: there is nothing to leave
    request.callback(value, () => undefined);
  });
}
