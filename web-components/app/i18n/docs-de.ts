/** /docs's own strings in German (the keys of docs-en.ts). */
import type { DocsStrings } from './docs-en.ts';

const CORNERS: Record<string, string> = {
  'bottom-right': 'unten rechts',
  'bottom-left': 'unten links',
  'top-right': 'oben rechts',
  'top-left': 'oben links',
};

export const docsDe: DocsStrings = {
  heading: 'Elemente',
  lede: 'Alle Elemente von {package}, aus seinem Manifest: Installiere es mit {install} oder lade eine Familie von {embed} auf dieser Website. Hell oder dunkel folgt deinem System; {light} oder {dark} legt es fest.',
  elementsNav: 'Elemente',
  checklist: 'Checkliste zum Einbinden',
  familyClass: 'Familie {family}, Klasse {class}',
  liveExample: 'Live-Beispiel',
  asLauncher: 'Als Launcher',
  launcherAbout:
    'Mit {variant} wartet es hinter einem Knopf in einer Ecke der Seite: Dieser sitzt {corner}.',
  corner: (placement) => CORNERS[placement] ?? placement,
  attributes: 'Attribute',
  properties: 'Eigenschaften',
  events: 'Ereignisse',
  slots: 'Slots',
  parts: 'Parts',
  customProperties: 'Benutzerdefinierte Eigenschaften',
  attribute: 'Attribut',
  property: 'Eigenschaft',
  event: 'Ereignis',
  slot: 'Slot',
  part: 'Part',
  type: 'Typ',
  detail: 'Detail',
  description: 'Beschreibung',
  defaultSlot: '(Standard)',
  useIt: 'Verwenden',
  scriptTag: 'Script-Tag',
  plainEsm: 'npm, reines ESM',
  copy: 'Kopieren',
  copyLabel: (snippet, tag) => `Das Snippet „${snippet}“ für ${tag} kopieren`,
  copied: 'Kopiert',
  selectAndCopy: 'Markieren und kopieren',
  cspNote:
    'Deine Edge (Tokens), OpenAI (Text-Legungen per WebSocket, Stimme per WebRTC) und dein LiveKit-Host (BMO). Die Offline-Kartenlegerin braucht nur die Edge (ihr WebSocket ist wss: auf demselben Host).',
  micPolicyNote:
    'Legungen mit Stimme und BMO fragen nach dem Mikrofon; eine Richtlinie, die es verweigert, lässt sie das sagen und Text anbieten.',
  iframeNote:
    'Ein iframe ohne das bekommt nie das Mikrofon, was auch immer die Besucherin antwortet.',
  originsNote:
    'Eine Edge auf einem anderen Origin lehnt die Token-Anfragen deiner Website ab, bis ihr Origin in der Liste steht (auf dem Server durchgesetzt, nicht nur per CORS).',
  onIframes: '{allow} an iframes',
  onTheEdge: '{origins} auf der Edge',
  exampleQuestion: 'Was bedeutet Der Stern?',
  exampleAnswer: 'Hoffnung, Erneuerung, eine klare Richtung.',
  exampleConsent:
    'Wir senden deine Stimme an unsere Kartenlegerin, um dir zu antworten; nach der Legung wird nichts aufbewahrt.',
  exampleLauncher: 'Beispiel-Launcher',
  exampleLauncherContent:
    'Hier öffnet sich beliebiger Inhalt. Escape oder Schließen räumt ihn weg.',
  exampleListening: 'Hört zu',
  exampleIntent: 'Anliegen',
  liveRegions: 'Live-Regionen (unsichtbar)',
};

export default docsDe;
