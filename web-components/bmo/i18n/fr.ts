/**
 * The BMO family's element strings in French (the keys of en.ts), for French speakers everywhere:
 * standard French, addressing the visitor as « vous », with French typography. BMO keeps its
 * name.
 */
import type { BmoAgentState } from '../../stores/bmo.ts';
import type { BmoElementStrings } from './en.ts';

const STATES: Record<BmoAgentState, string> = {
  disconnected: 'déconnecté',
  connecting: 'en train de se connecter',
  listening: 'à l’écoute',
  thinking: 'en train de réfléchir',
  speaking: 'en train de parler',
};

export const bmoFr: BmoElementStrings = {
  bmo: 'BMO',
  cassetteHeading: 'Cassette',
  conversationHeading: 'Conversation',
  connect: 'Se connecter',
  connectWithoutMic: 'Se connecter sans micro',
  disconnect: 'Se déconnecter',
  muteMic: 'Couper le micro',
  typeLabel: 'Écrire à BMO',
  send: 'Envoyer',
  hintSend: 'Appuyez sur Entrée pour envoyer.',
  hintConnectFirst: 'Connectez-vous d’abord, puis écrivez ici.',
  hintWaitForBmo: 'Vous pourrez écrire dès que BMO sera arrivé.',
  placeholderDisconnected: 'Connectez-vous pour commencer à parler avec BMO.',
  placeholderConnected: 'Dites bonjour, ou écrivez ci-dessous.',
  you: 'Vous',
  offlineNotice:
    'BMO hors ligne ne lit pas encore le français : écrivez-lui en anglais, et il vous répondra en anglais. Pour lui parler en français, par écrit comme à voix haute, il faut une clé OpenAI.',
  statusDisconnected: 'Non connecté',
  statusConnecting: 'Connexion…',
  statusReconnecting: 'Connexion coupée. Reconnexion…',
  statusWaiting: 'En attente de BMO…',
  statusAbsent: 'BMO n’est pas dans le salon',
  statusTypingOnly: ' (écrit seulement)',
  statusAgent: (state) => `BMO est ${STATES[state]}`,
  faceLabel: (state) =>
    state === 'disconnected' ? 'BMO n’est pas connecté' : `BMO est ${STATES[state]}`,
  actionContinueWithoutMic: 'Continuer sans micro',
  actionTryMicAgain: 'Réessayer le micro',
  actionRetry: 'Réessayer',
  actionReconnect: 'Se reconnecter',
  actionDismiss: 'Fermer le message',
  cassetteOpen: (title) => `Ouvrir la cassette : ${title}`,
  cassetteEmpty: 'Pas encore de cassette',
  cassetteSoundsOff: 'Les sons de la cassette sont coupés',
  cassetteSoundsOn: 'Les sons de la cassette sont activés',
  cassetteMute: 'Couper les sons de la cassette',
  cassetteReceived: (title) => `cassette reçue : ${title}`,
  copy: 'Copier',
  close: 'Fermer',
  copied: 'Copié',
  copySelected:
    'La copie n’est pas possible ici. Le texte est sélectionné : appuyez sur Ctrl+C (ou ⌘C) pour le copier.',
  copyByHand: 'La copie n’est pas possible ici. Sélectionnez le texte et copiez-le vous-même.',
};

export default bmoFr;
