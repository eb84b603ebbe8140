/** /docs's own strings in French (the keys of docs-en.ts). */
import type { DocsStrings } from './docs-en.ts';

const CORNERS: Record<string, string> = {
  'bottom-right': 'en bas à droite',
  'bottom-left': 'en bas à gauche',
  'top-right': 'en haut à droite',
  'top-left': 'en haut à gauche',
};

export const docsFr: DocsStrings = {
  heading: 'Éléments',
  lede: 'Tous les éléments de {package}, tirés de son manifeste : installez-le avec {install} ou chargez une famille depuis {embed} sur ce site. Clair ou sombre suit votre système ; {light} ou {dark} le fixe.',
  elementsNav: 'Éléments',
  checklist: 'Liste de contrôle pour l’intégration',
  familyClass: 'famille {family}, classe {class}',
  liveExample: 'Exemple en direct',
  asLauncher: 'En lanceur',
  launcherAbout:
    'Avec {variant}, il attend derrière un bouton dans un coin de la page : celui-ci est {corner}.',
  corner: (placement) => CORNERS[placement] ?? placement,
  attributes: 'Attributs',
  properties: 'Propriétés',
  events: 'Événements',
  slots: 'Emplacements (slots)',
  parts: 'Parties',
  customProperties: 'Propriétés personnalisées',
  attribute: 'Attribut',
  property: 'Propriété',
  event: 'Événement',
  slot: 'Emplacement',
  part: 'Partie',
  type: 'Type',
  detail: 'Détail',
  description: 'Description',
  defaultSlot: '(par défaut)',
  useIt: 'L’utiliser',
  scriptTag: 'Balise script',
  plainEsm: 'npm, ESM simple',
  copy: 'Copier',
  copyLabel: (snippet, tag) => `Copier l’extrait « ${snippet} » pour ${tag}`,
  copied: 'Copié',
  selectAndCopy: 'Sélectionnez et copiez',
  cspNote:
    'Votre edge (jetons), OpenAI (tirages écrits par WebSocket, voix par WebRTC) et votre serveur LiveKit (BMO). La tarologue hors ligne n’a besoin que de l’edge (son WebSocket est en wss: sur le même hôte).',
  micPolicyNote:
    'Les tirages à voix haute et BMO demandent le micro ; une politique qui le refuse les fait le dire et proposer l’écrit.',
  iframeNote: 'Une iframe sans cela n’obtient jamais le micro, quoi que réponde le visiteur.',
  originsNote:
    'Un edge sur une autre origine refuse les demandes de jeton de votre site tant que son origine n’est pas dans la liste (appliqué côté serveur, pas seulement par CORS).',
  onIframes: '{allow} sur les iframes',
  onTheEdge: '{origins} sur l’edge',
  exampleQuestion: 'Que signifie L’Étoile ?',
  exampleAnswer: 'L’espoir, le renouveau, un cap clair.',
  exampleConsent:
    'Nous envoyons votre voix à notre tarologue pour vous répondre ; rien n’est conservé après le tirage.',
  exampleLauncher: 'Lanceur d’exemple',
  exampleLauncherContent: 'N’importe quel contenu s’ouvre ici. Échap ou Fermer le range.',
  exampleListening: 'À l’écoute',
  exampleIntent: 'Intention',
  liveRegions: 'Régions actives (masquées à l’écran)',
};

export default docsFr;
