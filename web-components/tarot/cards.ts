/**
 * The tarot's card elements, for a page that shows cards by themselves: `<tarot-card>`,
 * `<tarot-card-picker>` and `<tarot-card-stage>`, and the card art. Importing this module
 * registers them. `<tarot-reading>` (./index.ts) does not need this import: its reading views load
 * the same elements when a reading reaches its cards.
 */
export { TarotCardElement, cardImageUrl } from './tarot-card/tarot-card.ts';
export { cardLabel } from './tarot-card/card-words.ts';
export {
  TarotCardPicker,
  type TarotCardPickCancelDetail,
  type TarotCardPickDetail,
} from './tarot-card-picker/tarot-card-picker.ts';
export {
  TarotCardStage,
  type StagedCard,
  type TarotCardShownDetail,
} from './tarot-card-stage/tarot-card-stage.ts';
export { cardBack, cardFace, CARD_VIEWBOX } from './tarot-card/card-art.ts';
