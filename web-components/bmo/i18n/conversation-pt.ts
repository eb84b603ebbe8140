/** The strings of a conversation with BMO in Portuguese (the keys of conversation-en.ts; see pt.ts). */
import { plural } from '../../shared/i18n/plural.ts';
import type { bmoConversationEn } from './conversation-en.ts';

export const bmoConversationPt: typeof bmoConversationEn = {
  announceDisconnected: 'Desconectado do BMO.',
  announceConnectedWaiting: 'Conectado. Esperando o BMO chegar.',
  announceHere: 'O BMO chegou.',
  announceBack: 'O BMO voltou.',
  announceHintType: 'Escreva para o BMO.',
  announceHintTalk: 'Diga oi, ou escreva.',
  announceThinking: 'O BMO está pensando…',
  announceRetrying: 'Ainda tentando falar com o servidor do BMO…',
  errorSendFailed: 'Sua mensagem não chegou ao BMO. Tente enviar de novo.',
  errorConnectionLost: 'A conexão com o BMO caiu.',
  errorMicDenied:
    'O acesso ao microfone foi bloqueado, então o BMO não consegue ouvir você. Você ainda pode escrever para o BMO, ou permitir o microfone no navegador e tentar de novo.',
  errorMicUnavailable:
    'Nenhum microfone pôde ser iniciado (nenhum foi encontrado, ou outro aplicativo está usando). Você ainda pode escrever para o BMO.',
  errorConnectFailed: 'Não foi possível começar uma conversa com o BMO.',
  errorConnectFailedBecause: (how) => `Não foi possível começar uma conversa com o BMO${how}.`,
  errorNotConfigured: 'O BMO não está disponível neste servidor: o LiveKit não está configurado.',
  errorRateLimited: 'Muitas tentativas de conexão. Espere um minuto e tente de novo.',
  errorForbiddenOrigin:
    'Este site não tem permissão para falar com o servidor do BMO. Quem cuida do site pode liberar isso no servidor.',
  errorUnreachable: 'Não foi possível acessar o servidor. Verifique sua conexão e tente de novo.',
  errorUnreachableAt: (host) =>
    `Não foi possível acessar o servidor do BMO em ${host}. Verifique sua conexão e tente de novo; se continuar falhando, talvez esse servidor não permita este site.`,
  errorInvalidResponse: 'O servidor respondeu algo que o BMO não entendeu.',
  errorTokenTimeout:
    'O servidor do BMO não respondeu a tempo. Verifique sua conexão e tente de novo.',
  errorAgentTimeout: (seconds, n) =>
    `O BMO não chegou em ${seconds} ${plural('pt', n, { one: 'segundo', other: 'segundos' })}.`,
  errorLoadFailed: 'O BMO não pôde ser carregado: verifique sua conexão e tente de novo.',
  errorRoomRefused:
    'O servidor de conversas do BMO recusou esta conversa. Tente de novo; se continuar acontecendo, avise quem cuida do site.',
  errorRoomUnavailable:
    'O servidor de conversas do BMO não está aceitando conversas agora. Tente de novo daqui a um minuto.',
  errorAgentLeft: 'O BMO saiu da conversa.',
  noticeHearingDown: 'A audição do BMO parou de funcionar. Escreva para o BMO até ela voltar.',
  noticeTextAnswers: 'Aqui o BMO responde por escrito: a voz dele não está disponível.',
  noticeOfflineVoice: 'BMO offline: fale ou escreva. Ele entende inglês.',
};
