/**
 * The voice family's strings in German (the keys of en.ts), for German-speaking visitors in
 * Germany, Austria and Switzerland: standard German, addressing the visitor as „du“, as the
 * Spanish strings say „tú“ and as friendly apps in German do.
 */
import type { AllVoiceStrings } from './start-audio-en.ts';

export const voiceDe: AllVoiceStrings = {
  holdToSpeak: 'Zum Sprechen gedrückt halten',
  listening: 'Hört zu …',
  talkHint:
    'Halte den Knopf, die Leertaste oder die Eingabetaste gedrückt, während du sprichst. Zum Senden loslassen.',
  transcript: 'Mitschrift',
  you: 'Du',
  reader: 'Kartenlegerin',
  nothingSaid: 'Bisher wurde noch nichts gesagt.',
  notStarted: 'Nicht begonnen',
  currentPhase: 'Aktuelle Phase:',
  stepOf: (step: string, total: string): string => `${step} von ${total}`,
  open: 'Öffnen',
  // "neu" stays as it is after a number in a badge: "3 neu".
  launcherUnread: (label: string, count: string): string => `${label} (${count} neu)`,
  end: 'Beenden',
  close: 'Schließen',
  consentTitle: 'Bevor das Mikrofon angeht',
  consentReadMore: 'Mehr erfahren (öffnet sich in einem neuen Tab)',
  consentAllow: 'Mikrofon erlauben',
  consentDecline: 'Lieber tippen',
  micAllowed: 'Mikrofon erlaubt.',
  micDeclined: 'Mikrofon abgelehnt: Du kannst stattdessen tippen.',
  audioBlocked: 'Dein Browser hält die Stimme der Kartenlegerin zurück, bis du sie erlaubst.',
  startAudio: 'Ton einschalten',
};

export default voiceDe;
