import { LitElement, html } from 'lit';
import { customElement } from '../../shared/define.ts';
import { pageStyles } from './page.styles.ts';
import type { PageStrings } from '../i18n/strings.ts';
import { readingElement } from './reading-routes.ts';
import { readingEn } from '../i18n/reading-en.ts';

/**
 * @summary The reading's mode selection: `<tarot-reading>` offering "Text Chat" and "Voice
 * Reading", each one link away (it says when voice is not available in this browser, and when the
 * site runs the offline reader). Choosing one opens its page.
 */
@customElement('page-reading')
export class PageReading extends LitElement {
  static override styles = pageStyles;

  /** The page's strings in its language: set by the router, which renders the page again on a switch. */
  strings: PageStrings = {};

  #t() {
    return { ...readingEn, ...this.strings };
  }

  override render() {
    const t = this.#t();
    return html`
      <h1>${t.readingTitle}</h1>
      <p class="lede">${t.readingLede}</p>
      ${readingElement('choose')}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-reading': PageReading;
  }
}
