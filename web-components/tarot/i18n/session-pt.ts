/** The strings of a reading's session in Brazilian Portuguese (the keys of session-en.ts; see pt.ts). */
import type { tarotSessionEn } from './session-en.ts';

export const tarotSessionPt: typeof tarotSessionEn = {
  rateLimited:
    'Muitas leituras foram iniciadas daqui agora há pouco. Espere um minuto e tente de novo.',
  forbiddenOrigin: 'Esta página não tem permissão para iniciar leituras neste servidor.',
  notConfigured: 'O serviço de leituras não está configurado neste servidor.',
  upstreamUnavailable:
    'O serviço de leituras está indisponível no momento. Tente de novo daqui a pouco.',
  upstreamBusy: 'O serviço de leituras está ocupado no momento. Tente de novo daqui a pouco.',
  upstreamMisconfigured: 'O serviço de leituras está mal configurado neste servidor.',
  unreachableAt: (origin: string): string =>
    `Não foi possível acessar o serviço de leituras em ${origin}. Talvez ele esteja fora do ar, ou não aceite leituras deste site.`,
  unreachable:
    'Não foi possível acessar o serviço de leituras. Verifique sua conexão e tente de novo.',
  badToken: 'O serviço de leituras enviou um token que esta página não consegue usar.',
  serviceAnswered: (status: string): string => `O serviço de leituras respondeu ${status}.`,
  serviceError: 'O serviço de leituras respondeu com um erro.',
  micBlocked:
    'O microfone está bloqueado para este site. Permita-o nas configurações do site no seu navegador e tente de novo, ou mude para o chat de texto.',
  micBusy:
    'Seu microfone está sendo usado por outro aplicativo ou não pôde ser iniciado. Feche o outro aplicativo e tente de novo, ou mude para o chat de texto.',
  micMissing:
    'Nenhum microfone foi encontrado. Conecte um e tente de novo, ou mude para o chat de texto.',
  micFailed: (reason: string): string =>
    `Não foi possível abrir o microfone: ${reason}. Tente de novo, ou mude para o chat de texto.`,
  webRtcFailed:
    'Não foi possível estabelecer a conexão de voz (o WebRTC falhou). Verifique sua rede ou firewall e tente de novo, ou mude para o modo texto.',
  keyRefused:
    'O serviço de voz não aceitou a chave desta sessão. Tente novamente para receber uma nova.',
  callPassRefused: 'O passe desta leitura por voz já foi usado ou expirou. Comece de novo.',
  spendLimitEnded: 'Esta leitura chegou ao limite e terminou.',
  offlineRefused: 'A taróloga offline recusou a conexão. Tente de novo daqui a pouco.',
  couldNotConnect:
    'Não foi possível conectar com a taróloga. Verifique sua conexão e tente de novo.',
  connectTimedOut: 'A taróloga não respondeu a tempo. Verifique sua conexão e tente de novo.',
  webSocketFallback:
    'A conexão de voz não pôde usar WebRTC aqui, então a leitura continua por um WebSocket.',
  reconnected: 'Conexão restabelecida. A leitura continua de onde parou.',
  reconnecting: 'A conexão com a taróloga caiu. Reconectando…',
  connectionClosed: 'A conexão com a taróloga foi encerrada.',
  noCardInTime: 'Nenhuma carta foi escolhida a tempo. O que você quer fazer?',
  drawCancelled: 'A carta não foi tirada: você cancelou. O que você quer fazer?',
  cardNotShown: 'Não foi possível mostrar a carta. O que você quer fazer?',
  cardNotDrawn: 'Não foi possível tirar a carta. O que você quer fazer?',
  wordsNotSent: 'Não foi possível enviar o que você disse. Segure o botão e tente de novo.',
  micStopped: 'O microfone parou de funcionar. Segure o botão para tentar de novo.',
  holdWhileSpeaking: 'Segure o botão enquanto fala e depois solte.',
  noVoiceSupport: 'Seu navegador não oferece leituras por voz',
  noVoiceSupportSay:
    'Seu navegador não oferece leituras por voz. Mude para o chat de texto para fazer a leitura por escrito.',
  nowInPhase: (phase: string): string => `Agora na fase: ${phase}.`,
  toolDrawing: (position) => `Tirando uma carta para a posição ${position}`,
  toolShowing: (card, reversed) => `Mostrando ${card}${reversed ? ', invertida' : ''}`,
  toolDrawn: 'Carta tirada',
  toolShown: 'Carta mostrada',
  toolDrawFailed: (why) => `Não deu para tirar a carta: ${why}`,
  toolShowFailed: (why) => `Não deu para mostrar a carta: ${why}`,
  drawingFor: (position: string, role: string): string =>
    `Tirando uma carta para a posição ${position}: ${role}. Escolha uma carta do baralho.`,
};
