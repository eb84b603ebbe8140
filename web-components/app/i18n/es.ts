/** The hosted page's strings in Spanish (the keys of en.ts; tú, as the elements' Spanish). */
import type { AppStrings } from './en.ts';

export const appEs: AppStrings = {
  siteName: 'Agentes de voz',
  title: (page, site) => `${page} · ${site}`,
  skipLink: 'Saltar al contenido',
  mainNav: 'Principal',
  navReading: 'Lectura de tarot',
  navBmo: 'BMO',
  navDocs: 'Elementos',
  language: 'Idioma',
  homeLede:
    'Dos pequeñas experiencias hechas con componentes web que cualquier sitio puede insertar.',
  homeReading: 'Lectura de tarot',
  homeReadingAbout:
    'Haz una pregunta, elige tus cartas y escucha lo que dicen, por chat de texto o por voz.',
  homeBmo: 'Habla con BMO',
  homeBmoAbout: 'Una consolita alegre que te da IDs y códigos en un casete.',
  readingTitle: 'Lectura de tarot',
  readingLede:
    'Haz una pregunta, elige tus cartas de una baraja mezclada y escucha lo que dicen. ¿Cómo quieres hacer tu lectura?',
  textBack: '← Modos de lectura',
  textHeading: 'Lectura por texto',
  textLede: 'Cuéntale a la lectora lo que te ronda la cabeza. Cada carta la sacas tú.',
  voiceTitle: 'Lectura por voz',
  bmoHeading: 'Habla con BMO',
  bmoLede: 'BMO escucha, contesta y te da IDs y códigos en un casete que puedes abrir y copiar.',
  notFoundTitle: 'Página no encontrada',
  notFoundLede: 'No hay nada en esta dirección.',
  notFoundHome: 'Ir al inicio',
};
