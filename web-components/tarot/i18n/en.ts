/**
 * The tarot family's strings in English: every word `<tarot-card>`, `<tarot-card-stage>`,
 * `<tarot-card-picker>`, `<tarot-reading>` and its reading views show or announce. Other languages
 * have the same keys (`es.ts`, `fr.ts`, …, loaded when an element asks for one); a host overrides
 * any of them through the element's `strings` property (on `<tarot-reading>`, for its views too).
 */
import type { AgentName } from '../../../contracts/reading.ts';
import { cardName } from '../../../contracts/cards.ts';

/** What a person reads for each phase (the agent indicator, the phase event's label). */
const PHASES_EN: Record<AgentName, string> = {
  IntentAssessment: 'Intent Assessment',
  SpreadGeneration: 'Spread Generation',
  Reading: 'Reading',
  Followup: 'Followup',
};

export const tarotEn = {
  /** A card's name for its id (the id itself for an unknown one). */
  cardName: (id: string): string => cardName(id) ?? id,
  /**
   * A spread position's name for its key (contracts/positions.ts: the English labels are the
   * keys); a label that is no key is shown as it came.
   */
  position: (label: string): string => label,
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
  voiceReadingOfflineHears:
    'This site runs the offline reader: it hears English through a speech recognizer on this machine.',
  voiceUnsupported:
    "Your browser doesn't support voice readings: it needs WebRTC and microphone access.",
  voiceUnsupportedTry: 'Try a current Chrome, Edge, Firefox or Safari, or choose Text Chat.',
  textChat: 'Text Chat',
  textChatHint: 'Type with the reader and draw your cards on screen.',
  cancelDraw: 'Cancel draw',
  drawAgain: 'Draw again',
  switchToText: 'Switch to text',
  // The reading views (`<tarot-reading-text>`, `<tarot-reading-voice>`) and the session's notes.
  /** A phase's name for its agent. */
  phase: (agent: AgentName): string => PHASES_EN[agent],
  phaseIs: 'Phase:',
  phaseEvent: (phase: string): string => `${phase} phase`,
  notStarted: 'Not started',
  notConnected: 'Not connected',
  connectingReader: 'Connecting to the reader…',
  connected: 'Connected',
  readingEnded: 'The reading has ended',
  connecting: 'Connecting…',
  offlineReaderNotice:
    "You're using the offline reader: a scripted demo reader built into this site. Add an OpenAI key for a real reading.",
  offlineVoiceNotice:
    "Offline reader: it can't hear you, so each time you speak it follows a demo script.",
  offlineVoiceHearsNotice: 'Offline reader: it hears English on this machine.',
  conversation: 'Conversation',
  intro: 'Ask the reader your question to begin. Cards are drawn by you, one at a time.',
  you: 'You',
  reader: 'Reader',
  /** A card drawn or shown in the conversation, already named as it lies. */
  drawnCard: (card: string): string => `Drawn: ${card}`,
  shownCard: (card: string): string => `Shown: ${card}`,
  forPosition: (position: string): string => `for ${position}`,
  yourSpread: 'Your spread',
  noCardsYet: 'No cards drawn yet.',
  notDrawnYet: 'not drawn yet',
  pickToContinue: 'Pick a card to continue',
  askReader: 'Ask the reader…',
  yourMessage: 'Your message',
  send: 'Send',
  endReading: 'End reading',
  couldNotStart: 'The reading could not start.',
  endedThanks: 'The reading has ended. Thank you for reading with us.',
  tryAgain: 'Try again',
  retry: 'Retry',
  startNewReading: 'Start a new reading',
  chooseAnotherMode: 'Choose another mode',
  back: 'Back',
  leaveTitle: 'Leave the reading?',
  leaveBody: 'The reading will end and the reader will disconnect.',
  stay: 'Stay',
  leave: 'Leave',
  holdToSpeak: 'Hold to Speak',
  voiceNeeds: 'A voice reading needs WebRTC and access to a microphone (MediaDevices).',
  notHttps:
    'This page is not served over HTTPS, and browsers only offer the microphone to secure pages.',
  voiceTryBrowser:
    'Try a current version of Chrome, Edge, Firefox or Safari, or read by text chat here.',
  switchToTextChat: 'Switch to Text Chat',
  switchToTextMode: 'Switch to Text Mode',
  micUnavailable: 'The microphone is not available',
  voiceCouldNotConnect: 'The voice reading could not connect',
  choosingSpread: 'The reader is choosing a spread for your question.',
  listening: 'Listening… let go to send.',
  pickCard: 'Pick the card that calls to you.',
  layingOut:
    'The reader is laying out your spread. You can speak again once the reading is complete.',
  listenReading:
    'Listen as the reader interprets each card. You can speak again once the reading is complete.',
  readerSpeaking: 'The reader is speaking. Hold the button to interrupt.',
  askFollowup: 'Ask a follow-up question: hold the button while you speak.',
  continue: 'Continue',
  timeLimitEnded: 'This reading has reached its time limit and has ended.',
  loadFailed: 'The reading could not be loaded. Check your connection and reload the page.',
  costCapNotice: 'One minute left: this reading ends in a minute.',
};

export type TarotStrings = typeof tarotEn;
