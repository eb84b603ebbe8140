/** The hosted page's strings in French (the keys of en.ts; « vous », as the elements' French). */
import type { AppStrings } from './en.ts';

export const appFr: AppStrings = {
  siteName: 'Agents vocaux',
  title: (page, site) => `${page} · ${site}`,
  skipLink: 'Aller au contenu',
  mainNav: 'Navigation principale',
  navReading: 'Tirage de tarot',
  navBmo: 'BMO',
  navDocs: 'Éléments',
  language: 'Langue',
  homeLede: 'Deux petites expériences faites de composants web que tout site peut intégrer.',
  homeReading: 'Tirage de tarot',
  homeReadingAbout:
    'Posez une question, choisissez vos cartes et écoutez ce qu’elles disent, par messages ou à voix haute.',
  homeBmo: 'Parler avec BMO',
  homeBmoAbout: 'Une petite console joyeuse qui vous remet identifiants et codes sur une cassette.',
  readingTitle: 'Tirage de tarot',
  readingLede:
    'Posez une question, choisissez vos cartes dans un jeu mélangé et écoutez ce qu’elles disent. Comment voulez-vous faire votre tirage ?',
  textBack: '← Modes de tirage',
  textHeading: 'Tirage par écrit',
  textLede: 'Dites à la tarologue ce qui vous préoccupe. C’est vous qui tirez chaque carte.',
  voiceTitle: 'Tirage à voix haute',
  bmoHeading: 'Parler avec BMO',
  bmoLede:
    'BMO écoute, répond et vous remet identifiants et codes sur une cassette que vous pouvez ouvrir et copier.',
  notFoundTitle: 'Page introuvable',
  notFoundLede: 'Il n’y a rien à cette adresse.',
  notFoundHome: 'Revenir à l’accueil',
};
