import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { StoreController } from '../../stores/store-controller.ts';
import { VoiceReadingController } from '../../tarot/agents/voice-session.ts';
import '../../tarot/tarot-reading-voice.ts';
import { navigate } from '../router.ts';
import { pageStyles } from './page.styles.ts';

/**
 * @summary The voice reading: `<tarot-reading-voice>` wired to the voice session controller.
 *
 * On opening, the page checks for WebRTC and the microphone API; with them it asks for the
 * microphone and starts a session (the openai engine over WebRTC, the offline reader over its
 * WebSocket). Holding the talk button talks; the back button (after confirming), leaving the page
 * or switching to text ends the session, stopping audio both ways.
 */
@customElement('page-reading-voice')
export class PageReadingVoice extends LitElement {
  static override styles = [
    pageStyles,
    css`
      h1 {
        margin: 0;
        font-size: clamp(1.25rem, 3vw, 1.75rem);
      }
    `,
  ];

  #voice = new VoiceReadingController();
  #notice = new StoreController(this, this.#voice.$notice);

  override connectedCallback(): void {
    super.connectedCallback();
    addEventListener('pagehide', this.#onPageHide);
    if (this.#voice.checkSupport()) void this.#voice.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    removeEventListener('pagehide', this.#onPageHide);
    this.#voice.end('leave');
  }

  override render() {
    return html`<tarot-reading-voice
      .notice=${this.#notice.value}
      @voice-talk-start=${this.#onTalkStart}
      @voice-talk-end=${this.#onTalkEnd}
      @tarot-card-pick=${this.#onPick}
      @tarot-card-shown=${this.#onShown}
      @tarot-reading-retry=${this.#onRetry}
      @tarot-reading-leave=${this.#onLeave}
      @tarot-reading-switch-text=${this.#onSwitch}
    >
      <h1 slot="heading">Voice reading</h1>
    </tarot-reading-voice>`;
  }

  #onTalkStart = (): void => {
    this.#voice.press();
  };

  #onTalkEnd = (event: CustomEvent<{ released: boolean }>): void => {
    if (event.detail.released) this.#voice.release();
    else this.#voice.cancelTalk();
  };

  #onPick = (event: CustomEvent<unknown>): void => {
    this.#voice.pick(event.detail);
  };

  #onShown = (event: CustomEvent<{ cardId: string }>): void => {
    this.#voice.cardShown(event.detail.cardId);
  };

  #onRetry = (): void => {
    void this.#voice.retry();
  };

  #onLeave = (): void => {
    this.#voice.end('leave');
    navigate('/reading');
  };

  #onSwitch = (): void => {
    this.#voice.end('leave');
    navigate('/reading/text');
  };

  #onPageHide = (): void => {
    this.#voice.end('leave');
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'page-reading-voice': PageReadingVoice;
  }
}
