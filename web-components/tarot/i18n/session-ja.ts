/** The strings of a reading's session in Japanese (the keys of session-en.ts; see ja.ts). */
import type { tarotSessionEn } from './session-en.ts';

export const tarotSessionJa: typeof tarotSessionEn = {
  rateLimited:
    'ここから短時間に多くのリーディングが開始されました。1分ほど待ってから、もう一度お試しください。',
  forbiddenOrigin: 'このページには、このサーバーでリーディングを始める権限がありません。',
  notConfigured: 'このサーバーではリーディングのサービスが設定されていません。',
  upstreamUnavailable:
    'リーディングのサービスは現在利用できません。しばらくしてからもう一度お試しください。',
  upstreamBusy:
    'リーディングのサービスが混み合っています。しばらくしてからもう一度お試しください。',
  upstreamMisconfigured: 'このサーバーのリーディングのサービスの設定に誤りがあります。',
  unreachableAt: (origin: string): string =>
    `${origin} のリーディングのサービスに接続できませんでした。停止しているか、このサイトからのリーディングを受け付けていない可能性があります。`,
  unreachable:
    'リーディングのサービスに接続できませんでした。接続を確認して、もう一度お試しください。',
  badToken: 'リーディングのサービスから、このページで使えないトークンが届きました。',
  serviceAnswered: (status: string): string => `リーディングのサービスが ${status} を返しました。`,
  serviceError: 'リーディングのサービスがエラーを返しました。',
  micBlocked:
    'このサイトではマイクがブロックされています。ブラウザーのサイト設定で許可してからもう一度お試しいただくか、チャットに切り替えてください。',
  micBusy:
    'マイクがほかのアプリで使用中か、起動できませんでした。ほかのアプリを閉じてからもう一度お試しいただくか、チャットに切り替えてください。',
  micMissing:
    'マイクが見つかりませんでした。マイクを接続してもう一度お試しいただくか、チャットに切り替えてください。',
  micFailed: (reason: string): string =>
    `マイクを開けませんでした（${reason}）。もう一度お試しいただくか、チャットに切り替えてください。`,
  webRtcFailed:
    '音声の接続を確立できませんでした（WebRTCが失敗しました）。ネットワークやファイアウォールを確認してもう一度お試しいただくか、文字入力に切り替えてください。',
  keyRefused:
    '音声サービスがこのセッションのキーを受け付けませんでした。もう一度お試しいただくと、新しいキーを取得します。',
  callPassRefused:
    'この音声リーディングのパスは使用済みか、期限が切れています。最初からやり直してください。',
  spendLimitEnded: 'このリーディングは上限に達したため、終了しました。',
  offlineRefused:
    'オフラインの占い師が接続を拒否しました。しばらくしてからもう一度お試しください。',
  couldNotConnect: '占い師に接続できませんでした。接続を確認して、もう一度お試しください。',
  connectTimedOut:
    '占い師から時間内に応答がありませんでした。接続を確認して、もう一度お試しください。',
  webSocketFallback:
    'ここでは音声の接続にWebRTCを使えなかったため、WebSocketでリーディングを続けます。',
  reconnected: '再接続しました。リーディングは中断したところから続きます。',
  reconnecting: '占い師との接続が切れました。再接続しています…',
  connectionClosed: '占い師との接続が閉じられました。',
  noCardInTime: '時間内にカードが選ばれませんでした。どうしますか？',
  drawCancelled: 'カードを引くのを取りやめました。どうしますか？',
  cardNotShown: 'カードを表示できませんでした。どうしますか？',
  cardNotDrawn: 'カードを引けませんでした。どうしますか？',
  wordsNotSent: 'お話しした内容を送信できませんでした。ボタンを押して、もう一度お試しください。',
  micStopped: 'マイクが動かなくなりました。ボタンを押して、もう一度お試しください。',
  holdWhileSpeaking: '話している間はボタンを押したままにし、話し終えたら離してください。',
  noVoiceSupport: 'お使いのブラウザーは音声でのリーディングに対応していません',
  noVoiceSupportSay:
    'お使いのブラウザーは音声でのリーディングに対応していません。チャットに切り替えると、文字で占えます。',
  nowInPhase: (phase: string): string => `現在の段階：${phase}。`,
  toolDrawing: (position) => `「${position}」のカードを引いています`,
  toolShowing: (card, reversed) => `${card}${reversed ? '（逆位置）' : ''}を表示しています`,
  toolDrawn: 'カードを引きました',
  toolShown: 'カードを表示しました',
  toolDrawFailed: (why) => `カードを引けませんでした：${why}`,
  toolShowFailed: (why) => `カードを表示できませんでした：${why}`,
  drawingFor: (position: string, role: string): string =>
    `「${position}」（${role}）のカードを引きます。山札からカードを選んでください。`,
};
