import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { textReading } from '../../stores/reading.ts';
import { ReadingController } from '../../tarot/agents/reading-controller.ts';
import '../../tarot/tarot-reading-text.ts';
import { pageStyles } from './page.styles.ts';

/**
 * @summary The text chat reading: `<tarot-reading-text>` wired to a reading session controller.
 *
 * The session starts when the page opens and ends when the person presses "End reading" or
 * leaves the page (a pending card draw is settled either way).
 */
@customElement('page-reading-text')
export class PageReadingText extends LitElement {
  static override styles = [
    pageStyles,
    css`
      .back {
        display: inline-block;
        margin-bottom: var(--va-space-s);
      }
      .lede {
        margin-bottom: var(--va-space-l);
      }
    `,
  ];

  #controller = new ReadingController({ store: textReading, mode: 'text' });

  override connectedCallback(): void {
    super.connectedCallback();
    addEventListener('pagehide', this.#onPageHide);
    void this.#controller.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    removeEventListener('pagehide', this.#onPageHide);
    this.#controller.end('leave');
  }

  override render() {
    return html`
      <a class="back" href="/reading">← Reading modes</a>
      <h1>Text reading</h1>
      <p class="lede">Tell the reader what is on your mind. You will draw each card yourself.</p>
      <tarot-reading-text
        @tarot-reading-send=${this.#onSend}
        @tarot-reading-end=${this.#onEnd}
        @tarot-reading-restart=${this.#onRestart}
        @tarot-card-pick=${this.#onPick}
        @tarot-card-shown=${this.#onShown}
      ></tarot-reading-text>
    `;
  }

  #onSend = (event: CustomEvent<{ text: string }>): void => {
    this.#controller.sendMessage(event.detail.text);
  };

  #onEnd = (): void => {
    this.#controller.end('user');
  };

  #onRestart = (): void => {
    this.#controller.end('user');
    void this.#controller.start();
  };

  #onPick = (event: CustomEvent<unknown>): void => {
    this.#controller.pick(event.detail);
  };

  #onShown = (event: CustomEvent<{ cardId: string }>): void => {
    this.#controller.cardShown(event.detail.cardId);
  };

  #onPageHide = (): void => {
    this.#controller.end('leave');
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'page-reading-text': PageReadingText;
  }
}
