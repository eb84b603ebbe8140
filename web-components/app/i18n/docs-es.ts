/** /docs's own strings in Spanish (the keys of docs-en.ts). */
import type { DocsStrings } from './docs-en.ts';

const CORNERS: Record<string, string> = {
  'bottom-right': 'inferior derecha',
  'bottom-left': 'inferior izquierda',
  'top-right': 'superior derecha',
  'top-left': 'superior izquierda',
};

export const docsEs: DocsStrings = {
  heading: 'Elementos',
  lede: 'Todos los elementos de {package}, sacados de su manifiesto: instálalo con {install} o carga una familia desde {embed} en este sitio. Claro u oscuro sigue a tu sistema; {light} o {dark} lo fija.',
  elementsNav: 'Elementos',
  checklist: 'Lista de comprobación para insertarlos',
  familyClass: 'familia {family}, clase {class}',
  liveExample: 'Ejemplo en vivo',
  asLauncher: 'Como lanzador',
  launcherAbout:
    'Con {variant} espera tras un botón en una esquina de la página: este está en la esquina {corner}.',
  corner: (placement) => CORNERS[placement] ?? placement,
  attributes: 'Atributos',
  properties: 'Propiedades',
  events: 'Eventos',
  slots: 'Ranuras (slots)',
  parts: 'Partes',
  customProperties: 'Propiedades personalizadas',
  attribute: 'Atributo',
  property: 'Propiedad',
  event: 'Evento',
  slot: 'Ranura',
  part: 'Parte',
  type: 'Tipo',
  detail: 'Detalle',
  description: 'Descripción',
  defaultSlot: '(predeterminada)',
  useIt: 'Úsalo',
  scriptTag: 'Etiqueta script',
  plainEsm: 'npm, ESM sin más',
  copy: 'Copiar',
  copyLabel: (snippet, tag) => `Copiar el fragmento «${snippet}» de ${tag}`,
  copied: 'Copiado',
  selectAndCopy: 'Selecciona y copia',
  cspNote:
    'Tu edge (tokens), OpenAI (lecturas de texto por WebSocket, voz por WebRTC) y tu servidor de LiveKit (BMO). La lectora sin conexión solo necesita el edge (su WebSocket es wss: en el mismo host).',
  micPolicyNote:
    'Las lecturas por voz y BMO piden el micrófono; una política que lo niegue hace que lo digan y ofrezcan texto.',
  iframeNote:
    'Un iframe sin esto nunca recibe el micrófono, responda lo que responda el visitante.',
  originsNote:
    'Un edge en otro origen rechaza las peticiones de token de tu sitio hasta que su origen esté en la lista (se aplica en el servidor, no solo con CORS).',
  onIframes: '{allow} en los iframes',
  onTheEdge: '{origins} en el edge',
  exampleQuestion: '¿Qué significa La Estrella?',
  exampleAnswer: 'Esperanza, renovación, un rumbo claro.',
  exampleConsent:
    'Enviamos tu voz a nuestra lectora para responderte; no se guarda nada después de la lectura.',
  exampleLauncher: 'Lanzador de ejemplo',
  exampleLauncherContent: 'Aquí se abre cualquier contenido. Escape o Cerrar lo guarda.',
  exampleListening: 'Escuchando',
  exampleIntent: 'Intención',
  liveRegions: 'Regiones en vivo (ocultas a la vista)',
};

export default docsEs;
