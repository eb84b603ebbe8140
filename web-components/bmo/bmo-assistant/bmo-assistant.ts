import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { announceBmo, createBmoStores, type BmoError } from '../../stores/bmo.ts';
import { createCassetteStore } from '../../stores/cassette.ts';
import {
  BmoAssistantController,
  MAX_CHAT_CHARS,
  tokenUrlFor,
  type BmoAgentStateChangeDetail,
  type BmoCassetteReceiveDetail,
  type BmoConnectionChangeDetail,
} from '../host/assistant-controller.ts';
import {
  announcementLines,
  connectionControls,
  errorBox,
  heading,
  transcriptLog,
} from './assistant-parts.ts';
import '../bmo-cassette-slot/bmo-cassette-slot.ts';
import '../bmo-face/bmo-face.ts';
import { bmoContext, type BmoContextValue } from '../../stores/bmo-context.ts';
import { LauncherController } from '../../voice/voice-launcher/launcher-controller.ts';
import { MicConsentController } from '../../voice/voice-mic-consent/mic-consent-controller.ts';
import type { MicConsentDetail } from '../../voice/voice-mic-consent/mic-consent.ts';
import { StickToBottomController } from '../../shared/controllers/stick-to-bottom.ts';
import type { VoiceLauncherPlacement } from '../../voice/voice-launcher/voice-launcher.ts';
import type { BmoRoom } from '../session/bmo-room.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import { bmoLocale } from '../i18n/strings.ts';
import type { BmoStrings } from '../i18n/conversation-en.ts';
import { styles } from './bmo-assistant.styles.ts';
import { provideFixed } from '../../shared/controllers/context-value.ts';

/**
 * @summary The whole BMO experience in one element: BMO's face, the status line, Connect (with or
 * without a microphone) and Disconnect, the microphone's mute, the cassette slot, the conversation,
 * a text box to type to BMO, and plain-words errors with their way out (Retry, Reconnect, go on
 * without the microphone).
 *
 * It joins a fresh LiveKit room through `POST {api-base}/api/livekit/token` when the visitor presses
 * Connect or the host calls `start()` (livekit-client loads only then), and leaves it on `end()`,
 * Disconnect, or when the element leaves the page. Another site uses our edge by setting `api-base`
 * to the edge's origin (`token-url` overrides the whole route); the edge must list that site in
 * `ALLOWED_ORIGINS`.
 *
 * Each assistant owns its state: it makes its own stores when it is created and hands them to the
 * face and slot inside it (`@lit/context`), so any number can share a page, each with its own
 * connection, transcript and cassette. A `<bmo-cassette-slot for="…">` or `<bmo-face for="…">`
 * elsewhere on the page follows the assistant with that id. It announces on its own, wherever it
 * is embedded: a polite status region (connection, BMO joining or leaving, what it can hear, the
 * slot's cassette arrivals) and an assertive alert (errors), with nothing for the page to add.
 *
 * Under BMO's face it says in plain words what the visitor has, as BMO's participant says it
 * (`bmo.engine`, `bmo.hearing`, `bmo.speech`): "BMO can't hear you here: type to BMO." (the
 * microphone control is then disabled, described by that notice), that its hearing stopped for
 * now, that it answers in text, or "Offline BMO: talk or type. It hears English."
 *
 * ```html
 * <bmo-assistant id="helper" api-base="https://bmo.example"></bmo-assistant>
 * <aside><bmo-cassette-slot for="helper"></bmo-cassette-slot></aside>
 * <script type="module">
 *   const bmo = document.querySelector('#helper');
 *   bmo.addEventListener('bmo-cassette-receive', (e) => console.log(e.detail.title));
 *   await bmo.start({ textOnly: true });
 *   await bmo.send('What is my PhilHealth ID?');
 * </script>
 * ```
 *
 * Its three headings (a hidden "BMO", "Cassette" and "Conversation") are `<h2>` unless
 * `heading-level` says otherwise, so they can sit under the host page's own heading.
 *
 * It speaks the language of its `lang` (else the closest ancestor's, else the page's): English or
 * Spanish, any word replaced through `strings`; another tag falls back to English with a visible
 * note and `voice-lang-fallback`. The checked language goes to BMO with the token request.
 *
 * `variant="launcher"` puts it behind a button in a corner of the page (`placement`) that opens it
 * in a panel (`<voice-launcher>`; full-screen up to 640px wide). Closing the panel keeps the
 * conversation; the panel's End ends it, and the button's badge counts cassettes that arrived
 * while it was closed. With `consent-text` set, Connect asks the visitor before the microphone
 * opens (declining connects for typing only) and remembers the answer; without it, the browser's
 * own permission prompt is the only consent.
 *
 * @fires {CustomEvent<BmoConnectionChangeDetail>} bmo-connection-change - `{ connection }` when the
 * link to BMO's room changes (`disconnected`, `connecting`, `connected`, `reconnecting`).
 * @fires {CustomEvent<BmoAgentStateChangeDetail>} bmo-agent-state-change - `{ state, engine,
 * hearing }` when what BMO is doing changes (`disconnected`, `connecting`, `listening`, `thinking`,
 * `speaking`), or BMO says its engine (`openai`, `offline`) or whether it hears (`on`, `off`,
 * `down`).
 * @fires {CustomEvent<BmoCassetteReceiveDetail>} bmo-cassette-receive - `{ id, title, content,
 * receivedAt }` when a new cassette reaches this assistant (not for a rejoin's re-send).
 * @fires {CustomEvent<BmoError>} bmo-error - `{ code, message }` when an error is shown (codes:
 * `not_configured`, `mic_denied`, `mic_unavailable`, `agent_timeout`, `connection_lost`,
 * `agent_left`, `connect_failed`, `send_failed`).
 * @fires {CustomEvent<VoiceLangFallbackDetail>} voice-lang-fallback - `{ requested, lang }` when its
 * language tag is not one it speaks (it shows English).
 * @fires {CustomEvent<MicConsentDetail>} bmo-mic-consent - `{ choice }`, `accepted` or `declined`,
 * when the visitor answers the consent question.
 * @fires {CustomEvent<BmoCassetteEventDetail>} bmo-cassette-insert - From the slot: a cassette goes in.
 * @fires {CustomEvent<BmoCassetteEventDetail>} bmo-cassette-eject - From the slot: a cassette leaves.
 * @fires {CustomEvent<BmoCassetteEventDetail>} bmo-cassette-open - From the slot: the visitor opens it.
 *
 * @csspart console - The panel with the face, status, buttons, errors and the cassette.
 * @csspart face - BMO's face (`<bmo-face>`).
 * @csspart status - The status line.
 * @csspart notice - What the visitor has, in words ("BMO can't hear you here: type to BMO.").
 * @csspart lang-notice - The note that its language tag is not supported.
 * @csspart controls - Connect / Disconnect and the microphone.
 * @csspart error - The error box and its actions.
 * @csspart cassette-slot - The cassette slot (`<bmo-cassette-slot>`).
 * @csspart conversation - The panel with the conversation and the text box.
 * @csspart log - The conversation log.
 * @csspart composer - The "Type to BMO" form.
 * @csspart face-body - The face's body (`<bmo-face>`'s `body`, passed through).
 * @csspart face-screen - The face's screen.
 * @csspart cassette-bay - The cassette slot's bay (`<bmo-cassette-slot>`'s `bay`, passed through).
 * @csspart cassette - The cassette button in the bay.
 * @csspart cassette-shell - The cassette's shell.
 * @csspart cassette-label - The cassette's label.
 * @csspart cassette-empty - The "No cassette yet" line.
 * @csspart cassette-mute - The sound toggle.
 * @csspart cassette-dialog - The dialog with the cassette's content.
 * @csspart cassette-content - The content in the dialog.
 * @csspart consent - The consent question (`<voice-mic-consent>`).
 * @csspart launcher - The launcher (`<voice-launcher>`), with `variant="launcher"`.
 * @csspart launcher-button - The launcher's floating button.
 * @csspart launcher-badge - The count of cassettes that arrived while the panel was closed.
 * @csspart launcher-panel - The launcher's panel.
 * @csspart launcher-header - The panel's top bar; also `launcher-title`, `launcher-end`,
 * `launcher-close`.
 * @attr {'light' | 'dark'} theme - The colour scheme; unset, it follows `prefers-color-scheme` (or
 * the page's `--va-color-scheme`). Inner elements follow it.
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

  /** The edge's origin (e.g. `https://bmo.example`); empty for this page's own. */
  @property({ attribute: 'api-base' }) apiBase = '';

  /** The whole token route, overriding `api-base` (default: `{api-base}/api/livekit/token`). */
  @property({ attribute: 'token-url' }) tokenUrl = '';

  /** The name BMO sees; empty lets the server pick one. */
  @property({ attribute: 'participant-name' }) participantName = '';

  /**
   * A Cloudflare Turnstile token for the edge's token route (set as a property, never an
   * attribute): where the edge requires Turnstile, the host page runs the widget and hands its
   * token over here, and the assistant sends it as the `X-Turnstile-Token` header when it asks
   * for a LiveKit token. Render the widget with `action: 'bmo'` (the edge takes no other), and
   * set a fresh token before each start or reconnect (a token is single-use).
   */
  @property({ attribute: false }) turnstileToken = '';

  /** The level (1 to 6) of the element's headings. */
  @property({ attribute: 'heading-level', type: Number }) headingLevel = 2;

  /** `launcher`: a button in a corner that opens the assistant in a panel. Empty: in place. */
  @property({ reflect: true }) variant = '';

  /** The launcher's corner: `bottom-right` (default), `bottom-left`, `top-right`, `top-left`. */
  @property() placement: VoiceLauncherPlacement = 'bottom-right';

  /** The site's consent text, asked before the microphone first opens. Empty: no question. */
  @property({ attribute: 'consent-text' }) consentText = '';

  /** A link to the site's fuller terms, shown with the consent text. */
  @property({ attribute: 'consent-href' }) consentHref = '';

  /** The host's own words for any of the element's (keys of the English strings). */
  @property({ attribute: false }) strings: Partial<BmoStrings> | undefined;

  @state() private draft = '';

  /** This assistant's own stores, made with it; a linked slot or face reads them (never write). */
  readonly stores: BmoContextValue = { bmo: createBmoStores(), cassette: createCassetteStore() };

  #locale = bmoLocale(this);
  #bmo = new BmoAssistantController(this, () => this.#locale);
  #launcher = new LauncherController(this, {
    label: () => this.#locale.t.bmo,
    notifyOn: ['bmo-cassette-receive'],
    active: () => this.#bmo.connection.value !== 'disconnected',
    load: () => import('../../voice/voice-launcher/launcher-panel.ts'),
  });
  #consent = new MicConsentController(this, {
    event: 'bmo-mic-consent',
    announce: (message) => announceBmo(this.stores.bmo, message),
    focusAfter: '.controls button',
    load: () => import('../../voice/voice-mic-consent/mic-consent.ts'),
  });

  constructor() {
    super();
    provideFixed(this, bmoContext, this.stores);
    // The conversation stays on its latest line unless the visitor scrolled up to read.
    new StickToBottomController(this, () => this.#find('.log'));
  }

  /** The token route this assistant asks: `token-url`, else `{api-base}/api/livekit/token`. */
  get resolvedTokenUrl(): string {
    return tokenUrlFor(this.apiBase, this.tokenUrl);
  }

  /** The room session, once one was needed (tests and benchmarks reach the room). */
  get roomController(): BmoRoom | undefined {
    return this.#bmo.room;
  }

  /**
   * Starts a conversation with BMO, as Connect does (`textOnly`: as "Connect without microphone").
   * Resolves once the room is joined or the attempt failed (then `bmo-error` says why); does
   * nothing while this assistant is already connecting or connected.
   */
  start(options: { textOnly?: boolean } = {}): Promise<void> {
    return this.#connect(options.textOnly ?? false);
  }

  /** Forgets the visitor's consent answers on this site: the next Connect asks again. */
  resetMicConsent(): Promise<void> {
    return this.#consent.reset();
  }

  /** Connects, asking first (with `consent-text`) before a microphone; declined, for typing. */
  #connect(textOnly: boolean): Promise<void> {
    if (textOnly || !this.consentText.trim()) return this.#bmo.connect(textOnly);
    return this.#consent.allow().then((allowed) => {
      // removed while it asked: nothing to connect
      if (this.isConnected) return this.#bmo.connect(!allowed);
    });
  }

  #find(selector: string): HTMLElement | null {
    return this.renderRoot.querySelector(selector);
  }

  /** Ends the conversation, as Disconnect does. Other assistants on the page carry on. */
  end(): Promise<void> {
    return this.#bmo.disconnect();
  }

  /**
   * Sends `text` to BMO as if typed, and adds it to the conversation. Rejects with a readable
   * error when there is nothing to send, the text is longer than 2000 characters, BMO is not in
   * the room yet, or the message did not go.
   */
  async send(text: string): Promise<void> {
    if (!text.trim()) throw new Error('Nothing to send: the message is empty.');
    if (text.length > MAX_CHAT_CHARS) {
      throw new Error(`The message is too long: at most ${MAX_CHAT_CHARS} characters.`);
    }
    if (!this.#bmo.canType) {
      throw new Error('BMO is not in the room yet: call start() and wait for BMO to join.');
    }
    if (!(await this.#bmo.send(text))) throw new Error('The message did not reach BMO.');
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
      this.#find('#chat-input')?.focus();
    }
  }

  #announcementLine = announcementLines();

  override render() {
    const t = this.#locale.t;
    const connection = this.#bmo.connection.value;
    const disconnected = connection === 'disconnected';
    const canType = this.#bmo.canType;
    const error = this.#bmo.error.value;
    const level = this.headingLevel;
    const announcement = this.#bmo.announcement.value;
    const hint = canType ? t.hintSend : disconnected ? t.hintConnectFirst : t.hintWaitForBmo;
    return html`
      ${this.#launcher.wrap(
        html`<div class="layout" dir=${this.#locale.dir}>
          <section class="console" part="console" aria-labelledby="console-heading">
            ${heading(level, t.bmo, 'console-heading', 'visually-hidden')}
            ${langNotice(this.#locale.fallbackNote)}
            <bmo-face part="face" exportparts="body: face-body, screen: face-screen"></bmo-face>
            <p
              class="status"
              part="status"
              data-state=${connection === 'connected' ? this.#bmo.agent.value : connection}
            >
              ${this.#bmo.status}
            </p>
            ${
              this.#bmo.notice.value && !disconnected
                ? html`<p id="engine-notice" class="notice" part="notice">
                    ${this.#bmo.notice.value}
                  </p>`
                : nothing
            }
            ${this.#consent.render()}
            <div class="controls" part="controls">
              ${connectionControls({
                t: this.#locale.t,
                connection: this.#bmo.connection.value,
                muted: this.#bmo.micMuted.value,
                deaf: this.#bmo.hearing.value === 'off',
                connect: (textOnly) => this.#connect(textOnly),
                disconnect: () => this.#bmo.disconnect(),
                setMuted: (muted) => this.#bmo.setMicMuted(muted),
              })}
            </div>
            ${errorBox(error, error ? this.#bmo.errorActions(error.code) : [])}
            ${heading(level, t.cassetteHeading, 'slot-heading', 'slot-heading')}
            <bmo-cassette-slot
              part="cassette-slot"
              .strings=${this.strings}
              exportparts="bay: cassette-bay, cassette, shell: cassette-shell, label: cassette-label, empty: cassette-empty, mute: cassette-mute, dialog: cassette-dialog, content: cassette-content"
            ></bmo-cassette-slot>
          </section>
          <section class="conversation" part="conversation" aria-labelledby="conversation-heading">
            ${heading(level, t.conversationHeading, 'conversation-heading')}
            <div
              class="log"
              part="log"
              role="log"
              aria-labelledby="conversation-heading"
              tabindex="0"
            >
              ${transcriptLog(this.#bmo.transcript.value, disconnected, t)}
            </div>
            <form class="chat" part="composer" @submit=${this.#send}>
              <label for="chat-input">${t.typeLabel}</label>
              <div class="chat-row">
                <input
                  id="chat-input"
                  type="text"
                  autocomplete="off"
                  maxlength=${MAX_CHAT_CHARS}
                  aria-describedby="chat-hint"
                  .value=${this.draft}
                  ?disabled=${!canType}
                  @input=${(event: InputEvent) => {
                    if (event.target instanceof HTMLInputElement) this.draft = event.target.value;
                  }}
                />
                <button type="submit" class="primary" ?disabled=${!canType || !this.draft.trim()}>
                  ${t.send}
                </button>
              </div>
              <p id="chat-hint" class="hint">${hint}</p>
            </form>
          </section>
        </div>`,
      )}
      <div class="announcer visually-hidden" role="status" aria-live="polite">
        ${announcement ? this.#announcementLine(announcement) : nothing}
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
    'bmo-agent-state-change': CustomEvent<BmoAgentStateChangeDetail>;
    'bmo-cassette-receive': CustomEvent<BmoCassetteReceiveDetail>;
    'bmo-error': CustomEvent<BmoError>;
    'bmo-mic-consent': CustomEvent<MicConsentDetail>;
  }
}
