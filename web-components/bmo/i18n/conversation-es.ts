/** The strings of a conversation with BMO in Spanish (the keys of conversation-en.ts). */
import { plural } from '../../shared/i18n/plural.ts';
import type { bmoConversationEn } from './conversation-en.ts';

export const bmoConversationEs: typeof bmoConversationEn = {
  announceDisconnected: 'Desconectado de BMO.',
  announceConnectedWaiting: 'Conectado. Esperando a que BMO llegue.',
  announceHere: 'BMO está aquí.',
  announceBack: 'BMO ha vuelto.',
  announceHintType: 'Escríbele a BMO.',
  announceHintTalk: 'Saluda, o escribe.',
  announceThinking: 'BMO está pensando…',
  announceRetrying: 'Seguimos intentando llegar al servidor de BMO…',
  errorSendFailed: 'Tu mensaje no llegó a BMO. Prueba a enviarlo otra vez.',
  errorConnectionLost: 'Se perdió la conexión con BMO.',
  errorMicDenied:
    'Se bloqueó el acceso al micrófono, así que BMO no te oye. Puedes escribirle a BMO, o permitir el micrófono en tu navegador y probar otra vez.',
  errorMicUnavailable:
    'No se pudo iniciar ningún micrófono (no hay ninguno, u otra aplicación lo está usando). Puedes escribirle a BMO.',
  errorConnectFailed: 'No se pudo empezar una conversación con BMO.',
  errorConnectFailedBecause: (how) => `No se pudo empezar una conversación con BMO${how}.`,
  errorNotConfigured: 'BMO no está disponible en este servidor: LiveKit no está configurado.',
  errorRateLimited: 'Demasiados intentos de conexión. Espera un minuto y vuelve a probar.',
  errorForbiddenOrigin:
    'Este sitio no tiene permiso para hablar con el servidor de BMO. Quien lleva el sitio puede permitirlo en el servidor.',
  errorUnreachable: 'No se pudo llegar al servidor. Revisa tu conexión y vuelve a probar.',
  errorUnreachableAt: (host) =>
    `No se pudo llegar al servidor de BMO en ${host}. Revisa tu conexión y vuelve a probar; si sigue fallando, puede que ese servidor no permita este sitio.`,
  errorInvalidResponse: 'El servidor respondió algo que BMO no entendió.',
  errorTokenTimeout:
    'El servidor de BMO no respondió a tiempo. Revisa tu conexión y vuelve a probar.',
  errorAgentTimeout: (seconds, n) =>
    `BMO no llegó en ${seconds} ${plural('es', n, { one: 'segundo', other: 'segundos' })}.`,
  errorLoadFailed: 'BMO no pudo cargarse: revisa tu conexión y vuelve a probar.',
  errorRoomRefused:
    'El servidor de conversaciones de BMO rechazó esta conversación. Vuelve a probar; si sigue pasando, avisa a quien lleva el sitio.',
  errorRoomUnavailable:
    'El servidor de conversaciones de BMO no está aceptando conversaciones ahora mismo. Vuelve a probar en un minuto.',
  errorAgentLeft: 'BMO dejó la conversación.',
  noticeHearingDown: 'El oído de BMO dejó de funcionar. Escríbele hasta que vuelva.',
  noticeTextAnswers: 'BMO responde por escrito aquí: su voz no está disponible.',
  noticeOfflineVoice: 'BMO sin conexión: habla o escribe. Oye en inglés.',
};
