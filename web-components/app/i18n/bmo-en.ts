/** The /bmo route's strings in English (see header-en.ts). */
export const bmoPageEn = {
  bmoHeading: 'Talk to BMO',
  bmoLede:
    'BMO listens, talks back, and hands you IDs and codes on a cassette you can open and copy.',
};
