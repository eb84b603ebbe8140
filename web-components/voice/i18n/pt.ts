/**
 * The voice family's strings in Portuguese (the keys of en.ts), written in Brazilian Portuguese
 * and addressing the visitor as "você"; a visitor whose language is `pt-PT` reads these too.
 */
import { plural } from '../../shared/i18n/plural.ts';
import type { AllVoiceStrings } from './start-audio-en.ts';

export const voicePt: AllVoiceStrings = {
  holdToSpeak: 'Segure para falar',
  listening: 'Ouvindo…',
  talkHint: 'Segure o botão, ou a barra de espaço ou Enter, enquanto fala. Solte para enviar.',
  transcript: 'Transcrição',
  you: 'Você',
  reader: 'Taróloga',
  nothingSaid: 'Nada foi dito ainda.',
  notStarted: 'Não iniciada',
  currentPhase: 'Fase atual:',
  stepOf: (step: string, total: string): string => `${step} de ${total}`,
  open: 'Abrir',
  launcherUnread: (label: string, count: string, n: number): string =>
    `${label} (${count} ${plural('pt', n, { one: 'novo', other: 'novos' })})`,
  end: 'Encerrar',
  close: 'Fechar',
  consentTitle: 'Antes de ligar o microfone',
  consentReadMore: 'Saiba mais (abre em uma nova aba)',
  consentAllow: 'Permitir o microfone',
  consentDecline: 'Prefiro digitar',
  micAllowed: 'Microfone permitido.',
  micDeclined: 'Microfone recusado: você pode digitar.',
  audioBlocked: 'Seu navegador está segurando a voz da taróloga até você permitir.',
  startAudio: 'Ativar o áudio',
};

export default voicePt;
