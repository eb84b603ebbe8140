import { LitElement, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { $assertiveAnnouncement, $politeAnnouncement } from '../stores/announcer.ts';
import { StoreController } from '../stores/store-controller.ts';
import { styles } from './voice-announcer.styles.ts';

/**
 * @summary The page's live regions: a polite one for agent transitions and tool activity, and an
 * assertive one for errors. Renders what `announce()` in `stores/announcer.ts` says; place one per
 * page. Visually hidden.
 */
@customElement('voice-announcer')
export class VoiceAnnouncer extends LitElement {
  static override styles = styles;

  #polite = new StoreController(this, $politeAnnouncement);
  #assertive = new StoreController(this, $assertiveAnnouncement);

  override render() {
    // Keyed by id: a repeated message gets a new node, so screen readers read it again.
    const polite = this.#polite.value;
    const assertive = this.#assertive.value;
    return html`
      <div role="status" aria-live="polite" aria-atomic="true" part="polite">
        ${polite ? keyed(polite.id, html`<p data-id=${polite.id}>${polite.message}</p>`) : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" part="assertive">
        ${
          assertive
            ? keyed(assertive.id, html`<p data-id=${assertive.id}>${assertive.message}</p>`)
            : null
        }
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-announcer': VoiceAnnouncer;
  }
}
