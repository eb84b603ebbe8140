/** The voice family's strings in Spanish (the keys of en.ts). */
import type { VoiceStrings } from './en.ts';

export const voiceEs: VoiceStrings = {
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
  launcherUnread: (label: string, count: string): string =>
    `${label} (${count} ${count === '1' ? 'nuevo' : 'nuevos'})`,
  end: 'Terminar',
  close: 'Cerrar',
  consentTitle: 'Antes de abrir el micrófono',
  consentReadMore: 'Más información (se abre en una pestaña nueva)',
  consentAllow: 'Permitir el micrófono',
  consentDecline: 'Prefiero escribir',
  micAllowed: 'Micrófono permitido.',
  micDeclined: 'Micrófono rechazado: puedes escribir en su lugar.',
};
