import { LitElement, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { pageStyles } from './page.styles.ts';

/**
 * @summary Shown for a path the page does not know.
 */
@customElement('page-not-found')
export class PageNotFound extends LitElement {
  static override styles = pageStyles;

  override render() {
    return html`
      <h1>Page not found</h1>
      <p class="lede">There is nothing at this address. <a href="/">Go to the start</a>.</p>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-not-found': PageNotFound;
  }
}
