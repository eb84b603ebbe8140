/**
 * The tarot family's strings in French (the keys of en.ts), for French speakers everywhere:
 * standard French, addressing the visitor as « vous », with French typography (a thin space
 * before « ? », « ! » and « : »). Card and position names come from contracts/cards-fr.ts, which
 * names its source.
 */
import { POSITION_NAMES_FR, cardNameFr } from '../../../contracts/cards-fr.ts';
import { positionName } from '../../../contracts/positions.ts';
import type { AgentName } from '../../../contracts/reading.ts';
import type { TarotStrings } from './en.ts';

const PHASES_FR: Record<AgentName, string> = {
  IntentAssessment: 'Votre question',
  SpreadGeneration: 'Le tirage',
  Reading: 'La lecture',
  Followup: 'Vos questions',
};

export const tarotFr: TarotStrings = {
  cardName: (id: string): string => cardNameFr(id) ?? id,
  position: (label: string): string => positionName(POSITION_NAMES_FR, label),
  unknownCard: 'Carte inconnue',
  faceDownCard: 'Carte face cachée',
  upright: 'À l’endroit',
  reversed: 'Renversée',
  cardAs: (name: string, reversed: boolean): string =>
    `${name}, ${reversed ? 'renversée' : 'à l’endroit'}`,
  showing: (card: string): string => `Voici ${card}`,
  chooseCard: 'Choisissez une carte',
  chooseCardFor: (position: string): string => `Choisissez une carte pour : ${position}`,
  drawCardFor: (position: string): string => `Tirez une carte pour : ${position}`,
  noCardsLeft: 'Il ne reste plus de carte à tirer.',
  cardOf: (index: string, total: string): string => `Carte ${index} sur ${total}`,
  drawn: (card: string): string => `tirée : ${card}`,
  youDrew: (card: string): string => `Vous avez tiré ${card}`,
  tarotReading: 'Tirage de tarot',
  textView: 'Tirage par messages',
  voiceView: 'Tirage à voix haute',
  voiceReading: 'Tirage à voix haute',
  voiceReadingHint:
    'Maintenez le bouton (ou la barre d’espace) pour parler à la tarologue, et tirez vos cartes quand elle vous le demande.',
  voiceReadingOffline:
    'Ce site utilise la tarologue hors ligne, qui ne parle qu’anglais : elle ne vous entend pas, alors un tirage à voix haute suit un script de démonstration. Un vrai tirage à voix haute, en français, demande une clé OpenAI.',
  voiceReadingOfflineHears:
    'Ce site utilise la tarologue hors ligne : elle entend l’anglais grâce à une reconnaissance vocale sur cette machine.',
  voiceUnsupported:
    'Votre navigateur ne permet pas les tirages à voix haute : il faut WebRTC et l’accès au micro.',
  voiceUnsupportedTry:
    'Essayez une version récente de Chrome, Edge, Firefox ou Safari, ou choisissez les messages.',
  textChat: 'Par messages',
  textChatHint: 'Écrivez à la tarologue et tirez vos cartes à l’écran.',
  cancelDraw: 'Annuler le tirage',
  drawAgain: 'Tirer à nouveau',
  switchToText: 'Passer à l’écrit',
  phase: (agent: AgentName): string => PHASES_FR[agent],
  phaseIs: 'Étape :',
  phaseEvent: (phase: string): string => `Étape : ${phase}`,
  notStarted: 'Pas commencé',
  notConnected: 'Non connecté',
  connectingReader: 'Connexion à la tarologue…',
  connected: 'Connecté',
  readingEnded: 'Le tirage est terminé',
  connecting: 'Connexion…',
  offlineReaderNotice:
    'Vous utilisez la tarologue hors ligne : une tarologue de démonstration, scriptée et intégrée à ce site, qui ne parle qu’anglais. Ajoutez une clé OpenAI pour un vrai tirage en français.',
  offlineVoiceNotice:
    'Tarologue hors ligne : elle ne parle qu’anglais et ne vous entend pas, alors chaque fois que vous parlez, elle suit un script de démonstration.',
  offlineVoiceHearsNotice: 'Tarologue hors ligne : sur cette machine, elle entend l’anglais.',
  conversation: 'Conversation',
  intro:
    'Posez votre question à la tarologue pour commencer. C’est vous qui tirez les cartes, une à une.',
  you: 'Vous',
  reader: 'Tarologue',
  drawnCard: (card: string): string => `Tirée : ${card}`,
  shownCard: (card: string): string => `Révélée : ${card}`,
  forPosition: (position: string): string => `pour : ${position}`,
  yourSpread: 'Votre tirage',
  noCardsYet: 'Aucune carte tirée pour l’instant.',
  notDrawnYet: 'pas encore tirée',
  pickToContinue: 'Choisissez une carte pour continuer',
  askReader: 'Demandez à la tarologue…',
  yourMessage: 'Votre message',
  send: 'Envoyer',
  endReading: 'Terminer le tirage',
  couldNotStart: 'Le tirage n’a pas pu commencer.',
  endedThanks: 'Le tirage est terminé. Merci d’avoir consulté les cartes avec nous.',
  tryAgain: 'Réessayer',
  retry: 'Recommencer',
  startNewReading: 'Commencer un nouveau tirage',
  chooseAnotherMode: 'Choisir un autre mode',
  back: 'Retour',
  leaveTitle: 'Quitter le tirage ?',
  leaveBody: 'Le tirage prendra fin et la tarologue se déconnectera.',
  stay: 'Rester',
  leave: 'Quitter',
  holdToSpeak: 'Maintenir pour parler',
  voiceNeeds: 'Un tirage à voix haute demande WebRTC et l’accès à un micro (MediaDevices).',
  notHttps:
    'Cette page n’est pas servie en HTTPS, et les navigateurs ne proposent le micro qu’aux pages sécurisées.',
  voiceTryBrowser:
    'Essayez une version récente de Chrome, Edge, Firefox ou Safari, ou faites votre tirage par messages ici.',
  switchToTextChat: 'Passer aux messages',
  switchToTextMode: 'Passer au mode écrit',
  micUnavailable: 'Le micro n’est pas disponible',
  voiceCouldNotConnect: 'Le tirage à voix haute n’a pas pu se connecter',
  choosingSpread: 'La tarologue choisit un tirage adapté à votre question.',
  listening: 'À l’écoute… relâchez pour envoyer.',
  pickCard: 'Choisissez la carte qui vous appelle.',
  layingOut:
    'La tarologue dispose votre tirage. Vous pourrez reprendre la parole une fois la lecture terminée.',
  listenReading:
    'Écoutez la tarologue interpréter chaque carte. Vous pourrez reprendre la parole une fois la lecture terminée.',
  readerSpeaking: 'La tarologue parle. Maintenez le bouton pour l’interrompre.',
  askFollowup: 'Posez une autre question : maintenez le bouton pendant que vous parlez.',
  continue: 'Continuer',
  timeLimitEnded: 'Ce tirage a atteint sa limite de temps et s’est terminé.',
  loadFailed: 'Le tirage n’a pas pu se charger. Vérifiez votre connexion et rechargez la page.',
  costCapNotice: 'Plus qu’une minute : ce tirage se termine dans une minute.',
};

export default tarotFr;
