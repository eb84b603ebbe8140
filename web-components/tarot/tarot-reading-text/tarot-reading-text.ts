import { LitElement, type PropertyValues, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { customElement } from '../../shared/define.ts';
import { $reducedMotion } from '../../stores/preferences.ts';
import {
  type ReadingStore,
  type TranscriptEntry,
  createReadingStore,
} from '../../stores/reading.ts';
import { readingStoreContext } from '../../stores/reading-context.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import type { StagedCard } from '../tarot-card-stage/tarot-card-stage.ts';
import { styles } from './tarot-reading-text.styles.ts';
import { cardShort, spreadRowWords } from '../tarot-card/card-words.ts';
import { loadCardElements, pickerSection } from '../tarot-card-picker/picker-section.ts';
import { isPlainClick } from '../../shared/plain-click.ts';
import { StickToBottomController } from '../../shared/controllers/stick-to-bottom.ts';
import { tarotLocale } from '../i18n/strings.ts';
import { type TarotStrings, tarotEn } from '../i18n/en.ts';
import { ContextValue } from '../../shared/controllers/context-value.ts';

export interface TarotReadingSendDetail {
  text: string;
}

/** The sentence the page shows whenever the offline reader is the engine. */
export const OFFLINE_READER_NOTICE = tarotEn.offlineReaderNotice;

/** The connection's status line, for each status. */
const CONNECTION_TEXT = {
  idle: 'notConnected',
  connecting: 'connectingReader',
  connected: 'connected',
  disconnected: 'readingEnded',
  error: 'notConnected',
} as const satisfies Record<string, keyof TarotStrings>;

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
  @property({ attribute: false })
  store: ReadingStore = createReadingStore();

  #provided = new ContextValue(this, readingStoreContext, (store) => (this.store = store));

  /** Any of its words, over the strings of its language (its own, `<tarot-reading>`'s, the page's). */
  @property({ attribute: false }) strings: Partial<TarotStrings> | undefined;

  #locale = tarotLocale(this, tarotEn);

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
    // the card elements load once the reading is under way: a first paint shows none
    const underWay = this.#connection.value !== 'idle' || this.#transcript.value.length > 0;
    if (underWay || this.#picker.value.open || displayed) void loadCardElements().catch(() => {});
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
    const t = this.#locale.t;
    const connection = t[CONNECTION_TEXT[status]];
    const dir = ifDefined(this.#locale.sentenceDir);
    return html`
      <header class="status">
        <p class="phase">
          ${agent ? html`${t.phaseIs} <strong part="phase">${t.phase(agent)}</strong>` : t.notStarted}
        </p>
        <p class="connection" part="connection" data-status=${status}>${connection}</p>
      </header>
      ${this.#engine.value === 'local' ? html`<p class="notice" part="notice" dir=${dir}>${t.offlineReaderNotice}</p>` : nothing}
      ${error ? html`<p class="error" role="alert" dir=${dir}>${error.message}</p>` : nothing}
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
    const t = this.#locale.t;
    return html`<div
      class="log"
      part="log"
      role="log"
      tabindex="0"
      aria-live="polite"
      aria-label=${t.conversation}
      aria-busy=${writing ? 'true' : 'false'}
    >
      <ol class="entries">
        ${
          entries.length === 0
            ? html`<li class="intro" dir=${ifDefined(this.#locale.sentenceDir)}>${t.intro}</li>`
            : entries.map((entry) => this.#renderEntry(entry))
        }
      </ol>
    </div>`;
  }

  #renderEntry(entry: TranscriptEntry) {
    const t = this.#locale.t;
    if (entry.kind === 'message') {
      return html`<li
        class="message ${entry.role}"
        part="message message-${entry.role}"
        data-done=${entry.done ? 'true' : 'false'}
      >
        <span class="who">${entry.role === 'user' ? t.you : t.reader}</span>
        <p class="text" dir="auto">${entry.text}</p>
      </li>`;
    }
    if (entry.kind === 'phase') {
      return html`<li class="phase-change"><span>${t.phase(entry.agent)}</span></li>`;
    }
    const card = cardShort(t, entry.cardId, entry.reversed);
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
        ${entry.action === 'drawn' ? t.drawnCard(card) : t.shownCard(card)}
        ${entry.positionLabel ? html`<span class="position">${t.forPosition(t.position(entry.positionLabel))}</span>` : nothing}
      </p>
    </li>`;
  }

  #renderPicker() {
    return pickerSection(this.#picker.value, this.#drawnIds.value, this.imageBase, this.#locale.t);
  }

  #renderSpread() {
    const rows = this.#rows.value;
    const t = this.#locale.t;
    return html`<div class="table" part="spread" role="group" aria-label=${t.yourSpread}>
      ${
        this.#staged
          ? html`<tarot-card-stage
              .card=${this.#staged}
              image-base=${this.imageBase}
            ></tarot-card-stage>`
          : nothing
      }
      <h2>${t.yourSpread}</h2>
      ${
        rows.length === 0
          ? html`<p class="empty" dir=${ifDefined(this.#locale.sentenceDir)}>${t.noCardsYet}</p>`
          : html`<ol class="rows">
              ${rows.map(
                (row) =>
                  html`<li>
                    <span class="label">${t.position(row.positionLabel)}</span>
                    <span class="value">${spreadRowWords(t, row)}</span>
                  </li>`,
              )}
            </ol>`
      }
    </div>`;
  }

  #renderComposer(connected: boolean) {
    const picking = this.#picker.value.open;
    const t = this.#locale.t;
    const placeholder = !connected ? t.connecting : picking ? t.pickToContinue : t.askReader;
    return html`<form class="composer" part="composer" @submit=${this.#onSubmit}>
        <label class="visually-hidden" for="message">${t.yourMessage}</label>
        <input
          id="message"
          name="message"
          autocomplete="off"
          placeholder=${placeholder}
          ?disabled=${!connected || picking}
        />
        <button type="submit" ?disabled=${!connected || picking}>${t.send}</button>
      </form>
      <button class="end" type="button" ?disabled=${!connected} @click=${this.#onEnd}>
        ${t.endReading}
      </button>`;
  }

  #renderEnded(failed: boolean) {
    const t = this.#locale.t;
    return html`<div class="ended" part="ended">
      <p dir=${ifDefined(this.#locale.sentenceDir)}>${failed ? t.couldNotStart : t.endedThanks}</p>
      <button type="button" @click=${this.#onRestart}>
        ${failed ? t.tryAgain : t.startNewReading}
      </button>
      ${
        this.chooseHref
          ? html`<a href=${this.chooseHref} @click=${this.#onChooseLink}>${t.chooseAnotherMode}</a>`
          : html`<button type="button" class="link" @click=${this.#onChoose}>
              ${t.chooseAnotherMode}
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
