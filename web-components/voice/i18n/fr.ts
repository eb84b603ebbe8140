/**
 * The voice family's strings in French (the keys of en.ts), for French-speaking visitors
 * anywhere: written in standard French, addressing the visitor as « vous », as French sites do.
 */
import { plural } from '../../shared/i18n/plural.ts';
import type { AllVoiceStrings } from './start-audio-en.ts';

export const voiceFr: AllVoiceStrings = {
  holdToSpeak: 'Maintenir pour parler',
  listening: 'À l’écoute…',
  talkHint:
    'Maintenez le bouton, ou la barre d’espace ou Entrée, pendant que vous parlez. Relâchez pour envoyer.',
  transcript: 'Transcription',
  you: 'Vous',
  reader: 'Tarologue',
  nothingSaid: 'Rien n’a encore été dit.',
  notStarted: 'Pas commencé',
  currentPhase: 'Étape en cours :',
  stepOf: (step: string, total: string): string => `${step} sur ${total}`,
  open: 'Ouvrir',
  launcherUnread: (label: string, count: string, n: number): string =>
    `${label} (${count} ${plural('fr', n, { one: 'nouveau', other: 'nouveaux' })})`,
  end: 'Terminer',
  close: 'Fermer',
  consentTitle: 'Avant d’ouvrir le micro',
  consentReadMore: 'En savoir plus (s’ouvre dans un nouvel onglet)',
  consentAllow: 'Autoriser le micro',
  consentDecline: 'Écrire plutôt',
  micAllowed: 'Micro autorisé.',
  micDeclined: 'Micro refusé : vous pouvez écrire à la place.',
  audioBlocked:
    'Votre navigateur retient la voix de la tarologue tant que vous ne l’autorisez pas.',
  startAudio: 'Activer le son',
};

export default voiceFr;
