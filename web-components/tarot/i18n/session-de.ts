/** The strings of a reading's session in German (the keys of session-en.ts; see de.ts). */
import type { tarotSessionEn } from './session-en.ts';

export const tarotSessionDe: typeof tarotSessionEn = {
  rateLimited:
    'Von hier aus wurden gerade zu viele Legungen begonnen. Warte eine Minute und versuch es dann noch einmal.',
  forbiddenOrigin: 'Diese Seite darf auf diesem Server keine Legungen beginnen.',
  notConfigured: 'Der Legungsdienst ist auf diesem Server nicht eingerichtet.',
  upstreamUnavailable:
    'Der Legungsdienst ist gerade nicht erreichbar. Versuch es gleich noch einmal.',
  upstreamBusy: 'Der Legungsdienst ist gerade ausgelastet. Versuch es gleich noch einmal.',
  upstreamMisconfigured: 'Der Legungsdienst ist auf diesem Server falsch eingerichtet.',
  unreachableAt: (origin: string): string =>
    `Der Legungsdienst unter ${origin} ist nicht erreichbar. Vielleicht ist er offline, oder er nimmt keine Legungen von dieser Seite an.`,
  unreachable:
    'Der Legungsdienst ist nicht erreichbar. Prüfe deine Verbindung und versuch es noch einmal.',
  badToken: 'Der Legungsdienst hat ein Token geschickt, das diese Seite nicht verwenden kann.',
  serviceAnswered: (status: string): string => `Der Legungsdienst hat mit ${status} geantwortet.`,
  serviceError: 'Der Legungsdienst hat mit einem Fehler geantwortet.',
  micBlocked:
    'Das Mikrofon ist für diese Seite gesperrt. Erlaube es in den Website-Einstellungen deines Browsers und versuch es noch einmal, oder wechsle zum Textchat.',
  micBusy:
    'Dein Mikrofon wird von einer anderen App verwendet oder ließ sich nicht starten. Schließ die andere App und versuch es noch einmal, oder wechsle zum Textchat.',
  micMissing:
    'Es wurde kein Mikrofon gefunden. Schließ eines an und versuch es noch einmal, oder wechsle zum Textchat.',
  micFailed: (reason: string): string =>
    `Das Mikrofon ließ sich nicht öffnen: ${reason}. Versuch es noch einmal, oder wechsle zum Textchat.`,
  webRtcFailed:
    'Die Sprachverbindung konnte nicht aufgebaut werden (WebRTC ist fehlgeschlagen). Prüfe dein Netzwerk oder deine Firewall und versuch es noch einmal, oder wechsle in den Textmodus.',
  keyRefused:
    'Der Sprachdienst hat den Schlüssel dieser Sitzung nicht angenommen. Versuch es noch einmal, um einen neuen zu bekommen.',
  callPassRefused:
    'Der Zugang zu dieser Legung mit Stimme wurde schon verwendet oder ist abgelaufen. Fang noch einmal an.',
  spendLimitEnded: 'Diese Legung hat ihre Grenze erreicht und ist beendet.',
  offlineRefused:
    'Die Offline-Kartenlegerin hat die Verbindung abgelehnt. Versuch es gleich noch einmal.',
  couldNotConnect:
    'Keine Verbindung zur Kartenlegerin. Prüfe deine Verbindung und versuch es noch einmal.',
  connectTimedOut:
    'Die Kartenlegerin hat nicht rechtzeitig geantwortet. Prüfe deine Verbindung und versuch es noch einmal.',
  webSocketFallback:
    'Die Sprachverbindung konnte hier kein WebRTC nutzen, deshalb geht die Legung über einen WebSocket weiter.',
  reconnected: 'Wieder verbunden. Die Legung geht dort weiter, wo sie war.',
  reconnecting: 'Die Verbindung zur Kartenlegerin ist abgebrochen. Neu verbinden …',
  connectionClosed: 'Die Verbindung zur Kartenlegerin wurde geschlossen.',
  noCardInTime: 'Es wurde nicht rechtzeitig eine Karte gewählt. Was möchtest du tun?',
  drawCancelled: 'Das Ziehen wurde abgebrochen. Was möchtest du tun?',
  cardNotShown: 'Die Karte konnte nicht aufgedeckt werden. Was möchtest du tun?',
  cardNotDrawn: 'Die Karte konnte nicht gezogen werden. Was möchtest du tun?',
  wordsNotSent:
    'Deine Worte konnten nicht gesendet werden. Halte den Knopf gedrückt und versuch es noch einmal.',
  micStopped:
    'Das Mikrofon funktioniert nicht mehr. Halte den Knopf gedrückt, um es noch einmal zu versuchen.',
  holdWhileSpeaking: 'Halte den Knopf gedrückt, während du sprichst, und lass ihn dann los.',
  noVoiceSupport: 'Dein Browser unterstützt keine Legungen mit Stimme',
  noVoiceSupportSay:
    'Dein Browser unterstützt keine Legungen mit Stimme. Wechsle zum Textchat, um dir die Karten schriftlich legen zu lassen.',
  nowInPhase: (phase: string): string => `Jetzt in der Phase: ${phase}.`,
  toolDrawing: (position) => `Eine Karte wird für die Position „${position}“ gezogen`,
  toolShowing: (card, reversed) => `${card} wird aufgedeckt${reversed ? ', umgekehrt' : ''}`,
  toolDrawn: 'Karte gezogen',
  toolShown: 'Karte aufgedeckt',
  toolDrawFailed: (why) => `Das Ziehen der Karte hat nicht geklappt: ${why}`,
  toolShowFailed: (why) => `Das Aufdecken der Karte hat nicht geklappt: ${why}`,
  drawingFor: (position: string, role: string): string =>
    `Eine Karte für die Position „${position}“: ${role}. Wähle eine Karte aus dem Deck.`,
};
