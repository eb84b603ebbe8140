import { LitElement, html } from 'lit';
import { customElement } from '../../shared/define.ts';
import { pageStyles } from './page.styles.ts';
import type { PageStrings } from '../i18n/strings.ts';
import { notFoundEn } from '../i18n/not-found-en.ts';

/**
 * @summary Shown for a path the page does not know.
 */
@customElement('page-not-found')
export class PageNotFound extends LitElement {
  static override styles = pageStyles;

  /** The page's strings in its language: set by the router, which renders the page again on a switch. */
  strings: PageStrings = {};

  #t() {
    return { ...notFoundEn, ...this.strings };
  }

  override render() {
    const t = this.#t();
    return html`
      <h1>${t.notFoundTitle}</h1>
      <p class="lede">${t.notFoundLede} <a href="/">${t.notFoundHome}</a></p>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-not-found': PageNotFound;
  }
}
