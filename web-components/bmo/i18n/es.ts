/** The BMO family's element strings in Spanish (the keys of en.ts). */
import type { BmoAgentState } from '../../stores/bmo.ts';
import type { BmoElementStrings } from './en.ts';

const STATES: Record<BmoAgentState, string> = {
  disconnected: 'desconectado',
  connecting: 'conectándose',
  listening: 'escuchando',
  thinking: 'pensando',
  speaking: 'hablando',
};

export const bmoEs: BmoElementStrings = {
  bmo: 'BMO',
  cassetteHeading: 'Casete',
  conversationHeading: 'Conversación',
  connect: 'Conectar',
  connectWithoutMic: 'Conectar sin micrófono',
  disconnect: 'Desconectar',
  muteMic: 'Silenciar micrófono',
  typeLabel: 'Escríbele a BMO',
  send: 'Enviar',
  hintSend: 'Pulsa Intro para enviar.',
  hintConnectFirst: 'Conéctate primero y luego escribe aquí.',
  hintWaitForBmo: 'Podrás escribir cuando BMO haya llegado.',
  placeholderDisconnected: 'Conéctate para empezar a hablar con BMO.',
  placeholderConnected: 'Saluda, o escribe abajo.',
  you: 'Tú',
  offlineNotice: 'BMO no puede oírte aquí: escríbele.',
  statusDisconnected: 'Sin conexión',
  statusConnecting: 'Conectando…',
  statusReconnecting: 'Se cortó la conexión. Reconectando…',
  statusWaiting: 'Esperando a que BMO llegue…',
  statusAbsent: 'BMO no está en la sala',
  statusTypingOnly: ' (solo texto)',
  statusAgent: (state) => `BMO está ${STATES[state]}`,
  faceLabel: (state) =>
    state === 'disconnected' ? 'BMO no está conectado' : `BMO está ${STATES[state]}`,
  actionContinueWithoutMic: 'Seguir sin micrófono',
  actionTryMicAgain: 'Probar el micrófono otra vez',
  actionRetry: 'Reintentar',
  actionReconnect: 'Reconectar',
  actionDismiss: 'Cerrar aviso',
  cassetteOpen: (title) => `Abrir casete: ${title}`,
  cassetteEmpty: 'Todavía no hay casete',
  cassetteSoundsOff: 'Los sonidos del casete están apagados',
  cassetteSoundsOn: 'Los sonidos del casete están encendidos',
  cassetteMute: 'Silenciar los sonidos del casete',
  cassetteReceived: (title) => `casete recibido: ${title}`,
  copy: 'Copiar',
  close: 'Cerrar',
  copied: 'Copiado',
  copySelected:
    'Aquí no se puede copiar. El texto está seleccionado: pulsa Ctrl+C (o ⌘C) para copiarlo.',
  copyByHand: 'Aquí no se puede copiar. Selecciona el texto y cópialo tú.',
};

export default bmoEs;
