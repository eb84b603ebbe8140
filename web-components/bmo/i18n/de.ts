/**
 * The BMO family's element strings in German (the keys of en.ts), for German speakers in
 * Germany, Austria and Switzerland: standard German, addressing the visitor as „du“. BMO keeps
 * its name.
 */
import type { BmoAgentState } from '../../stores/bmo.ts';
import type { BmoElementStrings } from './en.ts';

const STATES: Record<BmoAgentState, string> = {
  disconnected: 'BMO ist nicht verbunden',
  connecting: 'BMO verbindet sich',
  listening: 'BMO hört zu',
  thinking: 'BMO denkt nach',
  speaking: 'BMO spricht',
};

export const bmoDe: BmoElementStrings = {
  bmo: 'BMO',
  cassetteHeading: 'Kassette',
  conversationHeading: 'Gespräch',
  connect: 'Verbinden',
  connectWithoutMic: 'Ohne Mikrofon verbinden',
  disconnect: 'Trennen',
  muteMic: 'Mikrofon stummschalten',
  typeLabel: 'Schreib BMO',
  send: 'Senden',
  hintSend: 'Zum Senden die Eingabetaste drücken.',
  hintConnectFirst: 'Verbinde dich zuerst, dann kannst du hier schreiben.',
  hintWaitForBmo: 'Du kannst schreiben, sobald BMO da ist.',
  placeholderDisconnected: 'Verbinde dich, um mit BMO zu sprechen.',
  placeholderConnected: 'Sag Hallo, oder schreib unten.',
  you: 'Du',
  offlineNotice:
    'Offline-BMO kann noch kein Deutsch lesen: Schreib ihm auf Englisch, dann antwortet er auf Englisch. Um mit BMO auf Deutsch zu schreiben oder zu sprechen, braucht es einen OpenAI-Schlüssel.',
  statusDisconnected: 'Nicht verbunden',
  statusConnecting: 'Verbinden …',
  statusReconnecting: 'Verbindung abgebrochen. Neu verbinden …',
  statusWaiting: 'Warten, bis BMO da ist …',
  statusAbsent: 'BMO ist nicht im Raum',
  statusTypingOnly: ' (nur Text)',
  statusAgent: (state) => STATES[state],
  faceLabel: (state) => STATES[state],
  actionContinueWithoutMic: 'Ohne Mikrofon weiter',
  actionTryMicAgain: 'Mikrofon noch einmal versuchen',
  actionRetry: 'Erneut versuchen',
  actionReconnect: 'Neu verbinden',
  actionDismiss: 'Hinweis schließen',
  cassetteOpen: (title) => `Kassette öffnen: ${title}`,
  cassetteEmpty: 'Noch keine Kassette',
  cassetteSoundsOff: 'Kassettengeräusche sind aus',
  cassetteSoundsOn: 'Kassettengeräusche sind an',
  cassetteMute: 'Kassettengeräusche stummschalten',
  cassetteReceived: (title) => `Kassette erhalten: ${title}`,
  copy: 'Kopieren',
  close: 'Schließen',
  copied: 'Kopiert',
  copySelected:
    'Kopieren ist hier nicht möglich. Der Text ist markiert: Drück Strg+C (oder ⌘C), um ihn zu kopieren.',
  copyByHand: 'Kopieren ist hier nicht möglich. Markiere den Text und kopiere ihn selbst.',
};

export default bmoDe;
