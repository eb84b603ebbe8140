import { LitElement, type PropertyValues, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { customElement } from '../shared/define.ts';
import { AGENT_LABELS } from '../../contracts/agents.ts';
import { $reducedMotion } from '../stores/preferences.ts';
import { consume } from '@lit/context';
import {
  type ReadingStore,
  type TranscriptEntry,
  createReadingStore,
  spreadRowText,
} from '../stores/reading.ts';
import { readingStoreContext } from '../stores/reading-context.ts';
import { StoreController } from '../shared/controllers/store-controller.ts';
import type { StagedCard } from './tarot-card-stage.ts';
import { styles } from './tarot-reading-text.styles.ts';
import './tarot-card.ts';
import './tarot-card-picker.ts';
import './tarot-card-stage.ts';
import { pickerSection } from './picker-section.ts';
import { isPlainClick } from '../shared/plain-click.ts';
import { StickToBottomController } from '../shared/controllers/stick-to-bottom.ts';

export interface TarotReadingSendDetail {
  text: string;
}

/** The sentence the page shows whenever the offline reader is the engine. */
export const OFFLINE_READER_NOTICE =
  "You're using the offline reader: a scripted demo reader built into this site. Add an OpenAI key for a real reading.";

const CONNECTION_TEXT = {
  idle: 'Not connected',
  connecting: 'Connecting to the reader…',
  connected: 'Connected',
  disconnected: 'The reading has ended',
  error: 'Not connected',
} as const;

/**
 * @summary The text chat reading: the conversation, the card picker inline when a card is to be
 * drawn, the card being shown, and the spread as it grows. Renders a reading store (its
 * `<tarot-reading>`'s, by context) and raises events; `<tarot-reading>` wires them to its session.
 *
 * Pressing Enter (or Send) sends a message. While the picker is open the message box waits, and
 * focus moves to the picker's region; it returns to the message box after the pick. Assistant
 * messages arrive in a polite live log, marked busy while they are still being written.
 *
 * @fires {CustomEvent<TarotReadingSendDetail>} tarot-reading-send - The person sent a message.
 * @fires {CustomEvent<void>} tarot-reading-end - The person pressed "End reading".
 * @fires {CustomEvent<void>} tarot-reading-restart - The person asked for a new reading or a retry.
 * @fires {CustomEvent<void>} tarot-reading-leave - The person chose "Choose another mode" after the reading.
 * @csspart log - The conversation.
 * @csspart message - Each message; also `message-user` or `message-assistant`, by who said it.
 * @csspart phase - The active phase's name in the status line.
 * @csspart connection - The connection's status ("Connected", "Connecting to the reader…").
 * @csspart notice - The offline reader's notice.
 * @csspart card-entry - Each card drawn or shown in the conversation (`data-action`: `drawn` or
 *   `shown`, `data-card-id`: the card).
 * @csspart ended - What the ended reading offers (start again, choose another mode).
 * @csspart draw - The region holding the card picker.
 * @csspart composer - The message box and its Send button.
 * @csspart spread - The spread summary beside the conversation.
 * @cssprop --tarot-reading-text-log-height - Most height the conversation takes before it scrolls. Default 60vh.
 * @cssprop --tarot-reading-text-background - Background of the whole element. Defaults to --va-color-bg.
 * @cssprop --tarot-reading-text-surface - Background of the panels. Defaults to --va-color-surface.
 * @cssprop --tarot-reading-text-accent - Accent colour. Defaults to --va-color-accent.
 */
@customElement('tarot-reading-text')
export class TarotReadingText extends LitElement {
  static override styles = styles;

  /** Passed to every card: the deployer's image address with `{id}`. Empty: the built-in art. */
  @property({ attribute: 'image-base' }) imageBase = '';

  /**
   * Where "Choose another mode" links (so it can open in a new tab); a plain click fires
   * `tarot-reading-leave` either way. Empty: a button.
   */
  @property({ attribute: 'choose-href' }) chooseHref = '';

  /**
   * The reading it renders: the enclosing `<tarot-reading>`'s (by context), else one of its own.
   * Set it to show a store you drive yourself.
   */
  @consume({ context: readingStoreContext, subscribe: true })
  @property({ attribute: false })
  store: ReadingStore = createReadingStore();

  get #log(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.log');
  }
  get #input(): HTMLInputElement | null {
    return this.renderRoot.querySelector<HTMLInputElement>('input[name="message"]');
  }
  get #draw(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.draw');
  }

  #agent = new StoreController(this, () => this.store.$agent);
  #connection = new StoreController(this, () => this.store.$connection);
  #engine = new StoreController(this, () => this.store.$engine);
  #transcript = new StoreController(this, () => this.store.$transcript);
  #picker = new StoreController(this, () => this.store.$picker);
  #drawnIds = new StoreController(this, () => this.store.$drawnIds);
  #displayed = new StoreController(this, () => this.store.$displayed);
  #rows = new StoreController(this, () => this.store.$spreadRows);
  #activity = new StoreController(this, () => this.store.$toolActivity);
  #error = new StoreController(this, () => this.store.$error);
  #reduced = new StoreController(this, $reducedMotion);

  /** The card handed to the stage; a new object only for a new show, so re-renders do not replay it. */
  #staged: StagedCard | null = null;
  #stagedFrom: object | null = null;
  #focusPicker = false;
  #focusInput = false;
  #pickerWasOpen = false;
  constructor() {
    super();
    // Follow new messages unless the person has scrolled up to reread.
    new StickToBottomController(this, () => this.#log);
  }

  protected override willUpdate(): void {
    this.toggleAttribute('data-reduced-motion', this.#reduced.value);
    const displayed = this.#displayed.value;
    if (!displayed) {
      this.#staged = null;
      this.#stagedFrom = null;
    } else if (displayed.status === 'revealing' && displayed !== this.#stagedFrom) {
      this.#staged = { cardId: displayed.cardId, reversed: displayed.reversed };
      this.#stagedFrom = displayed;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const pickerOpen = this.#picker.value.open;
    const draw = this.#draw;
    if (pickerOpen && !this.#pickerWasOpen && draw) {
      draw.scrollIntoView({ block: 'nearest', behavior: this.#reduced.value ? 'auto' : 'smooth' });
      if (this.#focusPicker) draw.focus();
      this.#focusPicker = false;
    }
    this.#pickerWasOpen = pickerOpen;
    const input = this.#input;
    if (!pickerOpen && this.#focusInput && input && !input.disabled) {
      this.#focusInput = false;
      input.focus();
    }
  }

  override render() {
    const status = this.#connection.value;
    const agent = this.#agent.value;
    const error = this.#error.value;
    const ended = status === 'disconnected' || status === 'error';
    return html`
      <header class="status">
        <p class="phase">
          ${agent ? html`Phase: <strong part="phase">${AGENT_LABELS[agent]}</strong>` : 'Not started'}
        </p>
        <p class="connection" part="connection" data-status=${status}>${CONNECTION_TEXT[status]}</p>
      </header>
      ${this.#engine.value === 'local' ? html`<p class="notice" part="notice">${OFFLINE_READER_NOTICE}</p>` : nothing}
      ${error ? html`<p class="error" role="alert">${error.message}</p>` : nothing}
      <div class="layout">
        ${this.#renderSpread()}
        <div class="conversation">
          ${this.#renderLog()} ${this.#renderPicker()}
          <p class="activity">
            ${this.#activity.value?.status === 'running' ? this.#activity.value.label : ''}
          </p>
          ${ended ? this.#renderEnded(status === 'error') : this.#renderComposer(status === 'connected')}
        </div>
      </div>
    `;
  }

  #renderLog() {
    const entries = this.#transcript.value;
    const writing = entries.some((entry) => entry.kind === 'message' && !entry.done);
    return html`<div
      class="log"
      part="log"
      role="log"
      tabindex="0"
      aria-live="polite"
      aria-label="Conversation"
      aria-busy=${writing ? 'true' : 'false'}
    >
      <ol class="entries">
        ${
          entries.length === 0
            ? html`<li class="intro">
                Ask the reader your question to begin. Cards are drawn by you, one at a time.
              </li>`
            : entries.map((entry) => this.#renderEntry(entry))
        }
      </ol>
    </div>`;
  }

  #renderEntry(entry: TranscriptEntry) {
    if (entry.kind === 'message') {
      return html`<li
        class="message ${entry.role}"
        part="message message-${entry.role}"
        data-done=${entry.done ? 'true' : 'false'}
      >
        <span class="who">${entry.role === 'user' ? 'You' : 'Reader'}</span>
        <p class="text">${entry.text}</p>
      </li>`;
    }
    if (entry.kind === 'phase') {
      return html`<li class="phase-change"><span>${AGENT_LABELS[entry.agent]}</span></li>`;
    }
    const orientation = entry.reversed ? ', reversed' : '';
    return html`<li
      class="card-entry"
      part="card-entry"
      data-action=${entry.action}
      data-card-id=${entry.cardId}
    >
      <tarot-card
        card-id=${entry.cardId}
        ?reversed=${entry.reversed}
        image-base=${this.imageBase}
      ></tarot-card>
      <p>
        ${entry.action === 'drawn' ? 'Drawn' : 'Shown'}:
        <strong>${entry.cardName}</strong>${orientation}
        ${entry.positionLabel ? html`<span class="position">for ${entry.positionLabel}</span>` : nothing}
      </p>
    </li>`;
  }

  #renderPicker() {
    return pickerSection(this.#picker.value, this.#drawnIds.value, this.imageBase);
  }

  #renderSpread() {
    const rows = this.#rows.value;
    return html`<div class="table" part="spread" role="group" aria-label="Your spread">
      ${
        this.#staged
          ? html`<tarot-card-stage
              .card=${this.#staged}
              image-base=${this.imageBase}
            ></tarot-card-stage>`
          : nothing
      }
      <h2>Your spread</h2>
      ${
        rows.length === 0
          ? html`<p class="empty">No cards drawn yet.</p>`
          : html`<ol class="rows">
              ${rows.map(
                (row) =>
                  html`<li>
                    <span class="label">${row.positionLabel}</span>
                    <span class="value">${spreadRowText(row)}</span>
                  </li>`,
              )}
            </ol>`
      }
    </div>`;
  }

  #renderComposer(connected: boolean) {
    const picking = this.#picker.value.open;
    const placeholder = !connected
      ? 'Connecting…'
      : picking
        ? 'Pick a card to continue'
        : 'Ask the reader…';
    return html`<form class="composer" part="composer" @submit=${this.#onSubmit}>
        <label class="visually-hidden" for="message">Your message</label>
        <input
          id="message"
          name="message"
          autocomplete="off"
          placeholder=${placeholder}
          ?disabled=${!connected || picking}
        />
        <button type="submit" ?disabled=${!connected || picking}>Send</button>
      </form>
      <button class="end" type="button" ?disabled=${!connected} @click=${this.#onEnd}>
        End reading
      </button>`;
  }

  #renderEnded(failed: boolean) {
    return html`<div class="ended" part="ended">
      <p>
        ${failed ? 'The reading could not start.' : 'The reading has ended. Thank you for reading with us.'}
      </p>
      <button type="button" @click=${this.#onRestart}>
        ${failed ? 'Try again' : 'Start a new reading'}
      </button>
      ${
        this.chooseHref
          ? html`<a href=${this.chooseHref} @click=${this.#onChooseLink}>Choose another mode</a>`
          : html`<button type="button" class="link" @click=${this.#onChoose}>
              Choose another mode
            </button>`
      }
    </div>`;
  }

  #onChooseLink = (event: MouseEvent): void => {
    if (!isPlainClick(event)) return; // a new tab or window follows the link
    event.preventDefault();
    this.#onChoose();
  };

  #onChoose = (): void => {
    this.dispatchEvent(new CustomEvent('tarot-reading-leave', { bubbles: true, composed: true }));
  };

  #onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    const input = this.#input;
    const text = input?.value.trim() ?? '';
    if (!input || !text) return;
    input.value = '';
    this.dispatchEvent(
      new CustomEvent<TarotReadingSendDetail>('tarot-reading-send', {
        detail: { text },
        bubbles: true,
        composed: true,
      }),
    );
  };

  #onEnd = (): void => {
    this.dispatchEvent(new CustomEvent('tarot-reading-end', { bubbles: true, composed: true }));
  };

  #onRestart = (): void => {
    this.dispatchEvent(new CustomEvent('tarot-reading-restart', { bubbles: true, composed: true }));
  };

  #unlisten: (() => void) | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#unlisten = this.store.$picker.listen((picker) => {
      const focusHere = this.matches(':focus-within');
      if (picker.open) this.#focusPicker = focusHere;
      else this.#focusInput = focusHere;
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unlisten?.();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tarot-reading-text': TarotReadingText;
  }
  interface GlobalEventHandlersEventMap {
    'tarot-reading-send': CustomEvent<TarotReadingSendDetail>;
    'tarot-reading-end': CustomEvent<void>;
    'tarot-reading-restart': CustomEvent<void>;
    'tarot-reading-leave': CustomEvent<void>;
  }
}
