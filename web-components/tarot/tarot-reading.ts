import { LitElement, type PropertyValues, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { isPlainClick } from '../shared/plain-click.ts';
import { $reducedMotion } from '../stores/preferences.ts';
import { StoreController } from '../stores/store-controller.ts';
import {
  LOAD_FAILED_MESSAGE,
  type ReadingMode,
  ReadingSessions,
  voiceSupported,
} from './controllers/reading-sessions.ts';
import type { TarotCardPickDetail } from './tarot-card-picker.ts';
import type { TarotCardShownDetail } from './tarot-card-stage.ts';
import type { TarotReadingSendDetail } from './tarot-reading-text.ts';
import { styles } from './tarot-reading.styles.ts';
import type { VoiceTalkEndDetail } from '../voice/voice-speaker-button.ts';

export type TarotReadingMode = ReadingMode;

export interface TarotReadingModeDetail {
  mode: TarotReadingMode;
}

/** How each reading's region is named for assistive technology. */
const VIEW_LABELS = { text: 'Text chat reading', voice: 'Voice reading' } as const;

/**
 * @summary A whole tarot reading in one element: the choice between "Text Chat" and "Voice
 * Reading", then the reading itself, with its session started, fed and ended for you.
 *
 * Choosing a mode switches in place and fires `tarot-reading-mode`; cancel that event to handle
 * the switch yourself (the hosted page turns it into a navigation). The active mode's session
 * starts when the mode becomes active and ends when another mode takes over, when the element is
 * removed, or when the page is hidden. Each mode's view and session code load when the mode is
 * first chosen, and the Realtime SDK when a session starts. Voice Reading is offered only where the browser has WebRTC
 * and the microphone API. Tokens come from `POST {api-base}/api/voice/token`; an edge on another
 * origin must list this site's origin in its `ALLOWED_ORIGINS`.
 *
 * @slot heading - A heading for the voice reading's top bar.
 * @fires {CustomEvent<TarotReadingModeDetail>} tarot-reading-mode - The person chose a mode
 * (`choose` when they left a reading). Cancelable: cancelled, the element stays as it is.
 * @csspart modes - The list of modes to choose from.
 * @csspart mode - Each mode to choose.
 * @csspart view - The text or voice reading.
 * @cssprop --tarot-reading-surface - Background of the mode choices. Defaults to --va-color-surface.
 * @cssprop --tarot-reading-accent - Accent colour of the mode choices. Defaults to --va-color-accent.
 */
@customElement('tarot-reading')
export class TarotReading extends LitElement {
  static override styles = styles;

  /** `choose` (the mode selection), `text` or `voice`. Anything else reads as `choose`. */
  @property({ reflect: true }) mode: TarotReadingMode = 'choose';

  /** The edge's origin, e.g. `https://edge.example`. Empty: this page's own origin. */
  @property({ attribute: 'api-base' }) apiBase = '';

  /** Passed to every card: the deployer's image address with `{id}`. Empty: the built-in art. */
  @property({ attribute: 'image-base' }) imageBase = '';

  /**
   * Addresses for each mode. Where one is set, the way to that mode is a link to it (it opens in a
   * new tab); a plain click still switches in place. Empty: a button.
   */
  @property({ attribute: 'text-href' }) textHref = '';
  @property({ attribute: 'voice-href' }) voiceHref = '';
  @property({ attribute: 'choose-href' }) chooseHref = '';

  #sessions = new ReadingSessions(this, {
    mode: () => this.#mode(),
    apiBase: () => this.apiBase,
  });
  #reduced = new StoreController(this, $reducedMotion);
  #voiceSupported = voiceSupported();
  #focusView = false;

  #mode(): TarotReadingMode {
    return this.mode === 'text' || this.mode === 'voice' ? this.mode : 'choose';
  }

  protected override willUpdate(): void {
    this.toggleAttribute('data-reduced-motion', this.#reduced.value);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.#focusView) return;
    this.#focusView = false;
    this.renderRoot.querySelector<HTMLElement>('.view, .mode')?.focus();
  }

  override render() {
    const mode = this.#mode();
    if (mode !== 'choose' && this.#sessions.loadFailed) {
      return html`<section class="view" part="view" tabindex="-1" aria-label=${VIEW_LABELS[mode]}>
        <p class="error" role="alert">${LOAD_FAILED_MESSAGE}</p>
      </section>`;
    }
    if (mode === 'text') {
      return html`<section class="view" part="view" tabindex="-1" aria-label=${VIEW_LABELS.text}>
        <tarot-reading-text
          image-base=${this.imageBase}
          choose-href=${this.chooseHref}
          @tarot-reading-send=${this.#onSend}
          @tarot-reading-end=${this.#onEnd}
          @tarot-reading-restart=${this.#onRestart}
          @tarot-reading-leave=${this.#onLeave}
          @tarot-card-pick=${this.#onPick}
          @tarot-card-shown=${this.#onShown}
        ></tarot-reading-text>
      </section>`;
    }
    if (mode === 'voice') {
      return html`<section class="view" part="view" tabindex="-1" aria-label=${VIEW_LABELS.voice}>
        <tarot-reading-voice
          image-base=${this.imageBase}
          .notice=${this.#sessions.notice}
          @voice-talk-start=${this.#onTalkStart}
          @voice-talk-end=${this.#onTalkEnd}
          @tarot-card-pick=${this.#onPick}
          @tarot-card-shown=${this.#onShown}
          @tarot-reading-retry=${this.#onRetry}
          @tarot-reading-leave=${this.#onLeave}
          @tarot-reading-switch-text=${this.#onSwitchText}
        >
          <slot name="heading" slot="heading"></slot>
        </tarot-reading-voice>
      </section>`;
    }
    return html`<ul class="modes" part="modes">
      <li>
        ${this.#option(
          'text',
          'Text Chat',
          'Type with the reader and draw your cards on screen.',
          nothing,
        )}
      </li>
      <li>${this.#voiceSupported ? this.#voiceOption() : this.#voiceUnavailable()}</li>
    </ul>`;
  }

  #voiceOption() {
    const note =
      this.#sessions.reader === 'local'
        ? "This site runs the offline reader: it can't hear you, so a voice reading follows a demo script. A real voice reading needs an OpenAI key."
        : '';
    return this.#option(
      'voice',
      'Voice Reading',
      'Talk with the reader, hands free, and draw your cards when asked.',
      note,
    );
  }

  #voiceUnavailable() {
    return html`<div class="mode" part="mode" aria-disabled="true">
      <h2>Voice Reading</h2>
      <p>Your browser doesn't support voice readings: it needs WebRTC and microphone access.</p>
      <p class="note">Try a current Chrome, Edge, Firefox or Safari, or choose Text Chat.</p>
    </div>`;
  }

  /** A mode to choose: a link where the host gave its address, else a button. */
  #option(
    mode: 'text' | 'voice',
    title: string,
    description: string,
    note: string | typeof nothing,
  ) {
    const href = mode === 'text' ? this.textHref : this.voiceHref;
    if (href) {
      return html`<a
        class="mode"
        part="mode"
        href=${href}
        @click=${(event: MouseEvent) => this.#onLink(event, mode)}
      >
        <h2>${title}</h2>
        <p>${description}</p>
        ${note ? html`<p class="note">${note}</p>` : nothing}
      </a>`;
    }
    return html`<button class="mode" part="mode" type="button" @click=${() => this.#switch(mode)}>
      <span class="title">${title}</span>
      <span class="description">${description}</span>
      ${note ? html`<span class="description note">${note}</span>` : nothing}
    </button>`;
  }

  /** Switches to `mode` unless the host cancels `tarot-reading-mode`. */
  #switch(mode: TarotReadingMode): void {
    if (mode === this.#mode()) return;
    const proceed = this.dispatchEvent(
      new CustomEvent<TarotReadingModeDetail>('tarot-reading-mode', {
        detail: { mode },
        bubbles: true,
        composed: true,
        cancelable: true,
      }),
    );
    if (!proceed) return;
    this.#focusView = true;
    this.mode = mode;
  }

  #onLink(event: MouseEvent, mode: TarotReadingMode): void {
    if (!isPlainClick(event)) return; // a new tab or window follows the link
    event.preventDefault();
    this.#switch(mode);
  }

  #onSend = (event: CustomEvent<TarotReadingSendDetail>): void => {
    this.#sessions.send(event.detail.text);
  };
  #onEnd = (): void => this.#sessions.endText();
  #onRestart = (): void => this.#sessions.restartText();
  #onPick = (event: CustomEvent<TarotCardPickDetail>): void => this.#sessions.pick(event.detail);
  #onShown = (event: CustomEvent<TarotCardShownDetail>): void => {
    this.#sessions.cardShown(event.detail.cardId);
  };
  #onTalkStart = (): void => this.#sessions.talkStart();
  #onTalkEnd = (event: CustomEvent<VoiceTalkEndDetail>): void => {
    this.#sessions.talkEnd(event.detail.released);
  };
  #onRetry = (): void => this.#sessions.retryVoice();
  #onLeave = (): void => this.#switch('choose');
  #onSwitchText = (): void => this.#switch('text');
}

declare global {
  interface HTMLElementTagNameMap {
    'tarot-reading': TarotReading;
  }
  interface GlobalEventHandlersEventMap {
    'tarot-reading-mode': CustomEvent<TarotReadingModeDetail>;
  }
}
