import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { repeat } from 'lit/directives/repeat.js';
import { cardIdentity } from '../../../contracts/cards.ts';
import { CardMotionController } from '../../shared/controllers/card-motion.ts';
import { styles } from './tarot-card-stage.styles.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import { tarotLocale } from '../i18n/strings.ts';
import type { TarotStrings } from '../i18n/en.ts';
import { tarotCardsEn } from '../i18n/cards-en.ts';
import '../tarot-card/tarot-card.ts';

/** A card as the stage shows it. */
export interface StagedCard {
  cardId: string;
  reversed: boolean;
}

export type TarotCardShownDetail = StagedCard;

interface Entry extends StagedCard {
  key: number;
}

const EASE = 'cubic-bezier(0.2, 0.8, 0.2, 1)';

/**
 * @summary The card the reader is talking about, shown large with its name and orientation, until
 * another takes its place.
 *
 * Set `.card` (or the `card-id` and `reversed` attributes). The old card slides and fades out as
 * the new one comes in; with reduced motion the new card simply appears. When the display is
 * complete the stage fires `tarot-card-shown`, so a `show_card` tool can await it; setting the
 * same card again through `.card` fires it again at once. An unknown id shows a face-down card
 * labelled "Unknown card" and fires nothing (check ids with `cardIdentity` first).
 *
 * @fires {CustomEvent<TarotCardShownDetail>} tarot-card-shown - `{ cardId, reversed }` once the
 * card is fully on screen.
 * @csspart lang-notice - The note that its language tag is not supported.
 * @csspart stage - The area the cards move in.
 * @csspart figure - The current card with its caption.
 * @csspart caption - The card's name and orientation.
 * @csspart name - The card's name in the caption.
 * @cssprop --tarot-card-stage-card-width - Width of the card. Default 14rem.
 * @cssprop --tarot-card-stage-duration - How long a change of card takes. Default 450ms.
 * @cssprop --tarot-card-stage-background - Background. Defaults to --va-color-surface.
 */
@customElement('tarot-card-stage')
export class TarotCardStage extends LitElement {
  static override styles = styles;

  /** The id of the card on show, e.g. "the-tower"; empty shows nothing. */
  @property({ attribute: 'card-id' }) cardId = '';

  /** Whether the card on show lies reversed. */
  @property({ type: Boolean, reflect: true }) reversed = false;

  /** Passed to `<tarot-card>`: the deployer's image address with `{id}`. */
  @property({ attribute: 'image-base' }) imageBase = '';

  /**
   * Leaves out the stage's own live region, for an owner that announces "Showing …" through its
   * own live regions (the voice reading does), so screen readers do not hear it twice.
   */
  @property({ type: Boolean }) quiet = false;

  /** Any of the element's words, over its language's strings. */
  @property({ attribute: false }) strings: Partial<TarotStrings> | undefined;

  #locale = tarotLocale(this, tarotCardsEn);

  @state() private entries: readonly Entry[] = [];
  @state() private announcement = '';

  #key = 0;
  /** The entry of the card on show (the last one set), or null. */
  #shown: Entry | null = null;
  #moving = false;
  #replay = false;
  #pendingTransition = false;
  #motion = new CardMotionController(this);

  /** The card on show, as `{ cardId, reversed }`, or null for none. */
  get card(): StagedCard | null {
    return this.cardId ? { cardId: this.cardId, reversed: this.reversed } : null;
  }

  set card(value: StagedCard | null) {
    this.cardId = value?.cardId ?? '';
    this.reversed = value?.reversed ?? false;
    this.#replay = true;
    this.requestUpdate();
  }

  protected override willUpdate(): void {
    const next = this.card;
    if (sameCard(this.#shown, next)) return;
    const key = ++this.#key;
    const entry = next ? { ...next, key } : null;
    // With reduced motion the old card goes at once; otherwise it stays to slide out.
    const leaving = this.#shown && !this.#motion.reduced ? [this.#shown] : [];
    this.entries = [...leaving, ...(entry ? [entry] : [])];
    this.#shown = entry;
    this.#replay = false;
    this.#pendingTransition = true;
    const card = next ? cardIdentity(next.cardId) : undefined;
    const t = this.#locale.t;
    this.announcement = card
      ? t.showing(t.cardAs(t.cardName(card.id), next?.reversed === true))
      : '';
  }

  protected override updated(): void {
    if (this.#pendingTransition) {
      this.#pendingTransition = false;
      if (this.#motion.reduced) {
        this.#motion.cancel();
        this.#moving = false;
        this.#fireShown();
      } else {
        void this.#transition(this.#key);
      }
    } else if (this.#replay) {
      this.#replay = false;
      if (!this.#moving) this.#fireShown();
    }
  }

  override render() {
    return html`
      ${langNotice(this.#locale.fallbackNote)}
      <div class="stage" part="stage">
        ${repeat(
          this.entries,
          (entry) => entry.key,
          (entry) => this.#renderEntry(entry, entry.key === this.#shown?.key),
        )}
      </div>
      ${
        this.quiet
          ? nothing
          : html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
              ${this.announcement}
            </div>`
      }
    `;
  }

  #renderEntry(entry: Entry, isCurrent: boolean) {
    const card = cardIdentity(entry.cardId);
    const t = this.#locale.t;
    return html`<figure
      class=${isCurrent ? 'slot current' : 'slot leaving'}
      part=${isCurrent ? 'figure' : nothing}
      aria-hidden=${isCurrent ? nothing : 'true'}
    >
      <tarot-card
        card-id=${entry.cardId}
        ?reversed=${entry.reversed}
        image-base=${this.imageBase}
      ></tarot-card>
      <figcaption part="caption">
        <span class="name" part="name">${card ? t.cardName(card.id) : t.unknownCard}</span>
        ${
          card
            ? html`<span class="orientation">${entry.reversed ? t.reversed : t.upright}</span>`
            : nothing
        }
      </figcaption>
    </figure>`;
  }

  /** Slides the old card out and the new one in, then reports the new one shown. */
  async #transition(key: number): Promise<void> {
    this.#motion.cancel();
    this.#moving = true;
    const entering = this.renderRoot.querySelector('.slot.current');
    const leaving = this.renderRoot.querySelector('.slot.leaving');
    const duration = this.#motion.duration('--tarot-card-stage-duration', 450);
    const results = await Promise.all([
      leaving
        ? this.#motion.play(
            leaving,
            [
              { opacity: 1, transform: 'none' },
              { opacity: 0, transform: 'translateX(-18%) scale(0.94)' },
            ],
            { duration: duration * 0.8, easing: EASE, fill: 'forwards' },
          )
        : true,
      entering
        ? this.#motion.play(
            entering,
            [
              { opacity: 0, transform: 'translateX(18%) scale(0.94)' },
              { opacity: 1, transform: 'none' },
            ],
            { duration, easing: EASE },
          )
        : true,
    ]);
    // A newer card took over: its own transition reports it.
    if (key !== this.#key) return;
    this.#moving = false;
    this.entries = this.entries.filter((entry) => entry.key === key);
    if (results.every(Boolean)) this.#fireShown();
  }

  #fireShown(): void {
    const card = this.card;
    if (!card || !cardIdentity(card.cardId)) return;
    this.dispatchEvent(
      new CustomEvent<TarotCardShownDetail>('tarot-card-shown', {
        detail: { cardId: card.cardId, reversed: card.reversed },
        bubbles: true,
        composed: true,
      }),
    );
  }
}

function sameCard(a: StagedCard | null, b: StagedCard | null): boolean {
  if (!a || !b) return !a && !b;
  return a.cardId === b.cardId && a.reversed === b.reversed;
}

declare global {
  interface HTMLElementTagNameMap {
    'tarot-card-stage': TarotCardStage;
  }
  interface GlobalEventHandlersEventMap {
    'tarot-card-shown': CustomEvent<TarotCardShownDetail>;
  }
}
