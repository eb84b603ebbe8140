/**
 * What `<bmo-cassette-slot>` needs once it has a cassette to show, loaded with the first one
 * rather than with the slot: an empty slot shows none of it. The cassette (a button with its art),
 * its styles and its dialog's, the insert / eject / swap sequence, and the dialog's Copy.
 */
import { html } from 'lit';
import { cassetteArt } from './cassette-art.ts';
import type { ShownCassette } from './cassette-animation.ts';

export { CassetteSwapController } from './cassette-animation.ts';
export { copyMessage, copyText } from './copy-text.ts';
export { cassetteStyles } from './cassette-view.styles.ts';

/** The cassette on show: a button named for opening it, which opens its dialog. */
export function cassetteButton(shown: ShownCassette, label: string, open: () => void) {
  return html`<button
    class="cassette"
    part="cassette"
    type="button"
    aria-haspopup="dialog"
    aria-label=${label}
    @click=${open}
  >
    ${cassetteArt(shown.title)}
  </button>`;
}
