/**
 * The voice reading's error panel, in the view's words: an unsupported browser offers the text
 * chat; a refused microphone offers Try again and the text chat; a failed connection offers Retry
 * and the text mode.
 */
import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { ReadingError } from '../../stores/reading.ts';
import type { TarotStrings } from '../i18n/en.ts';

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
