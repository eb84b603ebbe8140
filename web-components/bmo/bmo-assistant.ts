import { LitElement, html } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { BmoError } from '../stores/bmo.ts';
import { BmoAssistantController, type BmoConnectionChangeDetail } from './assistant-controller.ts';
import { errorBox, heading, micIcon, transcriptLog } from './assistant-parts.ts';
import './bmo-cassette-slot.ts';
import './bmo-face.ts';
import { StickToBottomController } from '../shared/stick-to-bottom.ts';
import { DEFAULT_TOKEN_URL, type BmoRoomController } from './room-controller.ts';
import { styles } from './bmo-assistant.styles.ts';

/**
 * @summary The whole BMO experience in one element: BMO's face, the status line, Connect (with or
 * without a microphone) and Disconnect, the microphone's mute, the cassette slot, the conversation,
 * a text box to type to BMO, and plain-words errors with their way out (Retry, Reconnect, go on
 * without the microphone).
 *
 * It joins a fresh LiveKit room through the token route at `token-url` when the visitor presses
 * Connect (livekit-client loads only then), and leaves it when the element leaves the page. Another
 * site can use our edge by pointing `token-url` at it; the edge must list that site in
 * `ALLOWED_ORIGINS`. One per page: the BMO stores it renders are the page's.
 *
 * Its three headings (a hidden "BMO", "Cassette" and "Conversation") are `<h2>` unless
 * `heading-level` says otherwise, so they can sit under the host page's own heading.
 *
 * @fires {CustomEvent<BmoConnectionChangeDetail>} bmo-connection-change - `{ connection }` when the
 * link to BMO's room changes (`disconnected`, `connecting`, `connected`, `reconnecting`).
 * @fires {CustomEvent<BmoError>} bmo-error - `{ code, message }` when an error is shown.
 * @fires {CustomEvent<BmoCassetteEventDetail>} bmo-cassette-insert - From the slot: a cassette goes in.
 * @fires {CustomEvent<BmoCassetteEventDetail>} bmo-cassette-eject - From the slot: a cassette leaves.
 * @fires {CustomEvent<BmoCassetteEventDetail>} bmo-cassette-open - From the slot: the visitor opens it.
 *
 * @csspart console - The panel with the face, status, buttons, errors and the cassette.
 * @csspart face - BMO's face (`<bmo-face>`).
 * @csspart status - The status line.
 * @csspart controls - Connect / Disconnect and the microphone.
 * @csspart error - The error box and its actions.
 * @csspart cassette-slot - The cassette slot (`<bmo-cassette-slot>`).
 * @csspart conversation - The panel with the conversation and the text box.
 * @csspart log - The conversation log.
 * @csspart composer - The "Type to BMO" form.
 *
 * @cssprop --bmo-assistant-accent - BMO's colour: status, main buttons, your lines (default --va-color-bmo).
 * @cssprop --bmo-assistant-surface - The panels' background (default --va-color-surface).
 * @cssprop --bmo-assistant-log-background - The conversation's background (default --va-color-bg).
 * @cssprop --bmo-assistant-log-height - The conversation's height before it scrolls (default min(28rem, 55vh)).
 * @cssprop --bmo-assistant-face-size - The face's width (default 8rem to 11rem with the element's width).
 */
@customElement('bmo-assistant')
export class BmoAssistant extends LitElement {
  static override styles = styles;

  /** The LiveKit token route (default `/api/livekit/token`); an absolute URL reaches another origin's edge. */
  @property({ attribute: 'token-url' }) tokenUrl = DEFAULT_TOKEN_URL;

  /** The name BMO sees; empty lets the server pick one. */
  @property({ attribute: 'participant-name' }) participantName = '';

  /** The level (1 to 6) of the element's headings. */
  @property({ attribute: 'heading-level', type: Number }) headingLevel = 2;

  @state() private draft = '';
  @query('.log') private log?: HTMLElement | null;
  @query('#chat-input') private input?: HTMLInputElement | null;

  #bmo = new BmoAssistantController(this);

  constructor() {
    super();
    // The conversation stays on its latest line unless the visitor scrolled up to read.
    new StickToBottomController(this, () => this.log);
  }

  /** The room controller, once the visitor pressed Connect (tests and benchmarks reach the room). */
  get roomController(): BmoRoomController | undefined {
    return this.#bmo.room;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    void this.#bmo.disconnect();
  }

  async #send(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const text = this.draft.trim();
    if (!text || !this.#bmo.canType) return;
    if (await this.#bmo.send(text)) {
      this.draft = '';
      this.input?.focus();
    }
  }

  #renderControls() {
    const connection = this.#bmo.connection.value;
    if (connection === 'disconnected') {
      return html`
        <button type="button" class="primary" @click=${() => this.#bmo.connect(false)}>
          Connect
        </button>
        <button type="button" @click=${() => this.#bmo.connect(true)}>
          Connect without microphone
        </button>
      `;
    }
    const muted = this.#bmo.micMuted.value;
    return html`
      <button type="button" @click=${() => this.#bmo.disconnect()}>Disconnect</button>
      <button
        type="button"
        class="mic"
        aria-pressed=${muted ? 'true' : 'false'}
        ?disabled=${connection !== 'connected'}
        @click=${() => this.#bmo.setMicMuted(!muted)}
      >
        ${micIcon(muted)} Mute microphone
      </button>
    `;
  }

  override render() {
    const connection = this.#bmo.connection.value;
    const disconnected = connection === 'disconnected';
    const canType = this.#bmo.canType;
    const error = this.#bmo.error.value;
    const level = this.headingLevel;
    const hint = canType
      ? 'Press Enter to send.'
      : disconnected
        ? 'Connect first, then type here.'
        : 'You can type once BMO has joined.';
    return html`
      <div class="layout">
        <section class="console" part="console" aria-labelledby="console-heading">
          ${heading(level, 'BMO', 'console-heading', 'visually-hidden')}
          <bmo-face part="face"></bmo-face>
          <p
            class="status"
            part="status"
            data-state=${connection === 'connected' ? this.#bmo.agent.value : connection}
          >
            ${this.#bmo.status}
          </p>
          <div class="controls" part="controls">${this.#renderControls()}</div>
          ${errorBox(error, error ? this.#bmo.errorActions(error.code) : [])}
          ${heading(level, 'Cassette', 'slot-heading', 'slot-heading')}
          <bmo-cassette-slot part="cassette-slot"></bmo-cassette-slot>
        </section>
        <section class="conversation" part="conversation" aria-labelledby="conversation-heading">
          ${heading(level, 'Conversation', 'conversation-heading')}
          <div
            class="log"
            part="log"
            role="log"
            aria-labelledby="conversation-heading"
            tabindex="0"
          >
            ${transcriptLog(this.#bmo.transcript.value, disconnected)}
          </div>
          <form class="chat" part="composer" @submit=${this.#send}>
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
            <p id="chat-hint" class="hint">${hint}</p>
          </form>
        </section>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bmo-assistant': BmoAssistant;
  }
  interface GlobalEventHandlersEventMap {
    'bmo-connection-change': CustomEvent<BmoConnectionChangeDetail>;
    'bmo-error': CustomEvent<BmoError>;
  }
}
