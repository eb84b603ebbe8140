import { LitElement, html } from 'lit';
import { property, state } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { cardIdentity } from '../../../contracts/cards.ts';
import { CARD_VIEWBOX, cardBack, cardFace } from './card-art.ts';
import { styles } from './tarot-card.styles.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import { tarotLocale } from '../i18n/strings.ts';
import type { TarotStrings } from '../i18n/en.ts';
import { tarotCardsEn } from '../i18n/cards-en.ts';
import { cardLabel } from './card-words.ts';

/** The image address for `id` under a deployer's `image-base` template ("…/{id}.png"). */
export function cardImageUrl(imageBase: string, id: string): string {
  const safeId = encodeURIComponent(id);
  return imageBase.includes('{id}')
    ? imageBase.replaceAll('{id}', safeId)
    : `${imageBase}${safeId}`;
}

/**
 * @summary One tarot card, face up or face down, upright or reversed (turned 180°).
 *
 * Draws the card's own SVG face, or the deployer's image when `image-base` is set. An unknown
 * `card-id` shows the back, labelled "Unknown card"; it never throws.
 *
 * Its name (the image's text) follows its `lang`: English, or Spanish with the Spanish deck's
 * card names; `strings` replaces any word.
 *
 * @csspart lang-notice - The note that its language tag is not supported.
 * @csspart art - The card's picture (the SVG or the image), turned when reversed.
 * @cssprop --tarot-card-width - The card's width (its height follows, 200:340). Default 10rem.
 * @cssprop --tarot-card-radius - Corner radius. Defaults to --va-radius-m.
 * @cssprop --tarot-card-shadow - Shadow. Defaults to --va-shadow.
 */
@customElement('tarot-card')
export class TarotCardElement extends LitElement {
  static override styles = styles;

  /** The card's id, e.g. "the-fool". */
  @property({ attribute: 'card-id' }) cardId = '';

  /** Whether the card lies upside down. */
  @property({ type: Boolean, reflect: true }) reversed = false;

  /** Whether only the back shows. */
  @property({ type: Boolean, reflect: true, attribute: 'face-down' }) faceDown = false;

  /**
   * Where the deployer's own card images are, with `{id}` standing for the card id, e.g.
   * "https://example.com/cards/{id}.png". Empty: the built-in SVG art.
   */
  @property({ attribute: 'image-base' }) imageBase = '';

  /** Any of the element's words, over its language's strings. */
  @property({ attribute: false }) strings: Partial<TarotStrings> | undefined;

  #locale = tarotLocale(this, tarotCardsEn);

  /** The image that failed to load, so the SVG art stands in for it. */
  @state() private failedImage = '';

  override render() {
    const card = cardIdentity(this.cardId);
    const faceUp = card !== undefined && !this.faceDown;
    const label = cardLabel(card, this.reversed, this.faceDown, this.#locale.t);
    const note = langNotice(this.#locale.fallbackNote);
    const turned = faceUp && this.reversed ? 'art reversed' : 'art';
    const src = card && this.imageBase ? cardImageUrl(this.imageBase, card.id) : '';
    if (faceUp && src && src !== this.failedImage) {
      return html`${note}
        <div class=${turned} part="art">
          <img src=${src} alt=${label} decoding="async" @error=${() => (this.failedImage = src)} />
        </div>`;
    }
    return html`${note}
      <div class=${turned} part="art">
        <svg viewBox=${CARD_VIEWBOX} role="img" aria-label=${label} focusable="false">
          ${faceUp ? cardFace(card, this.#locale.t.cardName(card.id)) : cardBack()}
        </svg>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tarot-card': TarotCardElement;
  }
}
