/** The home route's strings in English (see header-en.ts): its heading is the site's name. */
import { SITE_NAME_EN } from './site-en.ts';

export const homeEn = {
  siteName: SITE_NAME_EN,
  homeLede: 'Two small experiences built from embeddable web components.',
  homeReading: 'Tarot reading',
  homeReadingAbout:
    'Ask a question, pick your cards, and hear what they say, by text chat or by voice.',
  homeBmo: 'Talk to BMO',
  homeBmoAbout: 'A cheerful little console who hands you IDs and codes on a cassette.',
};
