import { LitElement, css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { colorScheme } from '../../shared/theme.styles.ts';
import type { MicConsentChoice } from './mic-consent-memory.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import { voiceLocale } from '../i18n/strings.ts';
import type { VoiceStrings } from '../i18n/en.ts';

export interface VoiceMicConsentChoiceDetail {
  choice: MicConsentChoice;
}

/**
 * @summary The question a root element asks before it first opens the microphone: the site's
 * consent text (and a link to more), "Allow microphone" and "Type instead". With `focus-on-open`
 * it takes focus when it appears, so a screen reader reads the question; a root element renders
 * it so while it asks (see `consent-text` on `<bmo-assistant>` and
 * `<tarot-reading>`) and turns the answer into its own event. Without it (an example on a page) it
 * leaves focus, and the page's scroll, where they are.
 *
 * @fires {CustomEvent<VoiceMicConsentChoiceDetail>} voice-mic-consent-choice - `{ choice }`,
 * `accepted` or `declined`.
 * @csspart prompt - The question's box.
 * @csspart text - The consent text.
 * @csspart link - The link to more.
 * @csspart accept - "Allow microphone".
 * @csspart decline - "Type instead".
 * @csspart lang-notice - The note that its language tag is not supported.
 *
 * Its words follow its `lang` (English or Spanish); `strings` replaces any of them.
 */
@customElement('voice-mic-consent')
export class VoiceMicConsent extends LitElement {
  static override styles = css`
    ${colorScheme}
    :host {
      display: block;
    }
    section {
      padding: var(--va-space-m, 1rem);
      border: 2px solid var(--va-color-accent, light-dark(#7a4f00, #e8c36a));
      border-radius: var(--va-radius-m, 12px);
      background: var(--va-color-surface, light-dark(#ffffff, #1f1a30));
      color: var(--va-color-text, light-dark(#1d1730, #f3efff));
    }
    .title {
      margin: 0 0 var(--va-space-s, 0.5rem);
      font-weight: 700;
    }
    p {
      margin: 0 0 var(--va-space-m, 1rem);
    }
    a {
      color: var(--va-color-focus, light-dark(#0b5fa5, #8fd3ff));
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: var(--va-space-s, 0.5rem);
    }
    button {
      min-block-size: 2.75rem;
      padding: 0 var(--va-space-m, 1rem);
      border: 1px solid var(--va-color-border, light-dark(#7d7299, #4a4068));
      border-radius: var(--va-radius-s, 6px);
      background: transparent;
      color: inherit;
      font: inherit;
      cursor: pointer;
    }
    button.accept {
      border-color: transparent;
      background: var(--va-color-accent, light-dark(#7a4f00, #e8c36a));
      color: var(--va-color-accent-contrast, light-dark(#ffffff, #1b1526));
    }
    :focus-visible {
      outline: var(--va-focus-ring, 3px solid light-dark(#0b5fa5, #8fd3ff));
      outline-offset: var(--va-focus-offset, 2px);
    }
  `;

  /** The site's consent text, shown as text (never as HTML). */
  @property() text = '';

  /** A link to the site's fuller terms; empty for none. */
  @property() href = '';

  /** Any of the element's words, over its language's strings. */
  @property({ attribute: false }) strings: Partial<VoiceStrings> | undefined;

  #locale = voiceLocale(this);

  /** What a screen reader hears after `choice` (the root element announces it). */
  announcement(choice: MicConsentChoice): string {
    const t = this.#locale.t;
    return choice === 'accepted' ? t.micAllowed : t.micDeclined;
  }

  /** Takes focus when it first renders (as a root element's question does); off for an example. */
  @property({ type: Boolean, attribute: 'focus-on-open' }) focusOnOpen = false;

  protected override firstUpdated(): void {
    if (this.focusOnOpen) this.renderRoot.querySelector('section')?.focus();
  }

  #choose(choice: MicConsentChoice): void {
    this.dispatchEvent(
      new CustomEvent<VoiceMicConsentChoiceDetail>('voice-mic-consent-choice', {
        detail: { choice },
        bubbles: true,
        composed: true,
      }),
    );
  }

  override render() {
    const t = this.#locale.t;
    return html`${langNotice(this.#locale.fallbackNote)}
      <section
        part="prompt"
        role="alertdialog"
        aria-labelledby="consent-title"
        aria-describedby="consent-text"
        tabindex="-1"
      >
        <p id="consent-title" class="title">${t.consentTitle}</p>
        <p id="consent-text" part="text">
          ${this.text}
          ${
            this.href
              ? html`<a part="link" href=${this.href} target="_blank" rel="noopener"
                  >${t.consentReadMore}</a
                >`
              : nothing
          }
        </p>
        <div class="actions">
          <button
            type="button"
            class="accept"
            part="accept"
            @click=${() => this.#choose('accepted')}
          >
            ${t.consentAllow}
          </button>
          <button type="button" part="decline" @click=${() => this.#choose('declined')}>
            ${t.consentDecline}
          </button>
        </div>
      </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-mic-consent': VoiceMicConsent;
  }
  interface GlobalEventHandlersEventMap {
    'voice-mic-consent-choice': CustomEvent<VoiceMicConsentChoiceDetail>;
  }
}
