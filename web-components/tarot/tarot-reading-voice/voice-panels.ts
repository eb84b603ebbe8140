/**
 * The two panels the voice reading draws in its centre when the person cannot just talk: the stall
 * choice (a draw timed out, was cancelled or a tool failed while the talk button is hidden) and the
 * error panel with its ways out.
 */
import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { ReadingError } from '../../stores/reading.ts';
import type { TarotStrings } from '../i18n/en.ts';

/** The person's answer to a stall choice: go on, or draw the card again. */
export interface TarotReadingChooseDetail {
  choice: 'continue' | 'draw-again';
}

function choose(host: HTMLElement, choice: TarotReadingChooseDetail['choice']): void {
  host.dispatchEvent(
    new CustomEvent<TarotReadingChooseDetail>('tarot-reading-choose', {
      detail: { choice },
      bubbles: true,
      composed: true,
    }),
  );
}

/**
 * The stall choice, drawn in the centre where the person cannot speak: the message and three
 * buttons. Continue and Draw again fire `tarot-reading-choose` from `host`; Switch to text calls
 * `switchText` (the view's own `tarot-reading-switch-text`).
 */
export function renderStallChoice(
  message: string,
  host: HTMLElement,
  switchText: () => void,
  t: TarotStrings,
  sentenceDir?: 'ltr',
) {
  return html`<div class="choice" part="choice" role="group" aria-labelledby="choice-title">
    <p id="choice-title" dir=${ifDefined(sentenceDir)}>${message}</p>
    <div class="actions">
      <button type="button" class="primary" @click=${() => choose(host, 'continue')}>
        ${t.continue}
      </button>
      <button type="button" @click=${() => choose(host, 'draw-again')}>${t.drawAgain}</button>
      <button type="button" @click=${switchText}>${t.switchToText}</button>
    </div>
  </div>`;
}

/**
 * The error panel, in the view's words: an unsupported browser offers the text chat; a refused
 * microphone offers Try again and the text chat; a failed connection offers Retry and the text
 * mode.
 */
export function voiceProblem(
  error: ReadingError | null,
  t: TarotStrings,
  /** `ltr` for English sentences in a right-to-left layout (see `LocaleController`). */
  sentenceDir: 'ltr' | undefined,
  retry: () => void,
  switchText: () => void,
) {
  if (!error) return nothing;
  const dir = ifDefined(sentenceDir);
  if (error.kind === 'unsupported') {
    return html`<div class="problem" part="problem">
      <div role="alert"><h2 dir=${dir}>${error.message}</h2></div>
      <p dir=${dir}>${t.voiceNeeds}</p>
      ${globalThis.isSecureContext === false ? html`<p dir=${dir}>${t.notHttps}</p>` : nothing}
      <p dir=${dir}>${t.voiceTryBrowser}</p>
      <div class="actions">
        <button type="button" class="primary" @click=${switchText}>${t.switchToTextChat}</button>
      </div>
    </div>`;
  }
  const microphone = error.kind === 'microphone';
  return html`<div class="problem" part="problem">
    <h2>${microphone ? t.micUnavailable : t.voiceCouldNotConnect}</h2>
    <p role="alert" dir=${dir}>${error.message}</p>
    <div class="actions">
      <button type="button" class="primary" @click=${retry}>
        ${microphone ? t.tryAgain : t.retry}
      </button>
      <button type="button" @click=${switchText}>
        ${microphone ? t.switchToTextChat : t.switchToTextMode}
      </button>
    </div>
  </div>`;
}
