/**
 * Properties that are never attributes (`@property({ attribute: false })`: a cassette, the cards
 * already drawn, a linked assistant, a Turnstile token) refuse an attribute of the same name
 * aloud. A framework that does not know an element yet binds a template's value as an attribute
 * (Vue, when a family is imported after the app mounted), so the element would get
 * `cassette="[object Object]"`, show no cassette and say nothing. Instead the element logs one
 * console error per attribute it is given, naming the property binding that works, and keeps its
 * state as it is. The value is never logged (it may be a token).
 *
 * A page rendered on the server writes the same attribute (Svelte and others render a custom
 * element's props as attributes there), and hydration sets the property a moment later. So an
 * attribute is judged once the element's update is done (for the parser's, at upgrade, its first
 * update): the property set by then (by hydration, or on the element before it was defined) keeps
 * the element quiet; left as it was, the error is logged as before.
 */
import type { PropertyDeclaration } from 'lit';

/** What the refusal reads of a Lit element instance. */
interface LitElementInstance extends HTMLElement {
  readonly updateComplete: Promise<boolean>;
  [property: string]: unknown;
}

interface LitElementClass {
  readonly elementProperties?: ReadonlyMap<PropertyKey, PropertyDeclaration>;
  prototype: {
    attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  };
}

/** Makes a Lit element's property-only properties refuse their attributes with an error. */
export function refusePropertyAttributes(element: CustomElementConstructor): void {
  const lit = element as unknown as LitElementClass;
  const properties = new Map<string, string>();
  for (const [key, options] of lit.elementProperties ?? []) {
    if (typeof key === 'string' && options.attribute === false && !options.state)
      properties.set(key.toLowerCase(), key);
  }
  if (!properties.size) return;

  const base = Object.getPrototypeOf(element) as object;
  Object.defineProperty(element, 'observedAttributes', {
    get(this: CustomElementConstructor): string[] {
      const own = Reflect.get(base, 'observedAttributes', this) as string[] | undefined;
      return [...(own ?? []), ...properties.keys()];
    },
  });
  const changed = lit.prototype.attributeChangedCallback;
  lit.prototype.attributeChangedCallback = function (
    this: LitElementInstance,
    name: string,
    old: string | null,
    value: string | null,
  ): void {
    const property = properties.get(name);
    if (!property) return changed.call(this, name, old, value);
    // judged once the element's update is done (its first, or the one under way): by then a
    // hydration has set the property, and the attribute is refused only if it has not (an
    // attribute removed meanwhile is not judged at all, nor one whose update threw: Lit reports it)
    const before = this[property];
    void this.updateComplete.then(() => {
      if (this.hasAttribute(name) && this[property] === before)
        console.error(
          `<${this.localName}> ignored the attribute ${name}${value === '[object Object]' ? `="${value}"` : ''}: ` +
            `set ${property} as a property (Vue: :${property}.prop="…").`,
        );
    });
  };
}
