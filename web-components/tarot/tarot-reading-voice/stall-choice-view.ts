/**
 * The voice reading's stall choice, drawn in its centre where the person cannot speak: the
 * message and three buttons. Continue and Draw again fire `tarot-reading-choose` from `host`;
 * Switch to text calls `switchText` (the view's own `tarot-reading-switch-text`).
 */
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
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
