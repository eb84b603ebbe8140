/** The strings of a conversation with BMO in Japanese (the keys of conversation-en.ts; see ja.ts). */
import type { bmoConversationEn } from './conversation-en.ts';

export const bmoConversationJa: typeof bmoConversationEn = {
  announceDisconnected: 'BMOとの接続を切りました。',
  announceConnectedWaiting: '接続しました。BMOが来るのを待っています。',
  announceHere: 'BMOが来ました。',
  announceBack: 'BMOが戻ってきました。',
  announceHintType: 'BMOにメッセージを入力してください。',
  announceHintTalk: 'あいさつするか、入力してください。',
  announceThinking: 'BMOが考えています…',
  announceRetrying: 'BMOのサーバーへの接続を試みています…',
  errorSendFailed: 'メッセージがBMOに届きませんでした。もう一度送信してみてください。',
  errorConnectionLost: 'BMOとの接続が切れました。',
  errorMicDenied:
    'マイクへのアクセスがブロックされたため、BMOにはあなたの声が聞こえません。文字で話しかけることはできます。または、ブラウザーでマイクを許可してから、もう一度お試しください。',
  errorMicUnavailable:
    'マイクを起動できませんでした（見つからないか、ほかのアプリが使用中です）。文字でBMOに話しかけることはできます。',
  errorConnectFailed: 'BMOとの会話を始められませんでした。',
  errorConnectFailedBecause: (how) => `BMOとの会話を始められませんでした${how}。`,
  errorNotConfigured: 'このサーバーではBMOを利用できません。LiveKitが設定されていません。',
  errorRateLimited: '接続の試行が多すぎます。1分ほど待ってから、もう一度お試しください。',
  errorForbiddenOrigin:
    'このサイトはBMOのサーバーと通信する許可がありません。サイトの管理者がサーバー側で許可できます。',
  errorUnreachable: 'サーバーに接続できませんでした。接続を確認して、もう一度お試しください。',
  errorUnreachableAt: (host) =>
    `${host} のBMOのサーバーに接続できませんでした。接続を確認して、もう一度お試しください。失敗が続く場合は、そのサーバーがこのサイトを許可していない可能性があります。`,
  errorInvalidResponse: 'サーバーから、BMOが理解できない応答が返ってきました。',
  errorTokenTimeout:
    'BMOのサーバーから時間内に応答がありませんでした。接続を確認して、もう一度お試しください。',
  errorAgentTimeout: (seconds) => `BMOが${seconds}秒以内に来ませんでした。`,
  errorLoadFailed: 'BMOを読み込めませんでした。接続を確認して、もう一度お試しください。',
  errorRoomRefused:
    'BMOの会話サーバーがこの会話を受け付けませんでした。もう一度お試しください。繰り返し起こる場合は、サイトの管理者にお知らせください。',
  errorRoomUnavailable:
    'BMOの会話サーバーは現在、会話を受け付けていません。1分ほどしてから、もう一度お試しください。',
  errorAgentLeft: 'BMOが会話から抜けました。',
  noticeHearingDown: 'BMOの聞き取りが止まりました。戻るまで文字で話しかけてください。',
  noticeTextAnswers: 'ここではBMOは文字で答えます。声は使えません。',
  noticeOfflineVoice: 'オフラインのBMO：話しかけても入力してもOK。英語を聞き取ります。',
};
