/**
 * What `<bmo-cassette-slot>` needs once it has a cassette to show, loaded with the first one
 * rather than with the slot: an empty slot shows none of it. The cassette (a button with its art),
 * its dialog, the styles of both, the insert / eject / swap sequence, and the dialog's Copy.
 */
import { html, nothing } from 'lit';
import type { BmoStrings } from '../i18n/conversation-en.ts';
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

/** What the cassette's dialog does, each to the slot. */
export interface CassetteDialogActions {
  /** The dialog closed (by Close, Escape or the browser). */
  closed: () => void;
  copy: () => void;
  close: () => void;
}

/** The dialog with the opened cassette's title and exact content, its Copy and its Close. */
export function cassetteDialog(
  opened: ShownCassette | null,
  copyStatus: string,
  t: Pick<BmoStrings, 'copy' | 'close'>,
  actions: CassetteDialogActions,
) {
  return html`<dialog part="dialog" aria-labelledby="cassette-title" @close=${actions.closed}>
    <h2 id="cassette-title">${opened?.title ?? ''}</h2>
    <pre class="content" part="content" tabindex="0">${opened?.content ?? ''}</pre>
    <p class="copy-status" role="status">${copyStatus || nothing}</p>
    <div class="actions">
      <button type="button" class="copy" @click=${actions.copy}>${t.copy}</button>
      <button type="button" class="close" @click=${actions.close}>${t.close}</button>
    </div>
  </dialog>`;
}
