/**
 * Properties that are never attributes (`@property({ attribute: false })`: a cassette, the cards
 * already drawn, a linked assistant, a Turnstile token) refuse an attribute of the same name
 * aloud. A framework that does not know an element yet binds a template's value as an attribute
 * (Vue, when a family is imported after the app mounted), so the element would get
 * `cassette="[object Object]"`, show no cassette and say nothing. Instead the element logs one
 * console error per attribute it is given, naming the property binding that works, and keeps its
 * state as it is. The value is never logged (it may be a token).
 */
import type { PropertyDeclaration } from 'lit';

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
    this: HTMLElement,
    name: string,
    old: string | null,
    value: string | null,
  ): void {
    const property = properties.get(name);
    if (!property) changed.call(this, name, old, value);
    else if (value !== null)
      console.error(
        `<${this.localName}> ignored the attribute ${name}${value === '[object Object]' ? `="${value}"` : ''}: ` +
          `set ${property} as a property (Vue: :${property}.prop="…").`,
      );
  };
}
