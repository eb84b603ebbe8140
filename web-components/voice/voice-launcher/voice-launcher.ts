import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { PHONE_QUERY, styles } from './voice-launcher.styles.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import { voiceLocale } from '../i18n/strings.ts';
import { LauncherClearanceController } from './launcher-clearance.ts';
import type { VoiceStrings } from '../i18n/en.ts';

export type VoiceLauncherPlacement = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

/**
 * @summary A floating button in a corner of the page that opens its content in a panel: what a
 * root element (`<bmo-assistant variant="launcher">`, `<tarot-reading variant="launcher">`)
 * renders around itself. Closing the panel only hides it: what runs inside goes on.
 *
 * The button, the panel's Close button and Escape close it, and focus goes back to the button.
 * On a wide screen the panel is a non-modal dialog beside the button, so the page stays usable;
 * at phone width (up to 640px) it is a modal dialog over the whole screen, and the page behind
 * does not scroll while it is open. `notify()` counts something new on the button's badge while
 * the panel is closed; opening clears it. Where the page's own links, buttons or fields sit in its
 * corner, the button steps aside along the edge so that it covers none of them
 * (./launcher-clearance.ts).
 *
 * @slot - What the panel shows.
 * @fires {CustomEvent<VoiceLauncherToggleDetail>} voice-launcher-toggle - `{ open }` when the
 * visitor opens or closes the panel.
 * @fires {CustomEvent} voice-launcher-end - The visitor pressed End (shown while `active`).
 * @csspart button - The floating button.
 * @csspart badge - The count of new things on the button.
 * @csspart panel - The panel (a `<dialog>`).
 * @csspart header - The panel's top bar: its title, End and Close.
 * @csspart title - The panel's title.
 * @csspart end - The End button.
 * @csspart close - The Close button.
 * @csspart lang-notice - The note that its language tag is not supported.
 * @cssprop --voice-launcher-accent - The button's colour (default --va-color-accent).
 * @cssprop --voice-launcher-size - The button's size (default 3.5rem).
 * @cssprop --voice-launcher-offset - The distance from the corner (default 1.25rem).
 * @cssprop --voice-launcher-panel-width - The panel's width on a wide screen (default 26rem).
 * @cssprop --voice-launcher-panel-height - The panel's largest height (default 42rem).
 * @cssprop --voice-launcher-z-index - Its stacking order on the page (default 2147483000).
 */
@customElement('voice-launcher')
export class VoiceLauncher extends LitElement {
  static override styles = styles;

  /** The button's accessible name, e.g. "Ask BMO" (default: "Open" in its language). */
  @property() label: string | undefined;

  /** The panel's title. Empty: the label. */
  @property() heading = '';

  /** The corner: `bottom-right` (default), `bottom-left`, `top-right` or `top-left`. */
  @property({ reflect: true }) placement: VoiceLauncherPlacement = 'bottom-right';

  /** Whether a session runs inside: the panel then offers End. */
  @property({ type: Boolean }) active = false;

  /** Whether the panel is open. */
  @property({ type: Boolean, reflect: true }) open = false;

  /** Any of the element's words, over its language's strings. */
  @property({ attribute: false }) strings: Partial<VoiceStrings> | undefined;

  #locale = voiceLocale(this);

  /** How many things arrived while the panel was closed. */
  @state() unread = 0;

  #phone = matchMedia(PHONE_QUERY);
  #clearance = new LauncherClearanceController(this, () => this.#button());
  #unlock: (() => void) | undefined;

  /** Counts one new thing on the badge, unless the panel is open. */
  notify(): void {
    if (!this.open) this.unread += 1;
  }

  /** Opens or closes the panel, as the button does. */
  toggle(open = !this.open): void {
    if (open === this.open) return;
    this.open = open;
    this.dispatchEvent(
      new CustomEvent<VoiceLauncherToggleDetail>('voice-launcher-toggle', {
        detail: { open },
        bubbles: true,
        composed: true,
      }),
    );
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#phone.addEventListener('change', this.#show);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#phone.removeEventListener('change', this.#show);
    this.#unlock?.();
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('open') && this.open) this.unread = 0;
  }

  protected override updated(changed: Map<string, unknown>): void {
    if (!changed.has('open')) return;
    if (this.open) {
      this.#show();
      this.#panel()?.focus();
    } else if (changed.get('open') === true) {
      this.#panel()?.close();
      this.#unlock?.();
      this.#button()?.focus();
    }
  }

  #panel = () => this.renderRoot.querySelector('dialog');
  #button = () => this.renderRoot.querySelector<HTMLButtonElement>('.launcher');

  /** Shows the open panel as the width asks: modal over a phone's screen, else beside the page. */
  #show = (): void => {
    const panel = this.#panel();
    if (!panel || !this.open) return;
    const modal = this.#phone.matches;
    if (panel.open && panel.matches(':modal') === modal) return;
    if (panel.open) panel.close();
    this.#unlock?.();
    if (modal) {
      panel.showModal();
      const root = document.documentElement;
      const overflow = root.style.overflow;
      root.style.overflow = 'hidden';
      this.#unlock = () => {
        root.style.overflow = overflow;
        this.#unlock = undefined;
      };
    } else {
      panel.show();
    }
  };

  #onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.open) return;
    // A dialog open inside (the cassette's) closes first, by itself.
    const inner = event
      .composedPath()
      .some((node) => node instanceof HTMLDialogElement && node.open && node !== this.#panel());
    if (inner) return;
    event.preventDefault();
    this.toggle(false);
  };

  /** A modal panel's own Escape (`cancel`) closes it the same way. */
  #onCancel = (event: Event): void => {
    event.preventDefault();
    this.toggle(false);
  };

  override render() {
    const locale = this.#locale;
    const t = locale.t;
    const label = this.label ?? t.open;
    const count = locale.number(this.unread);
    const name = this.unread ? t.launcherUnread(label, count, this.unread) : label;
    return html`
      <button
        type="button"
        class="launcher"
        part="button"
        aria-label=${name}
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="panel"
        @click=${() => this.toggle()}
        @keydown=${this.#onKeydown}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z"
          />
        </svg>
        ${
          this.unread
            ? html`<span class="badge" part="badge" aria-hidden="true">${count}</span>`
            : nothing
        }
      </button>
      <dialog
        id="panel"
        part="panel"
        aria-labelledby="title"
        tabindex="-1"
        @keydown=${this.#onKeydown}
        @cancel=${this.#onCancel}
      >
        <div class="header" part="header">
          <p id="title" class="title" part="title">${this.heading || label}</p>
          ${
            this.active
              ? html`<button type="button" part="end" @click=${this.#end}>${t.end}</button>`
              : nothing
          }
          <button
            type="button"
            part="close"
            aria-label=${t.close}
            @click=${() => this.toggle(false)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        ${langNotice(locale.fallbackNote)}
        <div class="body"><slot></slot></div>
      </dialog>
    `;
  }

  #end = (): void => {
    this.dispatchEvent(new CustomEvent('voice-launcher-end', { bubbles: true, composed: true }));
  };
}

export interface VoiceLauncherToggleDetail {
  open: boolean;
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-launcher': VoiceLauncher;
  }
  interface GlobalEventHandlersEventMap {
    'voice-launcher-toggle': CustomEvent<VoiceLauncherToggleDetail>;
    'voice-launcher-end': CustomEvent;
  }
}
