/**
 * The BMO family's element strings in Portuguese (the keys of en.ts), written in Brazilian
 * Portuguese and addressing the visitor as "você"; a `pt-PT` visitor reads these too. BMO keeps
 * its name.
 */
import type { BmoAgentState } from '../../stores/bmo.ts';
import type { BmoElementStrings } from './en.ts';

const STATES: Record<BmoAgentState, string> = {
  disconnected: 'desconectado',
  connecting: 'conectando',
  listening: 'ouvindo',
  thinking: 'pensando',
  speaking: 'falando',
};

export const bmoPt: BmoElementStrings = {
  bmo: 'BMO',
  cassetteHeading: 'Fita',
  conversationHeading: 'Conversa',
  connect: 'Conectar',
  connectWithoutMic: 'Conectar sem microfone',
  disconnect: 'Desconectar',
  muteMic: 'Silenciar o microfone',
  typeLabel: 'Escreva para o BMO',
  send: 'Enviar',
  hintSend: 'Pressione Enter para enviar.',
  hintConnectFirst: 'Conecte-se primeiro e depois escreva aqui.',
  hintWaitForBmo: 'Você vai poder escrever quando o BMO chegar.',
  placeholderDisconnected: 'Conecte-se para começar a conversar com o BMO.',
  placeholderConnected: 'Diga oi, ou escreva abaixo.',
  you: 'Você',
  offlineNotice:
    'O BMO offline ainda não lê português: escreva para ele em inglês, e ele responde em inglês. Para conversar com o BMO em português, por escrito ou por voz, é preciso uma chave da OpenAI.',
  statusDisconnected: 'Sem conexão',
  statusConnecting: 'Conectando…',
  statusReconnecting: 'A conexão caiu. Reconectando…',
  statusWaiting: 'Esperando o BMO chegar…',
  statusAbsent: 'O BMO não está na sala',
  statusTypingOnly: ' (só texto)',
  statusAgent: (state) => `BMO está ${STATES[state]}`,
  faceLabel: (state) =>
    state === 'disconnected' ? 'BMO não está conectado' : `BMO está ${STATES[state]}`,
  actionContinueWithoutMic: 'Continuar sem microfone',
  actionTryMicAgain: 'Tentar o microfone de novo',
  actionRetry: 'Tentar de novo',
  actionReconnect: 'Reconectar',
  actionDismiss: 'Fechar aviso',
  cassetteOpen: (title) => `Abrir fita: ${title}`,
  cassetteEmpty: 'Nenhuma fita ainda',
  cassetteSoundsOff: 'Os sons da fita estão desligados',
  cassetteSoundsOn: 'Os sons da fita estão ligados',
  cassetteMute: 'Silenciar os sons da fita',
  cassetteReceived: (title) => `fita recebida: ${title}`,
  copy: 'Copiar',
  close: 'Fechar',
  copied: 'Copiado',
  copySelected:
    'Não é possível copiar aqui. O texto está selecionado: pressione Ctrl+C (ou ⌘C) para copiá-lo.',
  copyByHand: 'Não é possível copiar aqui. Selecione o texto e copie você mesmo.',
};

export default bmoPt;
