import { LitElement, css, html } from 'lit';
import { customElement } from '../../shared/define.ts';
// Loaded with the page (not on demand, as an embed does) so the reading starts without another
// round trip for its code.
import '../../tarot/session/voice-session.ts';
import '../../tarot/tarot-reading-voice/tarot-reading-voice.ts';
import { pageStyles } from './page.styles.ts';
import type { PageStrings } from '../i18n/strings.ts';
import { readingElement } from './reading-routes.ts';
import { readingEn } from '../i18n/reading-en.ts';

/**
 * @summary The voice reading: `<tarot-reading mode="voice">`, with the page's heading in its top
 * bar.
 *
 * On opening, the element checks for WebRTC and the microphone API; with them it asks for the
 * microphone and starts a session (the openai engine over WebRTC, the offline reader over its
 * WebSocket). The back button (after confirming) returns to the mode selection; that, leaving the
 * page or switching to text ends the session, stopping audio both ways.
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

  /** The page's strings in its language: set by the router, which renders the page again on a switch. */
  strings: PageStrings = {};

  #t() {
    return { ...readingEn, ...this.strings };
  }

  override render() {
    return readingElement('voice', html`<h1 slot="heading">${this.#t().voiceTitle}</h1>`);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-reading-voice': PageReadingVoice;
  }
}
