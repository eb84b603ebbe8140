/** The hosted page's strings in German (the keys of en.ts; „du“, as the elements' German). */
import type { AppStrings } from './en.ts';

export const appDe: AppStrings = {
  siteName: 'Sprachagenten',
  title: (page, site) => `${page} · ${site}`,
  skipLink: 'Zum Inhalt springen',
  mainNav: 'Hauptnavigation',
  navReading: 'Tarot-Legung',
  navBmo: 'BMO',
  navDocs: 'Elemente',
  language: 'Sprache',
  homeLede: 'Zwei kleine Erlebnisse aus Webkomponenten, die jede Website einbinden kann.',
  homeReading: 'Tarot-Legung',
  homeReadingAbout:
    'Stell eine Frage, wähle deine Karten und hör, was sie sagen – im Textchat oder mit deiner Stimme.',
  homeBmo: 'Mit BMO sprechen',
  homeBmoAbout: 'Eine fröhliche kleine Konsole, die dir IDs und Codes auf einer Kassette reicht.',
  readingTitle: 'Tarot-Legung',
  readingLede:
    'Stell eine Frage, zieh deine Karten aus einem gemischten Deck und hör, was sie sagen. Wie möchtest du die Karten befragen?',
  textBack: '← Arten der Legung',
  textHeading: 'Legung per Text',
  textLede: 'Erzähl der Kartenlegerin, was dich beschäftigt. Jede Karte ziehst du selbst.',
  voiceTitle: 'Legung mit Stimme',
  bmoHeading: 'Mit BMO sprechen',
  bmoLede:
    'BMO hört zu, antwortet und reicht dir IDs und Codes auf einer Kassette, die du öffnen und kopieren kannst.',
  notFoundTitle: 'Seite nicht gefunden',
  notFoundLede: 'Unter dieser Adresse gibt es nichts.',
  notFoundHome: 'Zur Startseite',
};
