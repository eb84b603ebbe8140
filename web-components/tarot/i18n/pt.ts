/**
 * The tarot family's strings in Portuguese (the keys of en.ts), written in Brazilian Portuguese
 * and addressing the visitor as "você"; a visitor whose language is `pt-PT` reads these too. Card
 * and position names come from contracts/cards-pt.ts, which names its source.
 */
import { POSITION_NAMES_PT, cardNamePt } from '../../../contracts/cards-pt.ts';
import { positionName } from '../../../contracts/positions.ts';
import type { AgentName } from '../../../contracts/reading.ts';
import type { TarotStrings } from './en.ts';

const PHASES_PT: Record<AgentName, string> = {
  IntentAssessment: 'Sua pergunta',
  SpreadGeneration: 'A tiragem',
  Reading: 'A leitura',
  Followup: 'Suas dúvidas',
};

export const tarotPt: TarotStrings = {
  cardName: (id: string): string => cardNamePt(id) ?? id,
  position: (label: string): string => positionName(POSITION_NAMES_PT, label),
  unknownCard: 'Carta desconhecida',
  faceDownCard: 'Carta virada para baixo',
  upright: 'Na posição normal',
  reversed: 'Invertida',
  cardAs: (name: string, reversed: boolean): string =>
    `${name}, ${reversed ? 'invertida' : 'na posição normal'}`,
  showing: (card: string): string => `Mostrando ${card}`,
  chooseCard: 'Escolha uma carta',
  chooseCardFor: (position: string): string => `Escolha uma carta para ${position}`,
  drawCardFor: (position: string): string => `Tire uma carta para ${position}`,
  noCardsLeft: 'Não sobrou nenhuma carta para tirar.',
  cardOf: (index: string, total: string): string => `Carta ${index} de ${total}`,
  drawn: (card: string): string => `tirada: ${card}`,
  youDrew: (card: string): string => `Você tirou ${card}`,
  tarotReading: 'Leitura de tarô',
  textView: 'Leitura por chat de texto',
  voiceView: 'Leitura por voz',
  voiceReading: 'Leitura por voz',
  voiceReadingHint:
    'Segure o botão de falar (ou a barra de espaço) para falar com a taróloga, e tire suas cartas quando ela pedir.',
  voiceReadingOffline:
    'Este site usa a taróloga offline, que só fala inglês: ela não consegue ouvir você, então a leitura por voz segue um roteiro de demonstração. Uma leitura por voz de verdade, em português, precisa de uma chave da OpenAI.',
  voiceReadingOfflineHears:
    'Este site usa a taróloga offline: ela ouve inglês por meio de um reconhecedor de voz neste computador.',
  voiceUnsupported:
    'Seu navegador não oferece leituras por voz: ele precisa de WebRTC e de acesso ao microfone.',
  voiceUnsupportedTry:
    'Tente uma versão atual do Chrome, Edge, Firefox ou Safari, ou escolha o chat de texto.',
  textChat: 'Chat de texto',
  textChatHint: 'Converse por escrito com a taróloga e tire suas cartas na tela.',
  cancelDraw: 'Cancelar',
  drawAgain: 'Tirar de novo',
  switchToText: 'Mudar para texto',
  phase: (agent: AgentName): string => PHASES_PT[agent],
  phaseIs: 'Fase:',
  phaseEvent: (phase: string): string => `Fase: ${phase}`,
  notStarted: 'Não iniciada',
  notConnected: 'Sem conexão',
  connectingReader: 'Conectando com a taróloga…',
  connected: 'Conectada',
  readingEnded: 'A leitura terminou',
  connecting: 'Conectando…',
  offlineReaderNotice:
    'Você está usando a taróloga offline: uma taróloga de demonstração com roteiro, embutida neste site, que só fala inglês. Adicione uma chave da OpenAI para uma leitura de verdade em português.',
  offlineVoiceNotice:
    'Taróloga offline: ela só fala inglês e não consegue ouvir você, então, cada vez que você fala, ela segue um roteiro de demonstração.',
  offlineVoiceHearsNotice: 'Taróloga offline: neste computador, ela ouve inglês.',
  conversation: 'Conversa',
  intro: 'Faça sua pergunta à taróloga para começar. Quem tira as cartas é você, uma de cada vez.',
  you: 'Você',
  reader: 'Taróloga',
  drawnCard: (card: string): string => `Tirada: ${card}`,
  shownCard: (card: string): string => `Revelada: ${card}`,
  forPosition: (position: string): string => `para ${position}`,
  yourSpread: 'Sua tiragem',
  noCardsYet: 'Nenhuma carta tirada ainda.',
  notDrawnYet: 'ainda não tirada',
  pickToContinue: 'Escolha uma carta para continuar',
  askReader: 'Pergunte à taróloga…',
  yourMessage: 'Sua mensagem',
  send: 'Enviar',
  endReading: 'Encerrar a leitura',
  couldNotStart: 'Não foi possível começar a leitura.',
  endedThanks: 'A leitura terminou. Obrigado por consultar as cartas com a gente.',
  tryAgain: 'Tentar de novo',
  retry: 'Tentar novamente',
  startNewReading: 'Começar uma nova leitura',
  chooseAnotherMode: 'Escolher outro modo',
  back: 'Voltar',
  leaveTitle: 'Sair da leitura?',
  leaveBody: 'A leitura vai terminar e a taróloga vai se desconectar.',
  stay: 'Ficar',
  leave: 'Sair',
  holdToSpeak: 'Segure para falar',
  voiceNeeds: 'Uma leitura por voz precisa de WebRTC e de acesso a um microfone (MediaDevices).',
  notHttps:
    'Esta página não é servida por HTTPS, e os navegadores só oferecem o microfone a páginas seguras.',
  voiceTryBrowser:
    'Tente uma versão atual do Chrome, Edge, Firefox ou Safari, ou faça a leitura pelo chat de texto aqui.',
  switchToTextChat: 'Mudar para o chat de texto',
  switchToTextMode: 'Mudar para o modo texto',
  micUnavailable: 'O microfone não está disponível',
  voiceCouldNotConnect: 'Não foi possível conectar a leitura por voz',
  choosingSpread: 'A taróloga está escolhendo uma tiragem para a sua pergunta.',
  listening: 'Ouvindo… solte para enviar.',
  pickCard: 'Escolha a carta que chama você.',
  layingOut:
    'A taróloga está dispondo a sua tiragem. Você poderá falar de novo quando a leitura terminar.',
  listenReading:
    'Ouça a taróloga interpretar cada carta. Você poderá falar de novo quando a leitura terminar.',
  readerSpeaking: 'A taróloga está falando. Segure o botão para interromper.',
  askFollowup: 'Faça outra pergunta: segure o botão enquanto fala.',
  continue: 'Continuar',
  timeLimitEnded: 'Esta leitura atingiu o limite de tempo e terminou.',
  loadFailed: 'Não foi possível carregar a leitura. Verifique sua conexão e recarregue a página.',
  costCapNotice: 'Falta um minuto: esta leitura termina em um minuto.',
};

export default tarotPt;
