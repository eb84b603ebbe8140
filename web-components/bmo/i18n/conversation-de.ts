/** The strings of a conversation with BMO in German (the keys of conversation-en.ts; see de.ts). */
import { plural } from '../../shared/i18n/plural.ts';
import type { bmoConversationEn } from './conversation-en.ts';

export const bmoConversationDe: typeof bmoConversationEn = {
  announceDisconnected: 'Verbindung zu BMO getrennt.',
  announceConnectedWaiting: 'Verbunden. Warten, bis BMO da ist.',
  announceHere: 'BMO ist da.',
  announceBack: 'BMO ist wieder da.',
  announceHintType: 'Schreib BMO.',
  announceHintTalk: 'Sag Hallo, oder schreib.',
  announceThinking: 'BMO denkt nach …',
  announceRetrying: 'BMOs Server wird weiter zu erreichen versucht …',
  errorSendFailed:
    'Deine Nachricht ist nicht bei BMO angekommen. Versuch, sie noch einmal zu senden.',
  errorConnectionLost: 'Die Verbindung zu BMO ist abgebrochen.',
  errorMicDenied:
    'Der Zugriff auf das Mikrofon wurde gesperrt, deshalb kann BMO dich nicht hören. Du kannst BMO trotzdem schreiben, oder das Mikrofon in deinem Browser erlauben und es noch einmal versuchen.',
  errorMicUnavailable:
    'Es ließ sich kein Mikrofon starten (keins gefunden, oder eine andere App nutzt es). Du kannst BMO trotzdem schreiben.',
  errorConnectFailed: 'Das Gespräch mit BMO konnte nicht beginnen.',
  errorConnectFailedBecause: (how) => `Das Gespräch mit BMO konnte nicht beginnen${how}.`,
  errorNotConfigured: 'BMO ist auf diesem Server nicht verfügbar: LiveKit ist nicht eingerichtet.',
  errorRateLimited:
    'Zu viele Verbindungsversuche. Warte eine Minute und versuch es dann noch einmal.',
  errorForbiddenOrigin:
    'Diese Seite darf nicht mit BMOs Server sprechen. Wer die Seite betreibt, kann das auf dem Server erlauben.',
  errorUnreachable:
    'Der Server ist nicht erreichbar. Prüfe deine Verbindung und versuch es noch einmal.',
  errorUnreachableAt: (host) =>
    `BMOs Server unter ${host} ist nicht erreichbar. Prüfe deine Verbindung und versuch es noch einmal; wenn es weiter scheitert, erlaubt dieser Server diese Seite vielleicht nicht.`,
  errorInvalidResponse: 'Der Server hat etwas geantwortet, das BMO nicht verstanden hat.',
  errorTokenTimeout:
    'BMOs Server hat nicht rechtzeitig geantwortet. Prüfe deine Verbindung und versuch es noch einmal.',
  errorAgentTimeout: (seconds, n) =>
    `BMO ist nicht innerhalb von ${seconds} ${plural('de', n, { one: 'Sekunde', other: 'Sekunden' })} gekommen.`,
  errorLoadFailed:
    'BMO konnte nicht geladen werden: Prüfe deine Verbindung und versuch es noch einmal.',
  errorRoomRefused:
    'BMOs Gesprächsserver hat dieses Gespräch abgewiesen. Versuch es noch einmal; wenn es wieder passiert, sag es der Person, die die Seite betreibt.',
  errorRoomUnavailable:
    'BMOs Gesprächsserver nimmt gerade keine Gespräche an. Versuch es in einer Minute noch einmal.',
  errorAgentLeft: 'BMO hat das Gespräch verlassen.',
  noticeHearingDown: 'BMOs Gehör funktioniert nicht mehr. Schreib BMO, bis es wieder da ist.',
  noticeTextAnswers: 'BMO antwortet hier schriftlich: Seine Stimme ist nicht verfügbar.',
  noticeOfflineVoice: 'BMO offline: sprich oder schreib. BMO versteht Englisch.',
};
