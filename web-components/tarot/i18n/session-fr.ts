/** The strings of a reading's session in French (the keys of session-en.ts; see fr.ts). */
import type { tarotSessionEn } from './session-en.ts';

export const tarotSessionFr: typeof tarotSessionEn = {
  rateLimited:
    'Trop de tirages ont été lancés d’ici à l’instant. Patientez une minute, puis réessayez.',
  forbiddenOrigin: 'Cette page n’est pas autorisée à lancer des tirages sur ce serveur.',
  notConfigured: 'Le service de tirage n’est pas configuré sur ce serveur.',
  upstreamUnavailable:
    'Le service de tirage est indisponible pour le moment. Réessayez dans un instant.',
  upstreamBusy: 'Le service de tirage est très sollicité. Réessayez dans un instant.',
  upstreamMisconfigured: 'Le service de tirage est mal configuré sur ce serveur.',
  unreachableAt: (origin: string): string =>
    `Impossible de joindre le service de tirage à ${origin}. Il est peut-être hors ligne, ou il n’accepte pas les tirages venant de ce site.`,
  unreachable: 'Impossible de joindre le service de tirage. Vérifiez votre connexion et réessayez.',
  badToken: 'Le service de tirage a envoyé un jeton que cette page ne peut pas utiliser.',
  serviceAnswered: (status: string): string => `Le service de tirage a répondu ${status}.`,
  serviceError: 'Le service de tirage a répondu par une erreur.',
  micBlocked:
    'Le micro est bloqué pour ce site. Autorisez-le dans les réglages du site de votre navigateur et réessayez, ou passez aux messages.',
  micBusy:
    'Votre micro est utilisé par une autre application ou n’a pas pu démarrer. Fermez l’autre application et réessayez, ou passez aux messages.',
  micMissing: 'Aucun micro n’a été trouvé. Branchez-en un et réessayez, ou passez aux messages.',
  micFailed: (reason: string): string =>
    `Le micro n’a pas pu s’ouvrir : ${reason}. Réessayez, ou passez aux messages.`,
  webRtcFailed:
    'La connexion vocale n’a pas pu s’établir (échec de WebRTC). Vérifiez votre réseau ou votre pare-feu et réessayez, ou passez au mode écrit.',
  keyRefused:
    'Le service vocal n’a pas accepté la clé de cette session. Recommencez pour en obtenir une nouvelle.',
  callPassRefused:
    'Le laissez-passer de ce tirage à voix haute a déjà servi ou a expiré. Recommencez.',
  spendLimitEnded: 'Ce tirage a atteint sa limite et s’est terminé.',
  offlineRefused: 'La tarologue hors ligne a refusé la connexion. Réessayez dans un instant.',
  couldNotConnect:
    'Impossible de se connecter à la tarologue. Vérifiez votre connexion et réessayez.',
  connectTimedOut: 'La tarologue n’a pas répondu à temps. Vérifiez votre connexion et réessayez.',
  webSocketFallback:
    'La connexion vocale n’a pas pu utiliser WebRTC ici : le tirage continue donc par un WebSocket.',
  reconnected: 'Reconnecté. Le tirage reprend là où il en était.',
  reconnecting: 'La connexion avec la tarologue a été coupée. Reconnexion…',
  connectionClosed: 'La connexion avec la tarologue s’est fermée.',
  noCardInTime: 'Aucune carte n’a été choisie à temps. Que voulez-vous faire ?',
  drawCancelled: 'Le tirage de la carte a été annulé. Que voulez-vous faire ?',
  cardNotShown: 'La carte n’a pas pu être révélée. Que voulez-vous faire ?',
  cardNotDrawn: 'La carte n’a pas pu être tirée. Que voulez-vous faire ?',
  wordsNotSent: 'Vos paroles n’ont pas pu être envoyées. Maintenez le bouton et réessayez.',
  micStopped: 'Le micro a cessé de fonctionner. Maintenez le bouton pour réessayer.',
  holdWhileSpeaking: 'Maintenez le bouton enfoncé pendant que vous parlez, puis relâchez-le.',
  noVoiceSupport: 'Votre navigateur ne permet pas les tirages à voix haute',
  noVoiceSupportSay:
    'Votre navigateur ne permet pas les tirages à voix haute. Passez aux messages pour faire votre tirage par écrit.',
  nowInPhase: (phase: string): string => `Étape en cours : ${phase}.`,
  toolDrawing: (position) => `Tirage d’une carte pour la position : ${position}`,
  toolShowing: (card, reversed) => `Révélation de ${card}${reversed ? ', renversée' : ''}`,
  toolDrawn: 'Carte tirée',
  toolShown: 'Carte révélée',
  toolDrawFailed: (why) => `Le tirage de la carte n’a pas fonctionné : ${why}`,
  toolShowFailed: (why) => `La carte n’a pas pu être révélée : ${why}`,
  drawingFor: (position: string, role: string): string =>
    `Tirage d’une carte pour la position ${position} : ${role}. Choisissez une carte dans le jeu.`,
};
