/**
 * The tarot family: `<tarot-reading>`, a whole reading, text or voice, in one element. Importing
 * this module registers it; the Realtime SDK and the agents load only when a reading starts, and
 * the card elements it shows (`<tarot-card>`, `<tarot-card-picker>`, `<tarot-card-stage>`) load
 * with its reading views. A page that shows cards by themselves imports `./cards.ts`
 * (`voice-agent-elements/tarot/cards`, or `embed/tarot-cards.js`).
 */
export type { TarotCardElement } from './tarot-card/tarot-card.ts';
export type {
  TarotCardPicker,
  TarotCardPickCancelDetail,
  TarotCardPickDetail,
} from './tarot-card-picker/tarot-card-picker.ts';
export type {
  TarotCardStage,
  StagedCard,
  TarotCardShownDetail,
} from './tarot-card-stage/tarot-card-stage.ts';
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
} from './tarot-reading/tarot-reading.ts';
export { createReadingStore, type ReadingStore } from '../stores/reading.ts';
export { readingStoreContext } from '../stores/reading-context.ts';
