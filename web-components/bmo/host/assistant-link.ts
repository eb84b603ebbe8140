/**
 * Which assistant's state an element shows, decided the way `<label for>` finds its control:
 *
 * 1. an assistant set by property (`slot.assistant = document.querySelector('bmo-assistant')`);
 * 2. else the `<bmo-assistant>` whose id is the element's `for` attribute, looked up in the
 *    element's own tree root (the document, or the shadow root it sits in), live: an assistant
 *    added, renamed or defined later is found then;
 * 3. else the assistant the element sits inside, through its context (`bmoContext`, asked by
 *    ContextValue);
 * 4. else none: the element works on its own state.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { bmoContext, type BmoContextValue } from '../../stores/bmo-context.ts';
import { ContextValue } from '../../shared/controllers/context-value.ts';

/** Something an element can be linked to: `<bmo-assistant>` (its `stores`). */
export interface BmoStoresSource {
  readonly stores: BmoContextValue;
}

export interface AssistantLinkHost extends ReactiveControllerHost, HTMLElement {
  /** The `for` attribute: the id of a `<bmo-assistant>` in the same tree root. */
  htmlFor: string;
  /** An assistant set by property; wins over `for`. */
  assistant: BmoStoresSource | null | undefined;
}

function isSource(element: Element | null): element is Element & BmoStoresSource {
  if (!element || element.localName !== 'bmo-assistant' || !('stores' in element)) return false;
  const { stores } = element;
  return typeof stores === 'object' && stores !== null && 'bmo' in stores && 'cassette' in stores;
}

export class AssistantLinkController implements ReactiveController {
  #host: AssistantLinkHost;
  #fromContext: BmoContextValue | undefined;
  #linked: BmoContextValue | undefined;
  #current: BmoContextValue | undefined;
  #observer: MutationObserver | undefined;
  #observed: Node | undefined;

  constructor(host: AssistantLinkHost) {
    this.#host = host;
    host.addController(this);
    new ContextValue(host, bmoContext, (value) => {
      this.#fromContext = value;
      this.#settle();
    });
  }

  /** The stores in use now, or undefined for the element's own. */
  get source(): BmoContextValue | undefined {
    return this.#current;
  }

  hostConnected(): void {
    this.#resolve();
    void customElements.whenDefined('bmo-assistant').then(() => this.#resolve());
  }

  hostUpdate(): void {
    this.#resolve();
  }

  /** Looks again now (an element whose `willUpdate` needs the answer calls it first). */
  refresh(): void {
    this.#resolve();
  }

  hostDisconnected(): void {
    this.#watch(undefined);
    // Moved elsewhere, it asks again on connecting; an assistant it left no longer speaks for it.
    this.#fromContext = undefined;
  }

  #resolve(): void {
    const host = this.#host;
    const root = host.isConnected ? host.getRootNode() : undefined;
    const searchable = root instanceof Document || root instanceof ShadowRoot ? root : undefined;
    let linked: BmoContextValue | undefined;
    if (host.assistant) {
      linked = host.assistant.stores;
    } else if (host.htmlFor && searchable) {
      const found = searchable.getElementById(host.htmlFor);
      if (isSource(found)) linked = found.stores;
    }
    this.#watch(!host.assistant && host.htmlFor ? searchable : undefined);
    this.#linked = linked;
    this.#settle();
  }

  /** While linked by id, notices the tree changing (an assistant added, removed or renamed). */
  #watch(root: Document | ShadowRoot | undefined): void {
    if (root === this.#observed) return;
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#observed = root;
    if (!root) return;
    this.#observer = new MutationObserver(() => this.#resolve());
    this.#observer.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['id'],
    });
  }

  #settle(): void {
    const next = this.#linked ?? this.#fromContext;
    if (next === this.#current) return;
    this.#current = next;
    this.#host.requestUpdate();
  }
}
