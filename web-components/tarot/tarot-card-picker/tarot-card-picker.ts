import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { CARD_IDS, cardIdentity } from '../../../contracts/cards.ts';
import type { DrawCardResult } from '../../../contracts/reading-schema.ts';
import { CardMotionController } from '../../shared/controllers/card-motion.ts';
import { RovingTabindexController } from '../../shared/controllers/roving-tabindex.ts';
import { secureCoin, secureShuffle } from './secure-shuffle.ts';
import { styles } from './tarot-card-picker.styles.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import { tarotLocale } from '../i18n/strings.ts';
import type { TarotStrings } from '../i18n/en.ts';
import { type TarotCardsStrings, tarotCardsEn } from '../i18n/cards-en.ts';
import '../tarot-card/tarot-card.ts';

export type TarotCardPickDetail = DrawCardResult;

/** Which draw the person cancelled: the position it was for. */
export interface TarotCardPickCancelDetail {
  positionLabel: string;
}

const EASE = 'cubic-bezier(0.2, 0.8, 0.2, 1)';

/**
 * How many cards are laid on the table per frame. Rendering, styling, laying out and painting all
 * 78 at once is one long task on a slow phone; a row or so per frame keeps each task short. A new
 * picker's first render (its header, and its first run of code) deals none: they start once the
 * header has been drawn.
 */
const DEAL = 20;

/**
 * @summary A shuffled spread of the cards still in the deck, face down, for drawing one card.
 *
 * Shows the spread position and what it stands for, then every card not in `excluded`, shuffled
 * with `crypto.getRandomValues`. One card is picked by pointer, touch or keyboard (one tab stop;
 * arrow keys, Home and End move; Enter or Space picks). Whether it lies reversed is decided fairly
 * at that moment. The card flips to show its face, the picker says what was drawn, fires
 * `tarot-card-pick` when the reveal is over and takes no further pick until `reset()` or a new
 * `position-label`. Before a card is picked, the Cancel draw button or Escape cancels the draw.
 * The cards are dealt a row or so per frame from the frame after the first render, so a slow
 * device never spends one long task on the whole spread; `updateComplete` resolves once every card
 * is on the table.
 *
 * @fires {CustomEvent<TarotCardPickDetail>} tarot-card-pick - The drawn card, `{ cardId, cardName,
 * reversed }`, once its reveal has finished. Fired once per draw.
 * @fires {CustomEvent<TarotCardPickCancelDetail>} tarot-card-pick-cancel - The person cancelled
 * the draw (the Cancel draw button or Escape) before picking: `{ positionLabel }`.
 * @csspart lang-notice - The note that its language tag is not supported.
 * @csspart header - The position label and prompt role.
 * @csspart position - The position label.
 * @csspart role - The prompt role.
 * @csspart spread - The grid of face-down cards.
 * @csspart card - Each face-down card (a native button).
 * @csspart reveal - The drawn card and its caption.
 * @csspart flipper - The drawn card as it turns face up.
 * @csspart caption - The drawn card's name and orientation.
 * @csspart cancel - The Cancel draw button (a native button).
 * @cssprop --tarot-card-picker-background - Background. Defaults to --va-color-surface.
 * @cssprop --tarot-card-picker-card-width - Smallest width of a face-down card. Default 2rem (3.25rem in containers 36rem wide or more).
 * @cssprop --tarot-card-picker-reveal-width - Width of the drawn card. Default 9rem.
 * @cssprop --tarot-card-picker-flip-duration - How long the reveal flip takes. Default 700ms.
 * @cssprop --tarot-card-picker-accent - Card-back and heading accent. Defaults to --va-color-accent.
 */
@customElement('tarot-card-picker')
export class TarotCardPicker extends LitElement {
  static override styles = styles;

  /**
   * The spread position being drawn for: a position key (contracts/positions.ts, e.g. "Past"),
   * shown in the picker's language, or any other label, shown as it is. A new value starts a new
   * draw.
   */
  @property({ attribute: 'position-label' }) positionLabel = '';

  /** What the position stands for, e.g. "what shaped you". */
  @property({ attribute: 'prompt-role' }) promptRole = '';

  /** Ids of cards already drawn; they are never offered. */
  @property({ attribute: false }) excluded: readonly string[] = [];

  /** Passed to the revealed `<tarot-card>`: the deployer's image address with `{id}`. */
  @property({ attribute: 'image-base' }) imageBase = '';

  /** Set once a card is drawn; no card can be picked while it is set. `reset()` clears it. */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** The shuffled ids on offer. Card ids stay in script: the buttons only know their position. */
  /** Any of the element's words, over its language's strings. */
  @property({ attribute: false }) strings: Partial<TarotStrings> | undefined;

  #locale = tarotLocale(this, tarotCardsEn);

  @state() private order: readonly string[] = [];
  /** How many of `order` are on the table yet: the rest follow, `DEAL` per frame. */
  @state() private dealt = 0;
  @state() private drawnIndex = -1;
  @state() private result: DrawCardResult | null = null;
  @state() private announcement = '';

  #generation = 0;
  #cancelDeal: (() => void) | undefined;
  #motion = new CardMotionController(this);
  #roving = new RovingTabindexController(this, {
    elements: () => [...this.renderRoot.querySelectorAll<HTMLButtonElement>('.card')],
    columns: () => this.#columns(),
    rightToLeft: () => getComputedStyle(this).direction === 'rtl',
  });

  constructor() {
    super();
    this.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || this.result) return;
      event.preventDefault();
      this.#cancel();
    });
  }

  /** The card drawn in this round, or null before the pick. */
  get drawn(): DrawCardResult | null {
    return this.result;
  }

  /** Shuffles the remaining deck again and allows a new pick. */
  reset(): void {
    this.#shuffle();
    this.disabled = false;
  }

  #shuffle(): void {
    this.#generation += 1;
    this.#motion.cancel();
    this.order = secureShuffle(CARD_IDS.filter((id) => !this.excluded.includes(id)));
    // A new element deals from the next frame on; a reshuffle reuses the cards already dealt.
    this.dealt = Math.min(this.order.length, Math.max(this.dealt, this.hasUpdated ? DEAL : 0));
    this.drawnIndex = -1;
    this.result = null;
    this.announcement = '';
    this.#roving.setIndex(0);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.hasUpdated && changed.has('positionLabel')) this.reset();
    else if (!this.hasUpdated || (changed.has('excluded') && this.result === null)) this.#shuffle();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A spread left half dealt when the element was moved goes on being dealt.
    if (this.hasUpdated && this.dealt < this.order.length) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#cancelDeal?.();
    this.#cancelDeal = undefined;
  }

  protected override updated(): void {
    if (this.dealt >= this.order.length || this.#cancelDeal) return;
    const deal = () => {
      this.#cancelDeal = undefined;
      this.dealt = Math.min(this.order.length, this.dealt + DEAL);
    };
    // The first cards wait for the frame that draws the header, so that frame's first layout (and
    // its first use of the display font) is not one task with theirs.
    this.#cancelDeal =
      this.dealt === 0 ? nextFrame(() => (this.#cancelDeal = nextFrame(deal))) : nextFrame(deal);
  }

  /** Resolves once the update is done and every card is on the table. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    while (this.dealt < this.order.length && this.isConnected) {
      // Called after the deal's own, so the next cards are asked for when this resolves.
      await new Promise<void>((resolve) => nextFrame(resolve));
      complete = (await super.getUpdateComplete()) && complete;
    }
    return complete;
  }

  override render() {
    const total = this.order.length;
    const t = this.#locale.t;
    const position = t.position(this.positionLabel);
    const title = position ? t.chooseCardFor(position) : t.chooseCard;
    // The card numbers are only ever read out (in each card's accessible name), and a screen
    // reader says plain digits in its own language: no Intl.NumberFormat, whose first use in a page
    // costs some 10 ms (its data loading) inside the first render of the spread.
    const of = String(total);
    return html`
      ${langNotice(this.#locale.fallbackNote)}
      <header part="header">
        ${position ? html`<p class="position" part="position">${position}</p>` : nothing}
        ${this.promptRole ? html`<p class="role" part="role">${this.promptRole}</p>` : nothing}
      </header>
      <div class="table">
        ${
          total === 0
            ? html`<p class="empty">${t.noCardsLeft}</p>`
            : html`<div
                class="spread"
                part="spread"
                role="group"
                aria-label=${title}
                ?data-drawn=${this.result !== null}
                @click=${this.#onClick}
                @keydown=${this.#onKeydown}
                @focusin=${this.#onFocusin}
              >
                ${Array.from({ length: this.dealt }, (_, i) => this.#renderCard(i, of))}
              </div>`
        }
        ${this.result ? this.#renderReveal(this.result) : nothing}
      </div>
      ${
        this.result
          ? nothing
          : html`<button class="cancel" part="cancel" type="button" @click=${this.#cancel}>
              ${t.cancelDraw}
            </button>`
      }
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        ${this.announcement}
      </div>
    `;
  }

  /** A face-down card; `of` is the number of cards. */
  #renderCard(index: number, of: string) {
    const drawn = index === this.drawnIndex && this.result;
    const t = this.#locale.t;
    const place = t.cardOf(String(index + 1), of);
    const label = drawn ? `${place}, ${t.drawn(orientationText(drawn, t))}` : place;
    return html`<button
      class="card"
      part="card"
      type="button"
      data-index=${index}
      aria-label=${label}
      aria-disabled=${this.disabled ? 'true' : nothing}
      ?data-drawn=${index === this.drawnIndex}
    ></button>`;
  }

  #renderReveal(result: DrawCardResult) {
    const t = this.#locale.t;
    return html`<div class="reveal" part="reveal">
      <div class="flipper" part="flipper">
        <div class="side back"></div>
        <tarot-card
          class="side front"
          card-id=${result.cardId}
          ?reversed=${result.reversed}
          image-base=${this.imageBase}
        ></tarot-card>
      </div>
      <p class="caption" part="caption">
        <span class="name">${t.cardName(result.cardId)}</span>
        <span class="orientation">${result.reversed ? t.reversed : t.upright}</span>
      </p>
    </div>`;
  }

  #cancel = (): void => {
    if (this.result) return;
    this.dispatchEvent(
      new CustomEvent<TarotCardPickCancelDetail>('tarot-card-pick-cancel', {
        detail: { positionLabel: this.positionLabel },
        bubbles: true,
        composed: true,
      }),
    );
  };

  #onClick = (event: MouseEvent): void => {
    const target = event.target instanceof Element ? event.target.closest('.card') : null;
    if (!(target instanceof HTMLButtonElement)) return;
    void this.#pick(Number(target.dataset['index']));
  };

  #onKeydown = (event: KeyboardEvent): void => {
    this.#roving.handleKeydown(event);
  };

  #onFocusin = (event: FocusEvent): void => {
    this.#roving.handleFocusin(event);
  };

  async #pick(index: number): Promise<void> {
    const cardId = this.order[index];
    const card = cardId === undefined ? undefined : cardIdentity(cardId);
    if (this.disabled || this.result || !card) return;
    const result: DrawCardResult = { cardId: card.id, cardName: card.name, reversed: secureCoin() };
    const generation = this.#generation;
    // Read while the styles are still clean: asked after the reveal is rendered, it would force the
    // whole new subtree's style inside this click's task instead of in the next frame.
    const duration = this.#motion.duration('--tarot-card-picker-flip-duration', 700);
    this.drawnIndex = index;
    this.result = result;
    this.disabled = true;
    this.announcement = this.#locale.t.youDrew(orientationText(result, this.#locale.t));
    await this.updateComplete;
    const finished = await this.#reveal(duration);
    if (!finished || generation !== this.#generation) return;
    this.dispatchEvent(
      new CustomEvent<TarotCardPickDetail>('tarot-card-pick', {
        detail: { ...result },
        bubbles: true,
        composed: true,
      }),
    );
  }

  /** Flips the drawn card face up in `duration` ms; with reduced motion it only fades in, briefly. */
  async #reveal(duration: number): Promise<boolean> {
    const reveal = this.renderRoot.querySelector('.reveal');
    const flipper = this.renderRoot.querySelector('.flipper');
    if (!reveal || !flipper) return true;
    if (this.#motion.reduced) {
      return this.#motion.play(reveal, [{ opacity: 0 }, { opacity: 1 }], { duration: 120 });
    }
    const [shown, flipped] = await Promise.all([
      this.#motion.play(
        reveal,
        [
          { opacity: 0, transform: 'scale(0.85)' },
          { opacity: 1, transform: 'none' },
        ],
        { duration: duration * 0.35, easing: EASE },
      ),
      this.#motion.play(
        flipper,
        [{ transform: 'rotateY(180deg)' }, { transform: 'rotateY(0deg)' }],
        { duration, easing: EASE },
      ),
    ]);
    return shown && flipped;
  }

  /** How many cards a row of the spread holds, from the grid's resolved columns. */
  #columns(): number {
    const spread = this.renderRoot.querySelector<HTMLElement>('.spread');
    if (!spread) return 1;
    return getComputedStyle(spread).gridTemplateColumns.split(' ').filter(Boolean).length || 1;
  }
}

/**
 * Calls `callback` at the next animation frame; in a hidden page, which draws no frames, after a
 * timer instead, so a picker opened in a background tab is still dealt. Returns a cancel function.
 */
function nextFrame(callback: () => void): () => void {
  if (document.visibilityState === 'hidden') {
    const timer = setTimeout(callback);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(callback);
  return () => cancelAnimationFrame(frame);
}

function orientationText(result: DrawCardResult, t: TarotCardsStrings): string {
  return t.cardAs(t.cardName(result.cardId), result.reversed);
}

declare global {
  interface HTMLElementTagNameMap {
    'tarot-card-picker': TarotCardPicker;
  }
  interface GlobalEventHandlersEventMap {
    'tarot-card-pick': CustomEvent<TarotCardPickDetail>;
    'tarot-card-pick-cancel': CustomEvent<TarotCardPickCancelDetail>;
  }
}
