import { LitElement, css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { colorScheme } from '../../shared/theme.styles.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import { type PlaybackGuard, pagePlayback } from '../audio/playback.ts';
import { LocaleController } from '../../shared/i18n/locale-controller.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import {
  type AllVoiceStrings,
  ALL_VOICE_STRINGS_EN,
  startAudioEn,
} from '../i18n/start-audio-en.ts';
import { loadVoiceStrings } from '../i18n/strings.ts';

/** What a visitor hears and reads, in English, when the browser holds back the reader's voice. */
export const AUDIO_BLOCKED_MESSAGE = startAudioEn.audioBlocked;
export const START_AUDIO_LABEL = startAudioEn.startAudio;

/**
 * @summary One "Start audio" button, shown only while the browser's autoplay policy holds back
 * the reader's voice (a paused audio element, a suspended AudioContext: see `playback.ts`). Its
 * press is the gesture the policy waits for: playback resumes and the button goes away. A polite
 * live region, present before the button appears, says why it is there.
 *
 * Its words follow its `lang` (an ancestor's, or the page's); `strings` replaces any of them.
 *
 * @csspart message - The line saying the voice is held back.
 * @csspart button - The Start audio button.
 * @csspart lang-notice - The note that its language tag is not supported.
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

  /** Any of the element's strings, over its language's. */
  @property({ attribute: false }) strings: Partial<AllVoiceStrings> | undefined;

  #locale = new LocaleController(this, ALL_VOICE_STRINGS_EN, loadVoiceStrings);

  #blocked = new StoreController(this, () => this.guard.$blocked);

  override render() {
    const blocked = this.#blocked.value;
    const t = this.#locale.t;
    return html`${langNotice(this.#locale.fallbackNote)}
      <div role="status" aria-live="polite" class="box">
        ${
          blocked
            ? html`<p part="message">${t.audioBlocked}</p>
                <button type="button" part="button" @click=${this.#onStart}>
                  ${t.startAudio}
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
