import { LitElement, html, nothing, svg, type PropertyValues } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import '../../bmo/bmo-cassette-slot.ts';
import '../../bmo/bmo-face.ts';
import { BmoRoomController } from '../../bmo/room-controller.ts';
import {
  $bmoAgentState,
  $bmoConnection,
  $bmoError,
  $bmoMicMuted,
  $bmoTextOnly,
  $bmoTranscript,
  clearBmoError,
  type BmoAgentState,
  type BmoConnection,
  type BmoError,
} from '../../stores/bmo.ts';
import { StoreController } from '../../stores/store-controller.ts';
import { pageStyles } from './page.styles.ts';
import { bmoPageStyles } from './bmo-page.styles.ts';

/** The status line: the connection until the room is joined, then what BMO is doing. */
function statusText(connection: BmoConnection, agent: BmoAgentState): string {
  switch (connection) {
    case 'disconnected':
      return 'Not connected';
    case 'connecting':
      return 'Connecting…';
    case 'reconnecting':
      return 'Connection dropped. Reconnecting…';
    case 'connected':
      switch (agent) {
        case 'connecting':
          return 'Waiting for BMO to join…';
        case 'disconnected':
          return 'BMO is not in the room';
        default:
          return `BMO is ${agent}`;
      }
  }
}

/**
 * @summary The /bmo page: BMO's face, Connect and Disconnect, the microphone, the cassette slot,
 * the conversation and a text box, with plain-words errors and their way out.
 *
 * It owns the page's one `BmoRoomController` and calls it in answer to the visitor; everything it
 * shows comes from the BMO and cassette stores.
 */
@customElement('page-bmo')
export class PageBmo extends LitElement {
  static override styles = [pageStyles, bmoPageStyles];

  @state() private draft = '';
  @query('.log') private log?: HTMLElement | null;
  @query('#chat-input') private input?: HTMLInputElement | null;

  #room = new BmoRoomController();
  #connection = new StoreController(this, $bmoConnection);
  #agent = new StoreController(this, $bmoAgentState);
  #micMuted = new StoreController(this, $bmoMicMuted);
  #textOnly = new StoreController(this, $bmoTextOnly);
  #transcript = new StoreController(this, $bmoTranscript);
  #error = new StoreController(this, $bmoError);
  #stickToBottom = true;

  /** The page's room controller (tests and benchmarks reach the room through it). */
  get roomController(): BmoRoomController {
    return this.#room;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    void this.#room.disconnect();
  }

  protected override willUpdate(): void {
    const log = this.log;
    if (log) this.#stickToBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const log = this.log;
    if (log && this.#stickToBottom) log.scrollTop = log.scrollHeight;
  }

  get #canType(): boolean {
    const agent = this.#agent.value;
    return (
      this.#connection.value === 'connected' && agent !== 'connecting' && agent !== 'disconnected'
    );
  }

  async #send(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const text = this.draft.trim();
    if (!text || !this.#canType) return;
    if (await this.#room.sendChat(text)) {
      this.draft = '';
      this.input?.focus();
    }
  }

  #errorActions(error: BmoError) {
    const button = (label: string, action: () => unknown, primary = true) =>
      html`<button type="button" class=${primary ? 'primary' : ''} @click=${action}>
        ${label}
      </button>`;
    switch (error.code) {
      case 'mic_denied':
      case 'mic_unavailable':
        return html`${button('Continue without microphone', () =>
          this.#room.continueWithoutMicrophone(),
        )}
        ${button('Try the microphone again', () => this.#room.setMicMuted(false), false)}`;
      case 'agent_timeout':
      case 'connect_failed':
      case 'agent_left':
        // A fresh room: BMO is dispatched when a room is created.
        return button('Retry', () => this.#room.retry());
      case 'connection_lost':
        // The same room while the token lasts: BMO is still there and re-sends the cassette.
        return button('Reconnect', () => this.#room.reconnect());
      case 'send_failed':
        return button('Dismiss', () => clearBmoError(), false);
      case 'not_configured':
        return nothing;
    }
  }

  #renderControls() {
    const connection = this.#connection.value;
    if (connection === 'disconnected') {
      return html`
        <button type="button" class="primary" @click=${() => this.#room.connect()}>Connect</button>
        <button type="button" @click=${() => this.#room.connect({ textOnly: true })}>
          Connect without microphone
        </button>
      `;
    }
    const muted = this.#micMuted.value;
    return html`
      <button type="button" @click=${() => this.#room.disconnect()}>Disconnect</button>
      <button
        type="button"
        class="mic"
        aria-pressed=${muted ? 'true' : 'false'}
        ?disabled=${connection !== 'connected'}
        @click=${() => this.#room.setMicMuted(!muted)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <rect x="9" y="3" width="6" height="11" rx="3" />
          <path class="stroke" d="M6 11a6 6 0 0 0 12 0M12 17v4" />
          ${muted ? svg`<path class="stroke slash" d="M4 4l16 16" />` : nothing}
        </svg>
        Mute microphone
      </button>
    `;
  }

  override render() {
    const connection = this.#connection.value;
    const status = statusText(connection, this.#agent.value);
    const error = this.#error.value;
    const transcript = this.#transcript.value;
    const canType = this.#canType;
    return html`
      <h1>Talk to BMO</h1>
      <p class="lede">
        BMO listens, talks back, and hands you IDs and codes on a cassette you can open and copy.
      </p>
      <div class="layout">
        <section class="console" aria-labelledby="console-heading">
          <h2 id="console-heading" class="visually-hidden">BMO</h2>
          <bmo-face></bmo-face>
          <p
            class="status"
            data-state=${connection === 'connected' ? this.#agent.value : connection}
          >
            ${status}${this.#textOnly.value && connection === 'connected' ? ' (typing only)' : ''}
          </p>
          <div class="controls">${this.#renderControls()}</div>
          <div class=${error ? 'error shown' : 'error'} role="alert" data-code=${error?.code ?? ''}>
            ${
              error
                ? html`<p>${error.message}</p>
                    <div class="error-actions">${this.#errorActions(error)}</div>`
                : nothing
            }
          </div>
          <h2 class="slot-heading">Cassette</h2>
          <bmo-cassette-slot></bmo-cassette-slot>
        </section>
        <section class="conversation" aria-labelledby="conversation-heading">
          <h2 id="conversation-heading">Conversation</h2>
          <div class="log" role="log" aria-labelledby="conversation-heading" tabindex="0">
            ${
              transcript.length === 0
                ? html`<p class="placeholder">
                    ${
                      connection === 'disconnected'
                        ? 'Connect to start talking with BMO.'
                        : 'Say hello, or type below.'
                    }
                  </p>`
                : html`<ol>
                    ${transcript.map(
                      (line) =>
                        html`<li class=${`line ${line.speaker}${line.final ? '' : ' interim'}`}>
                          <span class="who">${line.speaker === 'user' ? 'You' : 'BMO'}</span>
                          <span class="text">${line.text}</span>
                        </li>`,
                    )}
                  </ol>`
            }
          </div>
          <form class="chat" @submit=${this.#send}>
            <label for="chat-input">Type to BMO</label>
            <div class="chat-row">
              <input
                id="chat-input"
                type="text"
                autocomplete="off"
                maxlength="2000"
                aria-describedby="chat-hint"
                .value=${this.draft}
                ?disabled=${!canType}
                @input=${(event: InputEvent) => {
                  if (event.target instanceof HTMLInputElement) this.draft = event.target.value;
                }}
              />
              <button type="submit" class="primary" ?disabled=${!canType || !this.draft.trim()}>
                Send
              </button>
            </div>
            <p id="chat-hint" class="hint">
              ${
                canType
                  ? 'Press Enter to send.'
                  : connection === 'disconnected'
                    ? 'Connect first, then type here.'
                    : 'You can type once BMO has joined.'
              }
            </p>
          </form>
        </section>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-bmo': PageBmo;
  }
}
