/**
 * The tarot family's strings in Spanish (the keys of en.ts): the Spanish of Spain, addressing the
 * visitor as «tú». Card and position names come from contracts/cards-es.ts, which names its source.
 */
import { POSITION_NAMES_ES, cardNameEs } from '../../../contracts/cards-es.ts';
import { positionName } from '../../../contracts/positions.ts';
import type { AgentName } from '../../../contracts/reading.ts';
import type { TarotStrings } from './en.ts';

const PHASES_ES: Record<AgentName, string> = {
  IntentAssessment: 'Tu pregunta',
  SpreadGeneration: 'La tirada',
  Reading: 'La lectura',
  Followup: 'Preguntas finales',
};

export const tarotEs: TarotStrings = {
  cardName: (id: string): string => cardNameEs(id) ?? id,
  position: (label: string): string => positionName(POSITION_NAMES_ES, label),
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
    'Este sitio usa la lectora sin conexión: no puede oírte en español, así que la lectura por voz sigue un guion de demostración; escribe en el chat de texto. Una lectura por voz real necesita una clave de OpenAI.',
  voiceReadingOfflineHears:
    'Este sitio usa la lectora sin conexión: oye inglés con un reconocedor de voz en este equipo.',
  voiceUnsupported:
    'Tu navegador no admite lecturas por voz: necesita WebRTC y acceso al micrófono.',
  voiceUnsupportedTry:
    'Prueba una versión actual de Chrome, Edge, Firefox o Safari, o elige el chat de texto.',
  textChat: 'Chat de texto',
  textChatHint: 'Escribe a la lectora y saca tus cartas en pantalla.',
  cancelDraw: 'Cancelar',
  drawAgain: 'Sacar de nuevo',
  switchToText: 'Pasar a texto',
  phase: (agent: AgentName): string => PHASES_ES[agent],
  phaseIs: 'Fase:',
  phaseEvent: (phase: string): string => `Fase: ${phase}`,
  notStarted: 'Sin empezar',
  notConnected: 'Sin conexión',
  connectingReader: 'Conectando con la lectora…',
  connected: 'Conectada',
  readingEnded: 'La lectura ha terminado',
  connecting: 'Conectando…',
  offlineReaderNotice:
    'Estás usando la lectora sin conexión: una lectora de demostración con guion, incluida en este sitio. Añade una clave de OpenAI para una lectura real.',
  offlineVoiceNotice:
    'Lectora sin conexión: no puede oírte en español, así que cada vez que hablas sigue un guion de demostración.',
  offlineVoiceHearsNotice: 'Lectora sin conexión: en este equipo oye inglés.',
  conversation: 'Conversación',
  intro: 'Haz tu pregunta a la lectora para empezar. Las cartas las sacas tú, de una en una.',
  you: 'Tú',
  reader: 'Lectora',
  drawnCard: (card: string): string => `Sacada: ${card}`,
  shownCard: (card: string): string => `Mostrada: ${card}`,
  forPosition: (position: string): string => `para ${position}`,
  yourSpread: 'Tu tirada',
  noCardsYet: 'Aún no has sacado cartas.',
  notDrawnYet: 'sin sacar aún',
  pickToContinue: 'Elige una carta para seguir',
  askReader: 'Pregunta a la lectora…',
  yourMessage: 'Tu mensaje',
  send: 'Enviar',
  endReading: 'Terminar la lectura',
  couldNotStart: 'La lectura no ha podido empezar.',
  endedThanks: 'La lectura ha terminado. Gracias por leer con nosotros.',
  tryAgain: 'Intentar de nuevo',
  retry: 'Reintentar',
  startNewReading: 'Empezar una lectura nueva',
  chooseAnotherMode: 'Elegir otro modo',
  back: 'Volver',
  leaveTitle: '¿Salir de la lectura?',
  leaveBody: 'La lectura terminará y la lectora se desconectará.',
  stay: 'Quedarme',
  leave: 'Salir',
  holdToSpeak: 'Mantén pulsado para hablar',
  voiceNeeds: 'Una lectura por voz necesita WebRTC y acceso a un micrófono (MediaDevices).',
  notHttps:
    'Esta página no se sirve por HTTPS, y los navegadores solo ofrecen el micrófono a páginas seguras.',
  voiceTryBrowser:
    'Prueba una versión actual de Chrome, Edge, Firefox o Safari, o haz la lectura por chat de texto aquí.',
  switchToTextChat: 'Pasar al chat de texto',
  switchToTextMode: 'Pasar al modo texto',
  micUnavailable: 'El micrófono no está disponible',
  voiceCouldNotConnect: 'La lectura por voz no ha podido conectar',
  choosingSpread: 'La lectora está eligiendo una tirada para tu pregunta.',
  listening: 'Te escucho… suelta para enviar.',
  pickCard: 'Elige la carta que te llame.',
  layingOut:
    'La lectora está disponiendo tu tirada. Podrás hablar de nuevo cuando termine la lectura.',
  listenReading:
    'Escucha cómo la lectora interpreta cada carta. Podrás hablar de nuevo cuando termine la lectura.',
  readerSpeaking: 'La lectora está hablando. Mantén pulsado el botón para interrumpirla.',
  askFollowup: 'Haz otra pregunta: mantén pulsado el botón mientras hablas.',
  continue: 'Continuar',
  timeLimitEnded: 'Esta lectura ha llegado a su límite de tiempo y ha terminado.',
  loadFailed:
    'No se ha podido cargar la lectura. Comprueba tu conexión y vuelve a cargar la página.',
  costCapNotice: 'Queda un minuto: esta lectura termina en un minuto.',
};

export default tarotEs;
