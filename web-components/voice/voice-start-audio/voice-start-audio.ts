import { LitElement, css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { colorScheme } from '../../shared/theme.styles.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import { type PlaybackGuard, pagePlayback } from '../audio/playback.ts';

/** What a visitor hears and reads when the browser holds back the reader's voice. */
export const AUDIO_BLOCKED_MESSAGE =
  'Your browser is holding back the reader’s voice until you allow it.';
export const START_AUDIO_LABEL = 'Start audio';

/**
 * @summary One "Start audio" button, shown only while the browser's autoplay policy holds back
 * the reader's voice (a paused audio element, a suspended AudioContext: see `playback.ts`). Its
 * press is the gesture the policy waits for: playback resumes and the button goes away. A polite
 * live region, present before the button appears, says why it is there.
 *
 * @csspart message - The line saying the voice is held back.
 * @csspart button - The Start audio button.
 */
@customElement('voice-start-audio')
export class VoiceStartAudio extends LitElement {
  static override styles = [
    colorScheme,
    css`
      :host {
        display: block;
        font-family: var(--va-font-body, system-ui, sans-serif);
        color: var(--va-color-text, light-dark(#1d1730, #f3efff));
        text-align: center;
      }
      .box:empty {
        display: none;
      }
      .box {
        display: grid;
        justify-items: center;
        gap: var(--va-space-s, 0.5rem);
        margin-block: var(--va-space-s, 0.5rem);
      }
      p {
        margin: 0;
      }
      button {
        font: inherit;
        padding: var(--va-space-s, 0.5rem) var(--va-space-m, 1rem);
        min-block-size: 44px;
        border-radius: var(--va-radius-m, 0.5rem);
        border: 2px solid var(--va-color-accent, light-dark(#7a4f00, #e8c36a));
        background: var(--va-color-accent, light-dark(#7a4f00, #e8c36a));
        color: var(--va-color-accent-contrast, light-dark(#ffffff, #1b1526));
        cursor: pointer;
      }
      button:focus-visible {
        outline: 3px solid var(--va-color-focus, light-dark(#0b5fa5, #8fd3ff));
        outline-offset: 2px;
      }
    `,
  ];

  /** What it watches: the page's guard unless given another. */
  @property({ attribute: false }) guard: PlaybackGuard = pagePlayback;

  #blocked = new StoreController(this, () => this.guard.$blocked);

  override render() {
    const blocked = this.#blocked.value;
    return html`<div role="status" aria-live="polite" class="box">
      ${
        blocked
          ? html`<p part="message">${AUDIO_BLOCKED_MESSAGE}</p>
              <button type="button" part="button" @click=${this.#onStart}>
                ${START_AUDIO_LABEL}
              </button>`
          : nothing
      }
    </div>`;
  }

  #onStart = (): void => {
    void this.guard.resume();
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-start-audio': VoiceStartAudio;
  }
}
