/** The voice family's strings in Spanish (the keys of en.ts). */
import { plural } from '../../shared/i18n/plural.ts';
import type { AllVoiceStrings } from './start-audio-en.ts';

export const voiceEs: AllVoiceStrings = {
  holdToSpeak: 'Mantén pulsado para hablar',
  listening: 'Escuchando…',
  talkHint:
    'Mantén pulsado el botón, o la barra espaciadora o Intro, mientras hablas. Suelta para enviar.',
  transcript: 'Transcripción',
  you: 'Tú',
  reader: 'Lectora',
  nothingSaid: 'Todavía no se ha dicho nada.',
  notStarted: 'Sin empezar',
  currentPhase: 'Fase actual:',
  stepOf: (step: string, total: string): string => `${step} de ${total}`,
  open: 'Abrir',
  launcherUnread: (label: string, count: string, n: number): string =>
    `${label} (${count} ${plural('es', n, { one: 'nuevo', other: 'nuevos' })})`,
  end: 'Terminar',
  close: 'Cerrar',
  consentTitle: 'Antes de abrir el micrófono',
  consentReadMore: 'Más información (se abre en una pestaña nueva)',
  consentAllow: 'Permitir el micrófono',
  consentDecline: 'Prefiero escribir',
  micAllowed: 'Micrófono permitido.',
  micDeclined: 'Micrófono rechazado: puedes escribir en su lugar.',
  audioBlocked: 'Tu navegador está reteniendo la voz de la lectora hasta que lo permitas.',
  startAudio: 'Activar el audio',
};

export default voiceEs;
