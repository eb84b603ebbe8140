/**
 * `<tarot-reading-voice>`: the voice reading's one screen, and the views it draws in its centre.
 *
 * One thing: a single screen whose centre (the talk button, the picker, the stage, the spread, a
 * problem or a stall choice) follows the reading's state; every view reads the same stores and
 * fires the element's own events, so they stay with it. What moves focus with the centre is its
 * own reactive controller (voice-centre.ts).
 */
import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { customElement } from '../../shared/define.ts';
import { AGENT_NAMES } from '../../../contracts/reading.ts';
import { $reducedMotion } from '../../stores/preferences.ts';
import {
  type ReadingStore,
  type TranscriptEntry,
  createReadingStore,
} from '../../stores/reading.ts';
import { readingStoreContext } from '../../stores/reading-context.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import { ContextValue } from '../../shared/controllers/context-value.ts';
import type {
  VoiceTranscriptEntry,
  VoiceTranscriptToggleDetail,
} from '../../voice/voice-transcript/voice-transcript.ts';
import type { StagedCard } from '../tarot-card-stage/tarot-card-stage.ts';
import { styles } from './tarot-reading-voice.styles.ts';
import '../../voice/voice-agent-indicator/voice-agent-indicator.ts';
import '../../voice/voice-speaker-button/voice-speaker-button.ts';
import '../../voice/voice-transcript/voice-transcript.ts';
import { cardAsLies, spreadRowWords } from '../tarot-card/card-words.ts';
import { loadCardElements, pickerSection } from '../tarot-card-picker/picker-section.ts';
import { tarotLocale } from '../i18n/strings.ts';
import { type TarotStrings, tarotEn } from '../i18n/en.ts';
import { type Centre, CentreFocusController, centreOf } from './voice-centre.ts';
import { renderStallChoice, voiceProblem } from './voice-panels.ts';

/** What the page says whenever the offline reader carries a voice reading. */
export const OFFLINE_VOICE_NOTICE = tarotEn.offlineVoiceNotice;

/** Turns the reading's transcript into the voice transcript's lines, in the view's words. */
export function voiceTranscriptLines(
  t: TarotStrings,
  entries: readonly TranscriptEntry[],
): VoiceTranscriptEntry[] {
  return entries.map((entry): VoiceTranscriptEntry => {
    if (entry.kind === 'message') {
      return { id: entry.id, role: entry.role, text: entry.text, done: entry.done };
    }
    if (entry.kind === 'phase') {
      return {
        id: entry.id,
        role: 'event',
        kind: 'phase',
        text: t.phaseEvent(t.phase(entry.agent)),
      };
    }
    const name = cardAsLies(t, entry.cardId, entry.reversed);
    if (entry.action === 'shown') {
      return { id: entry.id, role: 'event', kind: 'shown', text: t.shownCard(name) };
    }
    const at = entry.positionLabel ? ` ${t.forPosition(t.position(entry.positionLabel))}` : '';
    return { id: entry.id, role: 'event', kind: 'drawn', text: `${t.drawnCard(name)}${at}` };
  });
}

import type { TarotReadingChooseDetail } from './voice-panels.ts';

export type { TarotReadingChooseDetail };

/**
 * @summary The voice reading: the agent indicator, the push-to-talk button at the centre while the
 * person may speak (Intent Assessment and Followup), the card picker when a card is to be drawn,
 * the card on stage while it is read, an optional transcript, and the back button with a
 * confirmation. Renders a reading store (its `<tarot-reading>`'s, by context) and raises events;
 * `<tarot-reading>` wires them to its voice session.
 *
 * While the picker or the stage takes the centre (Spread Generation and Reading) the talk button
 * is hidden and a line says why. Errors show their message with the ways out the spec asks for:
 * "Switch to Text Chat" for an unsupported browser or a refused microphone, "Retry" and
 * "Switch to Text Mode" for a failed connection. Where a draw timed out, was cancelled or a tool
 * failed while the talk button is hidden, the centre offers Continue, Draw again and Switch to text
 * instead of waiting for speech that cannot come.
 *
 * @slot heading - The page's heading, shown in the top bar.
 * @fires {CustomEvent<void>} tarot-reading-leave - The person confirmed leaving the reading.
 * @fires {CustomEvent<void>} tarot-reading-retry - Retry after a failure, or start a new reading.
 * @fires {CustomEvent<void>} tarot-reading-switch-text - The person chose the text reading instead.
 * @fires {CustomEvent<TarotReadingChooseDetail>} tarot-reading-choose - The person answered a stall
 * choice: `{ choice }`, `continue` or `draw-again`.
 * @csspart choice - The stall choice (its message and three buttons).
 * @csspart bar - The top bar (back button, heading, agent indicator).
 * @csspart center - The centre: talk button, picker or stage.
 * @csspart status - The line under the centre.
 * @csspart problem - The error panel.
 * @csspart notice - The offline reader's notice.
 * @csspart stage - The card stage (`<tarot-card-stage>`) in the centre; also `stage-small` in the
 *   Followup phase, where it sits beside the talk button.
 * @csspart draw - The region holding the card picker when a card is to be drawn.
 * @cssprop --tarot-reading-voice-min-height - Height the centre keeps. Default 60vh.
 * @cssprop --tarot-reading-voice-accent - Accent colour. Defaults to --va-color-accent.
 */
@customElement('tarot-reading-voice')
export class TarotReadingVoice extends LitElement {
  static override styles = styles;

  /** Passed to every card: the deployer's image address with `{id}`. Empty: the built-in art. */
  @property({ attribute: 'image-base' }) imageBase = '';

  /** A short hint from the page (a hold too short, a microphone hiccup); empty for none. */
  @property() notice = '';

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

  /** The person's choice to show the transcript; null until they choose. */
  @state() private transcriptChoice: boolean | null = null;

  #agent = new StoreController(this, () => this.store.$agent);
  #connection = new StoreController(this, () => this.store.$connection);
  #engine = new StoreController(this, () => this.store.$engine);
  #hears = new StoreController(this, () => this.store.$hears);
  #picker = new StoreController(this, () => this.store.$picker);
  #drawnIds = new StoreController(this, () => this.store.$drawnIds);
  #displayed = new StoreController(this, () => this.store.$displayed);
  #rows = new StoreController(this, () => this.store.$spreadRows);
  #activity = new StoreController(this, () => this.store.$toolActivity);
  #error = new StoreController(this, () => this.store.$error);
  #choice = new StoreController(this, () => this.store.$choice);
  #audio = new StoreController(this, () => this.store.$audio);
  #transcript = new StoreController(this, () => this.store.$transcript);
  #reduced = new StoreController(this, $reducedMotion);

  #staged: StagedCard | null = null;
  #stagedFrom: object | null = null;
  #lines: VoiceTranscriptEntry[] = [];
  #linesFrom: readonly TranscriptEntry[] | null = null;
  #linesIn: TarotStrings | null = null;

  constructor() {
    super();
    new CentreFocusController(this, () => this.#centreKind());
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
    const t = this.#locale.t;
    if (this.#transcript.value !== this.#linesFrom || t !== this.#linesIn) {
      this.#linesFrom = this.#transcript.value;
      this.#linesIn = t;
      this.#lines = voiceTranscriptLines(t, this.#transcript.value);
    }
  }

  get #dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  #centreKind(): Centre {
    return centreOf({
      status: this.#connection.value,
      error: this.#error.value !== null,
      pickerOpen: this.#picker.value.open,
      choice: this.#choice.value !== null,
      agent: this.#agent.value,
    });
  }

  override render() {
    const agent = this.#agent.value;
    const centre = this.#centreKind();
    const live = centre !== 'problem' && centre !== 'ended';
    const t = this.#locale.t;
    const dir = ifDefined(this.#locale.sentenceDir);
    return html`
      <header class="bar" part="bar">
        <button class="back" type="button" @click=${this.#onBack}>
          <span aria-hidden="true">←</span> ${t.back}
        </button>
        <slot name="heading"></slot>
        ${
          centre === 'problem' && !agent
            ? nothing
            : html`<voice-agent-indicator
                .label=${agent ? t.phase(agent) : ''}
                .steps=${AGENT_NAMES.map((name) => t.phase(name))}
                idle-label=${this.#connection.value === 'connecting' ? t.connecting : t.notStarted}
              ></voice-agent-indicator>`
        }
      </header>
      ${this.#engine.value === 'local' && live ? html`<p class="notice" part="notice" dir=${dir}>${this.#hears.value ? t.offlineVoiceHearsNotice : t.offlineVoiceNotice}</p>` : nothing}
      <section class="center" part="center" data-centre=${centre}>
        ${this.#renderCentre(centre)}
      </section>
      ${live ? html`<p class="status" part="status" dir=${dir}>${this.#statusText()}</p>` : nothing}
      ${live || this.#lines.length > 0 ? this.#renderTranscript() : nothing}
      <dialog aria-labelledby="leave-title" @close=${this.#onDialogClose}>
        <form method="dialog">
          <h2 id="leave-title">${t.leaveTitle}</h2>
          <p dir=${dir}>${t.leaveBody}</p>
          <div class="actions">
            <button value="stay">${t.stay}</button>
            <button value="leave" class="primary">${t.leave}</button>
          </div>
        </form>
      </dialog>
    `;
  }

  #renderCentre(centre: Centre) {
    const t = this.#locale.t;
    switch (centre) {
      case 'problem':
        return voiceProblem(
          this.#error.value,
          t,
          this.#locale.sentenceDir,
          this.#onRetry,
          this.#onSwitch,
        );
      case 'ended':
        return html`<div class="ended">
          <p dir=${ifDefined(this.#locale.sentenceDir)}>${t.endedThanks}</p>
          <button type="button" class="primary" @click=${this.#onRetry}>
            ${t.startNewReading}
          </button>
        </div>`;
      case 'picker':
        return this.#renderPicker();
      case 'choice':
        return renderStallChoice(
          this.#choice.value?.message ?? '',
          this,
          this.#onSwitch,
          t,
          this.#locale.sentenceDir,
        );
      case 'stage':
        return this.#renderStage();
      case 'spread':
        return this.#renderSpread();
      case 'talk':
        return html`${this.#agent.value === 'Followup' ? this.#renderStage() : nothing}
          <voice-speaker-button
            ?disabled=${this.#connection.value !== 'connected'}
            ?speaking=${this.#audio.value.speaking}
            label=${this.#connection.value === 'connected' ? t.holdToSpeak : t.connecting}
          ></voice-speaker-button>`;
    }
  }

  #renderPicker() {
    return pickerSection(this.#picker.value, this.#drawnIds.value, this.imageBase, this.#locale.t);
  }

  #renderStage() {
    if (!this.#staged) return nothing;
    return html`<tarot-card-stage
      quiet
      class=${this.#agent.value === 'Followup' ? 'small' : ''}
      part=${this.#agent.value === 'Followup' ? 'stage stage-small' : 'stage'}
      .card=${this.#staged}
      image-base=${this.imageBase}
    ></tarot-card-stage>`;
  }

  #renderSpread() {
    const rows = this.#rows.value;
    const t = this.#locale.t;
    return html`<div class="spread">
      <h2>${t.yourSpread}</h2>
      ${
        rows.length === 0
          ? html`<p class="empty" dir=${ifDefined(this.#locale.sentenceDir)}>
              ${t.choosingSpread}
            </p>`
          : html`<ol class="rows">
              ${rows.map(
                (row) =>
                  html`<li>
                    ${
                      row.card
                        ? html`<tarot-card
                            card-id=${row.card.cardId}
                            ?reversed=${row.card.reversed}
                            image-base=${this.imageBase}
                          ></tarot-card>`
                        : html`<span class="slot" aria-hidden="true"></span>`
                    }
                    <span class="label">${t.position(row.positionLabel)}</span>
                    <span class="value">${spreadRowWords(t, row)}</span>
                  </li>`,
              )}
            </ol>`
      }
    </div>`;
  }

  #renderTranscript() {
    const open = this.transcriptChoice ?? this.#engine.value === 'local';
    return html`<voice-transcript
      .entries=${this.#lines}
      ?open=${open}
      @voice-transcript-toggle=${this.#onToggleTranscript}
    ></voice-transcript>`;
  }

  #statusText(): string {
    if (this.notice) return this.notice;
    const t = this.#locale.t;
    if (this.#connection.value === 'connecting') return t.connectingReader;
    if (this.#audio.value.listening) return t.listening;
    const activity = this.#activity.value;
    if (activity?.status === 'running') return `${activity.label}…`;
    const agent = this.#agent.value;
    if (this.#picker.value.open) return t.pickCard;
    if (agent === 'SpreadGeneration') return t.layingOut;
    if (agent === 'Reading') return t.listenReading;
    if (this.#audio.value.speaking) return t.readerSpeaking;
    return agent === 'Followup' ? t.askFollowup : '';
  }

  #emit(type: 'tarot-reading-leave' | 'tarot-reading-retry' | 'tarot-reading-switch-text'): void {
    this.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true }));
  }

  #onBack = (): void => {
    const status = this.#connection.value;
    const dialog = this.#dialog;
    if ((status === 'connected' || status === 'connecting') && dialog) {
      dialog.returnValue = '';
      dialog.showModal();
      return;
    }
    this.#emit('tarot-reading-leave');
  };

  #onDialogClose = (): void => {
    if (this.#dialog?.returnValue === 'leave') this.#emit('tarot-reading-leave');
  };

  #onRetry = (): void => this.#emit('tarot-reading-retry');
  #onSwitch = (): void => this.#emit('tarot-reading-switch-text');
  #onToggleTranscript = (event: CustomEvent<VoiceTranscriptToggleDetail>): void => {
    this.transcriptChoice = event.detail.open;
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'tarot-reading-voice': TarotReadingVoice;
  }
  interface GlobalEventHandlersEventMap {
    'tarot-reading-leave': CustomEvent<void>;
    'tarot-reading-retry': CustomEvent<void>;
    'tarot-reading-switch-text': CustomEvent<void>;
    'tarot-reading-choose': CustomEvent<TarotReadingChooseDetail>;
  }
}
