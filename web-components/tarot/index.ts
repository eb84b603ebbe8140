/**
 * The tarot family: `<tarot-reading>` (a whole reading, text or voice, in one element) and the card
 * elements `<tarot-card>`, `<tarot-card-picker>` and `<tarot-card-stage>`. Importing this module
 * registers them all; the Realtime SDK and the agents load only when a reading starts.
 */
export { TarotCardElement, cardImageUrl, cardLabel } from './tarot-card.ts';
export {
  TarotCardPicker,
  type TarotCardPickCancelDetail,
  type TarotCardPickDetail,
} from './tarot-card-picker.ts';
export { TarotCardStage, type StagedCard, type TarotCardShownDetail } from './tarot-card-stage.ts';
export { cardBack, cardFace, CARD_VIEWBOX } from './card-art.ts';
export {
  TarotReading,
  type TarotReadingMode,
  type TarotReadingModeDetail,
  type TarotReadingCardDrawnDetail,
  type TarotReadingCardShownDetail,
  type TarotReadingCompleteDetail,
  type TarotReadingErrorDetail,
  type TarotReadingEventMap,
  type TarotReadingPhaseDetail,
  type TarotReadingSessionEndDetail,
  type TarotReadingSessionStartDetail,
} from './tarot-reading.ts';
export { createReadingStore, type ReadingStore } from '../stores/reading.ts';
export { readingStoreContext } from '../stores/reading-context.ts';
