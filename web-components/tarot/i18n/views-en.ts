/**
 * The English words of the reading views (`<tarot-reading-text>`, `<tarot-reading-voice>`): the
 * conversation, the spread, the voice view's prompts and problems. They load with the views, which
 * `<tarot-reading>` loads when a mode is chosen.
 */

export const tarotViewsEn = {
  drawAgain: 'Draw again',
  switchToText: 'Switch to text',
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
};

export type TarotViewsStrings = typeof tarotViewsEn;
