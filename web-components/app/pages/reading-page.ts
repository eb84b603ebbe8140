import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { HealthResponse } from '../../../contracts/api.ts';
import { pageStyles } from './page.styles.ts';

/** Whether this browser has what a voice reading needs (WebRTC and the microphone API). */
export function voiceSupported(): boolean {
  return (
    typeof globalThis.RTCPeerConnection === 'function' &&
    typeof globalThis.navigator?.mediaDevices?.getUserMedia === 'function'
  );
}

/**
 * @summary The reading's mode selection: "Text Chat" or "Voice Reading", each one link away.
 *
 * Says when voice is not available in this browser, and when the site runs the offline reader
 * (which reads by text only).
 */
@customElement('page-reading')
export class PageReading extends LitElement {
  static override styles = [
    pageStyles,
    css`
      ul {
        list-style: none;
        padding: 0;
        margin: 0;
        display: grid;
        gap: var(--va-space-l);
        grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
      }
      .mode {
        display: block;
        box-sizing: border-box;
        height: 100%;
        padding: var(--va-space-l);
        border-radius: var(--va-radius-l);
        background: var(--va-color-surface);
        border: 1px solid var(--va-color-border);
        color: var(--va-color-text);
        text-decoration: none;
        transition: transform var(--va-duration-fast) var(--va-ease);
      }
      a.mode:hover {
        transform: translateY(-2px);
        border-color: var(--va-color-accent);
      }
      .mode[aria-disabled='true'] {
        opacity: 0.75;
      }
      h2 {
        font-family: var(--va-font-display);
        margin: 0 0 var(--va-space-s);
        color: var(--va-color-accent);
      }
      p {
        margin: 0;
        color: var(--va-color-text-muted);
      }
      .note {
        margin-top: var(--va-space-s);
        font-size: var(--va-font-size-s);
      }
      @media (prefers-reduced-motion: reduce) {
        .mode {
          transition: none;
        }
        a.mode:hover {
          transform: none;
        }
      }
      @media (forced-colors: active) {
        .mode {
          border: 1px solid CanvasText;
        }
      }
    `,
  ];

  /** The engine behind readings on this site, from the health check; null until known. */
  @state() private reader: 'local' | 'openai' | null = null;

  #voice = voiceSupported();

  override connectedCallback(): void {
    super.connectedCallback();
    void this.#loadHealth();
  }

  async #loadHealth(): Promise<void> {
    try {
      const response = await fetch('/api/health');
      const health = HealthResponse.safeParse(await response.json());
      if (health.success) this.reader = health.data.reader;
    } catch {
      // Without the health check the page still offers both modes.
    }
  }

  override render() {
    return html`
      <h1>Tarot reading</h1>
      <p class="lede">
        Ask a question, pick your cards from a shuffled deck, and hear what they say. How would you
        like to read?
      </p>
      <ul>
        <li>
          <a class="mode" href="/reading/text">
            <h2>Text Chat</h2>
            <p>Type with the reader and draw your cards on screen.</p>
          </a>
        </li>
        <li>${this.#renderVoice()}</li>
      </ul>
    `;
  }

  #renderVoice() {
    if (!this.#voice) {
      return html`<div class="mode" aria-disabled="true">
        <h2>Voice Reading</h2>
        <p>Your browser doesn't support voice readings: it needs WebRTC and microphone access.</p>
        <p class="note">Try a current Chrome, Edge, Firefox or Safari, or choose Text Chat.</p>
      </div>`;
    }
    return html`<a class="mode" href="/reading/voice">
      <h2>Voice Reading</h2>
      <p>Talk with the reader, hands free, and draw your cards when asked.</p>
      ${
        this.reader === 'local'
          ? html`<p class="note">
              This site runs the offline reader: it can't hear you, so a voice reading follows a
              demo script. A real voice reading needs an OpenAI key.
            </p>`
          : nothing
      }
    </a>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-reading': PageReading;
  }
}
