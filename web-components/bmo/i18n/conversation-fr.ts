/** The strings of a conversation with BMO in French (the keys of conversation-en.ts; see fr.ts). */
import { plural } from '../../shared/i18n/plural.ts';
import type { bmoConversationEn } from './conversation-en.ts';

export const bmoConversationFr: typeof bmoConversationEn = {
  announceDisconnected: 'Déconnecté de BMO.',
  announceConnectedWaiting: 'Connecté. En attente de BMO.',
  announceHere: 'BMO est là.',
  announceBack: 'BMO est de retour.',
  announceHintType: 'Écrivez à BMO.',
  announceHintTalk: 'Dites bonjour, ou écrivez.',
  announceThinking: 'BMO réfléchit…',
  announceRetrying: 'Nouvelle tentative pour joindre le serveur de BMO…',
  errorSendFailed: 'Votre message n’est pas arrivé jusqu’à BMO. Essayez de le renvoyer.',
  errorConnectionLost: 'La connexion avec BMO a été perdue.',
  errorMicDenied:
    'L’accès au micro a été bloqué, alors BMO ne vous entend pas. Vous pouvez toujours lui écrire, ou autoriser le micro dans votre navigateur et réessayer.',
  errorMicUnavailable:
    'Aucun micro n’a pu démarrer (aucun n’a été trouvé, ou une autre application l’utilise). Vous pouvez toujours écrire à BMO.',
  errorConnectFailed: 'Impossible de commencer une conversation avec BMO.',
  errorConnectFailedBecause: (how) => `Impossible de commencer une conversation avec BMO${how}.`,
  errorNotConfigured: 'BMO n’est pas disponible sur ce serveur : LiveKit n’est pas configuré.',
  errorRateLimited: 'Trop de tentatives de connexion. Patientez une minute, puis réessayez.',
  errorForbiddenOrigin:
    'Ce site n’est pas autorisé à parler au serveur de BMO. Son propriétaire peut l’autoriser sur le serveur.',
  errorUnreachable: 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
  errorUnreachableAt: (host) =>
    `Impossible de joindre le serveur de BMO à ${host}. Vérifiez votre connexion et réessayez ; si l’échec persiste, ce serveur n’autorise peut-être pas ce site.`,
  errorInvalidResponse: 'Le serveur a répondu quelque chose que BMO n’a pas compris.',
  errorTokenTimeout:
    'Le serveur de BMO n’a pas répondu à temps. Vérifiez votre connexion et réessayez.',
  errorAgentTimeout: (seconds, n) =>
    `BMO n’est pas arrivé dans les ${seconds} ${plural('fr', n, { one: 'seconde', other: 'secondes' })}.`,
  errorLoadFailed: 'BMO n’a pas pu se charger : vérifiez votre connexion et réessayez.',
  errorRoomRefused:
    'Le serveur de conversation de BMO a refusé cette conversation. Réessayez ; si cela se reproduit, prévenez le propriétaire du site.',
  errorRoomUnavailable:
    'Le serveur de conversation de BMO n’accepte pas de conversations pour le moment. Réessayez dans une minute.',
  errorAgentLeft: 'BMO a quitté la conversation.',
  noticeHearingDown:
    'L’ouïe de BMO ne fonctionne plus. Écrivez à BMO en attendant qu’elle revienne.',
  noticeTextAnswers: 'Ici, BMO répond par écrit : sa voix n’est pas disponible.',
  noticeOfflineVoice: 'BMO hors ligne : parlez ou écrivez. Il entend l’anglais.',
};
