import { refusePropertyAttributes } from './property-attributes.ts';

/**
 * `@customElement('tag')` for the package's elements: Lit's decorator, made safe for pages that
 * hold two copies of the elements (the `/embed/` bundle beside an npm build, or two versions of
 * the package) and for servers that import the modules without a DOM.
 *
 * - A tag that is already defined is left to the copy that defined it first, instead of throwing
 *   `NotSupportedError` and breaking the second copy's whole module graph.
 * - Where there is no `customElements` registry (Node, an SSR framework's server pass), nothing is
 *   defined and nothing throws; the browser's import defines the tags.
 * - A property that is never an attribute refuses one aloud (./property-attributes.ts).
 *
 * Named `customElement` so the manifest analyzer reads the tag from it as it does from Lit's.
 */
export function customElement(tag: string) {
  return <T extends CustomElementConstructor>(element: T): T => {
    const registry = globalThis.customElements as CustomElementRegistry | undefined;
    if (registry && !registry.get(tag)) {
      refusePropertyAttributes(element);
      registry.define(tag, element);
    }
    return element;
  };
}
