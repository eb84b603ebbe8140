import { LitElement, css, html } from 'lit';
import { customElement } from '../../shared/define.ts';
// Loaded with the page (not on demand, as an embed does) so the reading starts without another
// round trip for its code.
import '../../tarot/session/realtime-reading.ts';
import '../../tarot/tarot-reading-text/tarot-reading-text.ts';
import { pageStyles } from './page.styles.ts';
import type { PageStrings } from '../i18n/strings.ts';
import { READING_PATHS, readingElement } from './reading-routes.ts';
import { readingEn } from '../i18n/reading-en.ts';

/**
 * @summary The text chat reading: `<tarot-reading mode="text">`, which starts the session when
 * the page opens and ends it when the person presses "End reading" or leaves the page.
 */
@customElement('page-reading-text')
export class PageReadingText extends LitElement {
  static override styles = [
    pageStyles,
    css`
      .back {
        display: inline-block;
        margin-bottom: var(--va-space-s);
      }
      .lede {
        margin-bottom: var(--va-space-l);
      }
    `,
  ];

  /** The page's strings in its language: set by the router, which renders the page again on a switch. */
  strings: PageStrings = {};

  #t() {
    return { ...readingEn, ...this.strings };
  }

  override render() {
    const t = this.#t();
    return html`
      <a class="back" href=${READING_PATHS.choose}>${t.textBack}</a>
      <h1>${t.textHeading}</h1>
      <p class="lede">${t.textLede}</p>
      ${readingElement('text')}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-reading-text': PageReadingText;
  }
}
