import { html } from 'lit';

// Two templates alike in all but identity: when a part's template changes, Lit builds new DOM.
const one = (content: unknown) => html`${content}`;
const other = (content: unknown) => html`${content}`;

/**
 * What Lit's `keyed(key, content)` does for one place in a template, without the directive's code
 * (about 0.7 KiB gz with its helpers) in a first load: `render(key, content)` gives `content` in
 * new nodes whenever `key` differs from the last call's, the same nodes otherwise. A live region
 * uses it so a repeated message is read again, a label so its entrance plays again. One per place.
 */
export class FreshNode {
  #key: unknown = {};
  #odd = false;

  render(key: unknown, content: unknown) {
    if (key !== this.#key) {
      this.#key = key;
      this.#odd = !this.#odd;
    }
    return this.#odd ? one(content) : other(content);
  }
}
