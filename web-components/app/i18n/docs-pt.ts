/** /docs's own strings in Brazilian Portuguese (the keys of docs-en.ts). */
import type { DocsStrings } from './docs-en.ts';

const CORNERS: Record<string, string> = {
  'bottom-right': 'inferior direito',
  'bottom-left': 'inferior esquerdo',
  'top-right': 'superior direito',
  'top-left': 'superior esquerdo',
};

export const docsPt: DocsStrings = {
  heading: 'Elementos',
  lede: 'Todos os elementos de {package}, tirados do manifesto: instale com {install} ou carregue uma família de {embed} neste site. Claro ou escuro segue o seu sistema; {light} ou {dark} fixa o tema.',
  elementsNav: 'Elementos',
  checklist: 'Checklist para incorporar',
  familyClass: 'família {family}, classe {class}',
  liveExample: 'Exemplo ao vivo',
  asLauncher: 'Como lançador',
  launcherAbout:
    'Com {variant}, ele espera atrás de um botão num canto da página: este fica no canto {corner}.',
  corner: (placement) => CORNERS[placement] ?? placement,
  attributes: 'Atributos',
  properties: 'Propriedades',
  events: 'Eventos',
  slots: 'Slots',
  parts: 'Partes',
  customProperties: 'Propriedades personalizadas',
  attribute: 'Atributo',
  property: 'Propriedade',
  event: 'Evento',
  slot: 'Slot',
  part: 'Parte',
  type: 'Tipo',
  detail: 'Detalhe',
  description: 'Descrição',
  defaultSlot: '(padrão)',
  useIt: 'Como usar',
  scriptTag: 'Tag script',
  plainEsm: 'npm, ESM puro',
  copy: 'Copiar',
  copyLabel: (snippet, tag) => `Copiar o trecho "${snippet}" de ${tag}`,
  copied: 'Copiado',
  selectAndCopy: 'Selecione e copie',
  cspNote:
    'O seu edge (tokens), a OpenAI (leituras de texto por WebSocket, voz por WebRTC) e o seu host do LiveKit (BMO). A taróloga offline só precisa do edge (o WebSocket dela é wss: no mesmo host).',
  micPolicyNote:
    'As leituras por voz e o BMO pedem o microfone; uma política que o negue faz com que eles avisem e ofereçam texto.',
  iframeNote: 'Um iframe sem isso nunca recebe o microfone, seja qual for a resposta do visitante.',
  originsNote:
    'Um edge em outra origem recusa os pedidos de token do seu site até que a origem dele esteja na lista (aplicado no servidor, não só por CORS).',
  onIframes: '{allow} nos iframes',
  onTheEdge: '{origins} no edge',
  exampleQuestion: 'O que significa A Estrela?',
  exampleAnswer: 'Esperança, renovação, um rumo claro.',
  exampleConsent:
    'Enviamos sua voz para a nossa taróloga responder a você; nada é guardado depois da leitura.',
  exampleLauncher: 'Lançador de exemplo',
  exampleLauncherContent: 'Qualquer conteúdo abre aqui. Esc ou Fechar o guarda.',
  exampleListening: 'Ouvindo',
  exampleIntent: 'Intenção',
  liveRegions: 'Regiões ao vivo (ocultas)',
};

export default docsPt;
