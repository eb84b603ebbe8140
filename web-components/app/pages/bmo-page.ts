import { LitElement, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import '../../bmo/bmo-assistant/bmo-assistant.ts';
import { pageStyles } from './page.styles.ts';

/**
 * @summary The /bmo page: its heading and intro, then `<bmo-assistant>`, the same element other
 * sites embed (BMO's face, Connect and Disconnect, the microphone, the cassette slot, the
 * conversation, a text box, and plain-words errors with their way out).
 */
@customElement('page-bmo')
export class PageBmo extends LitElement {
  static override styles = pageStyles;

  override render() {
    return html`
      <h1>Talk to BMO</h1>
      <p class="lede">
        BMO listens, talks back, and hands you IDs and codes on a cassette you can open and copy.
      </p>
      <bmo-assistant heading-level="2"></bmo-assistant>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-bmo': PageBmo;
  }
}
