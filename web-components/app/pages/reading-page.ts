import { LitElement, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { pageStyles } from './page.styles.ts';
import { readingElement } from './reading-routes.ts';

/**
 * @summary The reading's mode selection: `<tarot-reading>` offering "Text Chat" and "Voice
 * Reading", each one link away (it says when voice is not available in this browser, and when the
 * site runs the offline reader). Choosing one opens its page.
 */
@customElement('page-reading')
export class PageReading extends LitElement {
  static override styles = pageStyles;

  override render() {
    return html`
      <h1>Tarot reading</h1>
      <p class="lede">
        Ask a question, pick your cards from a shuffled deck, and hear what they say. How would you
        like to read?
      </p>
      ${readingElement('choose')}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-reading': PageReading;
  }
}
