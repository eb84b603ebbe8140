/**
 * The tarot family's strings in German (the keys of en.ts), for German speakers in Germany,
 * Austria and Switzerland: standard German, addressing the visitor as „du“. Card and position names
 * come from contracts/cards-de.ts, which names its source.
 */
import { POSITION_NAMES_DE, cardNameDe } from '../../../contracts/cards-de.ts';
import { positionName } from '../../../contracts/positions.ts';
import type { AgentName } from '../../../contracts/reading.ts';
import type { TarotStrings } from './en.ts';

const PHASES_DE: Record<AgentName, string> = {
  IntentAssessment: 'Deine Frage',
  SpreadGeneration: 'Das Legebild',
  Reading: 'Die Deutung',
  Followup: 'Nachfragen',
};

export const tarotDe: TarotStrings = {
  cardName: (id: string): string => cardNameDe(id) ?? id,
  position: (label: string): string => positionName(POSITION_NAMES_DE, label),
  unknownCard: 'Unbekannte Karte',
  faceDownCard: 'Verdeckte Karte',
  upright: 'Aufrecht',
  reversed: 'Umgekehrt',
  cardAs: (name: string, reversed: boolean): string =>
    `${name}, ${reversed ? 'umgekehrt' : 'aufrecht'}`,
  showing: (card: string): string => `Aufgedeckt: ${card}`,
  chooseCard: 'Wähle eine Karte',
  chooseCardFor: (position: string): string => `Wähle eine Karte für „${position}“`,
  drawCardFor: (position: string): string => `Ziehe eine Karte für „${position}“`,
  noCardsLeft: 'Es sind keine Karten mehr zum Ziehen übrig.',
  cardOf: (index: string, total: string): string => `Karte ${index} von ${total}`,
  drawn: (card: string): string => `gezogen: ${card}`,
  youDrew: (card: string): string => `Du hast ${card} gezogen`,
  tarotReading: 'Tarot-Legung',
  textView: 'Legung im Textchat',
  voiceView: 'Legung mit Stimme',
  voiceReading: 'Legung mit Stimme',
  voiceReadingHint:
    'Halte den Sprechknopf (oder die Leertaste) gedrückt, um mit der Kartenlegerin zu sprechen, und ziehe deine Karten, wenn sie dich darum bittet.',
  voiceReadingOffline:
    'Diese Seite nutzt die Offline-Kartenlegerin, die nur Englisch spricht: Sie hört dich nicht, deshalb folgt eine Legung mit Stimme einem Demo-Skript. Eine echte Legung mit Stimme, auf Deutsch, braucht einen OpenAI-Schlüssel.',
  voiceReadingOfflineHears:
    'Diese Seite nutzt die Offline-Kartenlegerin: Sie hört Englisch über eine Spracherkennung auf diesem Rechner.',
  voiceUnsupported:
    'Dein Browser unterstützt keine Legungen mit Stimme: Dafür braucht er WebRTC und Zugriff auf das Mikrofon.',
  voiceUnsupportedTry:
    'Probier eine aktuelle Version von Chrome, Edge, Firefox oder Safari, oder wähle den Textchat.',
  textChat: 'Textchat',
  textChatHint: 'Schreib mit der Kartenlegerin und ziehe deine Karten auf dem Bildschirm.',
  cancelDraw: 'Ziehen abbrechen',
  drawAgain: 'Noch einmal ziehen',
  switchToText: 'Zu Text wechseln',
  phase: (agent: AgentName): string => PHASES_DE[agent],
  phaseIs: 'Phase:',
  phaseEvent: (phase: string): string => `Phase: ${phase}`,
  notStarted: 'Nicht begonnen',
  notConnected: 'Nicht verbunden',
  connectingReader: 'Verbindung zur Kartenlegerin wird hergestellt …',
  connected: 'Verbunden',
  readingEnded: 'Die Legung ist beendet',
  connecting: 'Verbinden …',
  offlineReaderNotice:
    'Du nutzt die Offline-Kartenlegerin: eine geskriptete Demo, die in diese Seite eingebaut ist und nur Englisch spricht. Für eine echte Legung auf Deutsch füge einen OpenAI-Schlüssel hinzu.',
  offlineVoiceNotice:
    'Offline-Kartenlegerin: Sie spricht nur Englisch und hört dich nicht, deshalb folgt sie jedes Mal, wenn du sprichst, einem Demo-Skript.',
  offlineVoiceHearsNotice: 'Offline-Kartenlegerin: Auf diesem Rechner hört sie Englisch.',
  conversation: 'Gespräch',
  intro:
    'Stell der Kartenlegerin deine Frage, um zu beginnen. Die Karten ziehst du selbst, eine nach der anderen.',
  you: 'Du',
  reader: 'Kartenlegerin',
  drawnCard: (card: string): string => `Gezogen: ${card}`,
  shownCard: (card: string): string => `Aufgedeckt: ${card}`,
  forPosition: (position: string): string => `für „${position}“`,
  yourSpread: 'Dein Legebild',
  noCardsYet: 'Noch keine Karten gezogen.',
  notDrawnYet: 'noch nicht gezogen',
  pickToContinue: 'Wähle eine Karte, um weiterzumachen',
  askReader: 'Frag die Kartenlegerin …',
  yourMessage: 'Deine Nachricht',
  send: 'Senden',
  endReading: 'Legung beenden',
  couldNotStart: 'Die Legung konnte nicht beginnen.',
  endedThanks: 'Die Legung ist beendet. Danke, dass du die Karten mit uns befragt hast.',
  tryAgain: 'Erneut versuchen',
  retry: 'Wiederholen',
  startNewReading: 'Neue Legung beginnen',
  chooseAnotherMode: 'Anderen Modus wählen',
  back: 'Zurück',
  leaveTitle: 'Legung verlassen?',
  leaveBody: 'Die Legung endet und die Kartenlegerin trennt die Verbindung.',
  stay: 'Bleiben',
  leave: 'Verlassen',
  holdToSpeak: 'Zum Sprechen gedrückt halten',
  voiceNeeds: 'Eine Legung mit Stimme braucht WebRTC und Zugriff auf ein Mikrofon (MediaDevices).',
  notHttps:
    'Diese Seite wird nicht über HTTPS ausgeliefert, und Browser bieten das Mikrofon nur sicheren Seiten an.',
  voiceTryBrowser:
    'Probier eine aktuelle Version von Chrome, Edge, Firefox oder Safari, oder lass dir die Karten hier im Textchat legen.',
  switchToTextChat: 'Zum Textchat wechseln',
  switchToTextMode: 'In den Textmodus wechseln',
  micUnavailable: 'Das Mikrofon ist nicht verfügbar',
  voiceCouldNotConnect: 'Die Legung mit Stimme konnte keine Verbindung herstellen',
  choosingSpread: 'Die Kartenlegerin wählt ein Legebild für deine Frage.',
  listening: 'Ich höre zu … zum Senden loslassen.',
  pickCard: 'Wähle die Karte, die dich anspricht.',
  layingOut:
    'Die Kartenlegerin legt dein Legebild aus. Sobald die Deutung fertig ist, kannst du wieder sprechen.',
  listenReading:
    'Hör zu, wie die Kartenlegerin jede Karte deutet. Sobald die Deutung fertig ist, kannst du wieder sprechen.',
  readerSpeaking: 'Die Kartenlegerin spricht. Halte den Knopf gedrückt, um sie zu unterbrechen.',
  askFollowup: 'Stell eine Nachfrage: Halte den Knopf gedrückt, während du sprichst.',
  continue: 'Weiter',
  timeLimitEnded: 'Diese Legung hat ihr Zeitlimit erreicht und ist beendet.',
  loadFailed:
    'Die Legung konnte nicht geladen werden. Prüfe deine Verbindung und lade die Seite neu.',
  costCapNotice: 'Noch eine Minute: Diese Legung endet in einer Minute.',
};

export default tarotDe;
