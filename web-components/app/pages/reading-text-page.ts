import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
// Loaded with the page (not on demand, as an embed does) so the reading starts without another
// round trip for its code.
import '../../tarot/session/realtime-reading.ts';
import '../../tarot/tarot-reading-text/tarot-reading-text.ts';
import { pageStyles } from './page.styles.ts';
import { READING_PATHS, readingElement } from './reading-routes.ts';

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

  override render() {
    return html`
      <a class="back" href=${READING_PATHS.choose}>← Reading modes</a>
      <h1>Text reading</h1>
      <p class="lede">Tell the reader what is on your mind. You will draw each card yourself.</p>
      ${readingElement('text')}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-reading-text': PageReadingText;
  }
}
