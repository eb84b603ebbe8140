/** The strings of a reading's session in Spanish (the keys of session-en.ts; see es.ts). */
import type { tarotSessionEn } from './session-en.ts';

export const tarotSessionEs: typeof tarotSessionEn = {
  rateLimited:
    'Se han empezado demasiadas lecturas desde aquí hace poco. Espera un minuto y vuelve a intentarlo.',
  forbiddenOrigin: 'Esta página no tiene permiso para empezar lecturas en este servidor.',
  notConfigured: 'El servicio de lecturas no está configurado en este servidor.',
  upstreamUnavailable:
    'El servicio de lecturas no está disponible ahora. Vuelve a intentarlo en un momento.',
  upstreamBusy: 'El servicio de lecturas está ocupado ahora. Vuelve a intentarlo en un momento.',
  upstreamMisconfigured: 'El servicio de lecturas está mal configurado en este servidor.',
  unreachableAt: (origin: string): string =>
    `No se ha podido llegar al servicio de lecturas en ${origin}. Puede que esté desconectado o que no acepte lecturas desde este sitio.`,
  unreachable:
    'No se ha podido llegar al servicio de lecturas. Comprueba tu conexión y vuelve a intentarlo.',
  badToken: 'El servicio de lecturas ha enviado un token que esta página no puede usar.',
  serviceAnswered: (status: string): string => `El servicio de lecturas ha respondido ${status}.`,
  serviceError: 'El servicio de lecturas ha respondido con un error.',
  micBlocked:
    'El micrófono está bloqueado para este sitio. Permítelo en los ajustes del sitio de tu navegador y vuelve a intentarlo, o pasa al chat de texto.',
  micBusy:
    'Otra aplicación está usando tu micrófono o no se ha podido iniciar. Cierra la otra aplicación y vuelve a intentarlo, o pasa al chat de texto.',
  micMissing:
    'No se ha encontrado ningún micrófono. Conecta uno y vuelve a intentarlo, o pasa al chat de texto.',
  micFailed: (reason: string): string =>
    `No se ha podido abrir el micrófono: ${reason}. Vuelve a intentarlo o pasa al chat de texto.`,
  webRtcFailed:
    'No se ha podido establecer la conexión de voz (falló WebRTC). Revisa tu red o cortafuegos y reinténtalo, o pasa al modo texto.',
  keyRefused:
    'El servicio de voz no ha aceptado la clave de esta sesión. Reinténtalo para obtener una nueva.',
  callPassRefused: 'El pase de esta lectura por voz ya se usó o ha caducado. Empieza de nuevo.',
  spendLimitEnded: 'Esta lectura ha llegado a su límite y ha terminado.',
  offlineRefused:
    'La lectora sin conexión ha rechazado la conexión. Vuelve a intentarlo en un momento.',
  couldNotConnect:
    'No se ha podido conectar con la lectora. Comprueba tu conexión y vuelve a intentarlo.',
  connectTimedOut:
    'La lectora no ha respondido a tiempo. Comprueba tu conexión y vuelve a intentarlo.',
  webSocketFallback:
    'La conexión de voz no ha podido usar WebRTC aquí, así que la lectura sigue por un WebSocket.',
  reconnected: 'Conexión recuperada. La lectura sigue donde estaba.',
  reconnecting: 'Se ha perdido la conexión con la lectora. Reconectando…',
  connectionClosed: 'La conexión con la lectora se ha cerrado.',
  noCardInTime: 'No se ha elegido ninguna carta a tiempo. ¿Qué quieres hacer?',
  drawCancelled: 'Se ha cancelado la tirada de la carta. ¿Qué quieres hacer?',
  cardNotShown: 'No se ha podido mostrar la carta. ¿Qué quieres hacer?',
  cardNotDrawn: 'No se ha podido sacar la carta. ¿Qué quieres hacer?',
  wordsNotSent:
    'No se han podido enviar tus palabras. Mantén pulsado el botón y vuelve a intentarlo.',
  micStopped:
    'El micrófono ha dejado de funcionar. Mantén pulsado el botón para volver a intentarlo.',
  holdWhileSpeaking: 'Mantén pulsado el botón mientras hablas y luego suéltalo.',
  noVoiceSupport: 'Tu navegador no admite lecturas por voz',
  noVoiceSupportSay:
    'Tu navegador no admite lecturas por voz. Pasa al chat de texto para leer escribiendo.',
  nowInPhase: (phase: string): string => `Ahora en la fase: ${phase}.`,
  toolDrawing: (position) => `Sacando una carta para la posición ${position}`,
  toolShowing: (card, reversed) => `Mostrando ${card}${reversed ? ', invertida' : ''}`,
  toolDrawn: 'Carta sacada',
  toolShown: 'Carta mostrada',
  toolDrawFailed: (why) => `No se pudo sacar la carta: ${why}`,
  toolShowFailed: (why) => `No se pudo mostrar la carta: ${why}`,
  drawingFor: (position: string, role: string): string =>
    `Sacando una carta para la posición ${position}: ${role}. Elige una carta de la baraja.`,
};
