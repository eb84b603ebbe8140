/** Every word the tarot family's shells show or announce, in Spanish (the keys of strings-en.ts). */
import { cardNameEs } from '../../contracts/deck-es.ts';
import type { TarotStrings } from './strings-en.ts';

export const tarotEs: TarotStrings = {
  cardName: (id: string): string => cardNameEs(id) ?? id,
  unknownCard: 'Carta desconocida',
  faceDownCard: 'Carta boca abajo',
  upright: 'Al derecho',
  reversed: 'Invertida',
  cardAs: (name: string, reversed: boolean): string =>
    `${name}, ${reversed ? 'invertida' : 'al derecho'}`,
  showing: (card: string): string => `Se muestra ${card}`,
  chooseCard: 'Elige una carta',
  chooseCardFor: (position: string): string => `Elige una carta para ${position}`,
  drawCardFor: (position: string): string => `Saca una carta para ${position}`,
  noCardsLeft: 'No quedan cartas por sacar.',
  cardOf: (index: string, total: string): string => `Carta ${index} de ${total}`,
  drawn: (card: string): string => `sacada: ${card}`,
  youDrew: (card: string): string => `Has sacado ${card}`,
  tarotReading: 'Lectura de tarot',
  textView: 'Lectura por chat de texto',
  voiceView: 'Lectura por voz',
  voiceReading: 'Lectura por voz',
  voiceReadingHint:
    'Mantén pulsado el botón para hablar (o la barra espaciadora) y saca tus cartas cuando te lo pidan.',
  voiceReadingOffline:
    'Este sitio usa la lectora sin conexión: no puede oírte, así que la lectura por voz sigue un guion de demostración. Una lectura por voz real necesita una clave de OpenAI.',
  voiceUnsupported:
    'Tu navegador no admite lecturas por voz: necesita WebRTC y acceso al micrófono.',
  voiceUnsupportedTry:
    'Prueba una versión actual de Chrome, Edge, Firefox o Safari, o elige el chat de texto.',
  textChat: 'Chat de texto',
  textChatHint: 'Escribe a la lectora y saca tus cartas en pantalla.',
  cancelDraw: 'Cancelar',
  drawAgain: 'Sacar de nuevo',
  switchToText: 'Pasar a texto',
};
