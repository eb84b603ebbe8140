/**
 * Every word the tarot family's shells show or announce, in English: `<tarot-card>`,
 * `<tarot-card-stage>`, `<tarot-card-picker>` and `<tarot-reading>`'s mode choice. Other
 * languages have the same keys (`strings-es.ts`, loaded when an element asks for it); a host
 * overrides any of them through the element's `strings` property.
 */
import { cardName } from '../../contracts/cards.ts';

export const tarotEn = {
  /** A card's name for its id (the id itself for an unknown one). */
  cardName: (id: string): string => cardName(id) ?? id,
  unknownCard: 'Unknown card',
  faceDownCard: 'Face-down card',
  upright: 'Upright',
  reversed: 'Reversed',
  /** A card as it lies: "The Fool, reversed". */
  cardAs: (name: string, reversed: boolean): string =>
    `${name}, ${reversed ? 'reversed' : 'upright'}`,
  showing: (card: string): string => `Showing ${card}`,
  chooseCard: 'Choose a card',
  chooseCardFor: (position: string): string => `Choose a card for ${position}`,
  drawCardFor: (position: string): string => `Draw a card for ${position}`,
  noCardsLeft: 'No cards are left to draw.',
  /** A card in the spread's fan; the numbers are already formatted. */
  cardOf: (index: string, total: string): string => `Card ${index} of ${total}`,
  drawn: (card: string): string => `drawn: ${card}`,
  youDrew: (card: string): string => `You drew ${card}`,
  tarotReading: 'Tarot reading',
  textView: 'Text chat reading',
  voiceView: 'Voice reading',
  voiceReading: 'Voice Reading',
  voiceReadingHint:
    'Hold the talk button (or Space) to speak to the reader, and draw your cards when asked.',
  voiceReadingOffline:
    "This site runs the offline reader: it can't hear you, so a voice reading follows a demo script. A real voice reading needs an OpenAI key.",
  voiceUnsupported:
    "Your browser doesn't support voice readings: it needs WebRTC and microphone access.",
  voiceUnsupportedTry: 'Try a current Chrome, Edge, Firefox or Safari, or choose Text Chat.',
  textChat: 'Text Chat',
  textChatHint: 'Type with the reader and draw your cards on screen.',
  cancelDraw: 'Cancel draw',
  drawAgain: 'Draw again',
  switchToText: 'Switch to text',
};

export type TarotStrings = typeof tarotEn;
