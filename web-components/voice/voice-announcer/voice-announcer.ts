import { LitElement, html } from 'lit';
import { property } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { FreshNode } from '../../shared/fresh-node.ts';
import { type Announcer, pageAnnouncer } from '../../stores/announcer.ts';
import { announcerContext } from '../../stores/reading-context.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import { ContextValue } from '../../shared/controllers/context-value.ts';
import { styles } from './voice-announcer.styles.ts';

/**
 * @summary Live regions: a polite one (`role="status"`) for phase changes and tool activity, and
 * an assertive one (`role="alert"`) for errors. Visually hidden.
 *
 * Inside a root element (`<tarot-reading>` renders one in its shadow root) it says what that
 * element's announcer says, received by context, so each reading is heard on its own. Placed on a
 * page with nothing above it, it renders the page-wide announcer (`pageAnnouncer` in
 * `stores/announcer.ts`), which the hosted page uses for what has no announcer of its own.
 *
 * @csspart polite - The polite live region.
 * @csspart assertive - The assertive live region.
 */
@customElement('voice-announcer')
export class VoiceAnnouncer extends LitElement {
  static override styles = styles;

  /** What it says: the enclosing root element's announcer, else the page-wide one. */
  @property({ attribute: false })
  announcer: Announcer = pageAnnouncer;

  // the enclosing root element's announcer, by context, as it provides one
  #provided = new ContextValue(this, announcerContext, (announcer) => (this.announcer = announcer));

  #polite = new StoreController(this, () => this.announcer.$polite);
  #assertive = new StoreController(this, () => this.announcer.$assertive);

  #politeNode = new FreshNode();
  #assertiveNode = new FreshNode();

  override render() {
    // A new node per message id: a repeated message is read again.
    const polite = this.#polite.value;
    const assertive = this.#assertive.value;
    return html`
      <div role="status" aria-live="polite" aria-atomic="true" part="polite">
        ${this.#politeNode.render(
          polite?.id,
          polite ? html`<p data-id=${polite.id} dir="auto">${polite.message}</p>` : null,
        )}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" part="assertive">
        ${this.#assertiveNode.render(
          assertive?.id,
          assertive ? html`<p data-id=${assertive.id} dir="auto">${assertive.message}</p>` : null,
        )}
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-announcer': VoiceAnnouncer;
  }
}
