import { LitElement, html } from 'lit';
import { customElement } from '../../shared/define.ts';
import '../../bmo/bmo-assistant/bmo-assistant.ts';
import { pageStyles } from './page.styles.ts';
import type { PageStrings } from '../i18n/strings.ts';
import { bmoPageEn } from '../i18n/bmo-en.ts';

/**
 * @summary The /bmo page: its heading and intro, then `<bmo-assistant>`, the same element other
 * sites embed (BMO's face, Connect and Disconnect, the microphone, the cassette slot, the
 * conversation, a text box, and plain-words errors with their way out).
 */
@customElement('page-bmo')
export class PageBmo extends LitElement {
  static override styles = pageStyles;

  /** The page's strings in its language: set by the router, which renders the page again on a switch. */
  strings: PageStrings = {};

  #t() {
    return { ...bmoPageEn, ...this.strings };
  }

  override render() {
    const t = this.#t();
    return html`
      <h1>${t.bmoHeading}</h1>
      <p class="lede">${t.bmoLede}</p>
      <bmo-assistant heading-level="2"></bmo-assistant>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-bmo': PageBmo;
  }
}
