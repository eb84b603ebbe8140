/** The reading routes' strings in English: /reading, /reading/text, /reading/voice (see header-en.ts). */
export const readingEn = {
  readingTitle: 'Tarot reading',
  readingLede:
    'Ask a question, pick your cards from a shuffled deck, and hear what they say. How would you like to read?',
  textBack: '← Reading modes',
  textHeading: 'Text reading',
  textLede: 'Tell the reader what is on your mind. You will draw each card yourself.',
  voiceTitle: 'Voice reading',
};
