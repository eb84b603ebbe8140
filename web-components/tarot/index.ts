/**
 * The tarot family's card elements: `<tarot-card>`, `<tarot-card-picker>` and `<tarot-card-stage>`.
 * Importing this module registers all three.
 */
export { TarotCardElement, cardImageUrl, cardLabel } from './tarot-card.ts';
export { TarotCardPicker, type TarotCardPickDetail } from './tarot-card-picker.ts';
export { TarotCardStage, type StagedCard, type TarotCardShownDetail } from './tarot-card-stage.ts';
export { cardBack, cardFace, CARD_VIEWBOX } from './card-art.ts';
