/**
 * The tarot family's strings in Japanese (the keys of en.ts), for visitors in Japan: the polite
 * です・ます style of Japanese sites, with Japanese punctuation (、。「」). Card and position names
 * come from contracts/cards-ja.ts, which names its source.
 */
import { POSITION_NAMES_JA, cardNameJa } from '../../../contracts/cards-ja.ts';
import { positionName } from '../../../contracts/positions.ts';
import type { AgentName } from '../../../contracts/reading.ts';
import type { TarotStrings } from './en.ts';

const PHASES_JA: Record<AgentName, string> = {
  IntentAssessment: 'ご相談',
  SpreadGeneration: 'スプレッド',
  Reading: 'リーディング',
  Followup: '追加の質問',
};

export const tarotJa: TarotStrings = {
  cardName: (id: string): string => cardNameJa(id) ?? id,
  position: (label: string): string => positionName(POSITION_NAMES_JA, label),
  unknownCard: '不明なカード',
  faceDownCard: '伏せたカード',
  upright: '正位置',
  reversed: '逆位置',
  cardAs: (name: string, reversed: boolean): string =>
    `${name}（${reversed ? '逆位置' : '正位置'}）`,
  showing: (card: string): string => `${card}を表示しています`,
  chooseCard: 'カードを選んでください',
  chooseCardFor: (position: string): string => `「${position}」のカードを選んでください`,
  drawCardFor: (position: string): string => `「${position}」のカードを引く`,
  noCardsLeft: '引けるカードは残っていません。',
  cardOf: (index: string, total: string): string => `${total}枚中${index}枚目のカード`,
  drawn: (card: string): string => `引いたカード：${card}`,
  youDrew: (card: string): string => `${card}を引きました`,
  tarotReading: 'タロット占い',
  textView: 'チャットでのリーディング',
  voiceView: '音声でのリーディング',
  voiceReading: '音声で占う',
  voiceReadingHint:
    '話すボタン（またはスペースキー）を押している間、占い師に話しかけられます。求められたらカードを引いてください。',
  voiceReadingOffline:
    'このサイトはオフラインの占い師を使っています。この占い師は英語しか話せず、あなたの声も聞き取れないため、音声でのリーディングはデモ用の台本どおりに進みます。日本語での本物の音声リーディングにはOpenAIのキーが必要です。',
  voiceReadingOfflineHears:
    'このサイトはオフラインの占い師を使っています。このコンピューター上の音声認識で英語を聞き取ります。',
  voiceUnsupported:
    'お使いのブラウザーは音声でのリーディングに対応していません。WebRTCとマイクへのアクセスが必要です。',
  voiceUnsupportedTry:
    '最新のChrome、Edge、Firefox、Safariをお試しいただくか、チャットをお選びください。',
  textChat: 'チャットで占う',
  textChatHint: '占い師と文字でやりとりし、画面上でカードを引きます。',
  cancelDraw: '引くのをやめる',
  drawAgain: 'もう一度引く',
  switchToText: 'チャットに切り替える',
  phase: (agent: AgentName): string => PHASES_JA[agent],
  phaseIs: '段階：',
  phaseEvent: (phase: string): string => `段階：${phase}`,
  notStarted: '未開始',
  notConnected: '未接続',
  connectingReader: '占い師に接続しています…',
  connected: '接続しました',
  readingEnded: 'リーディングは終了しました',
  connecting: '接続しています…',
  offlineReaderNotice:
    'オフラインの占い師を使っています。このサイトに組み込まれた、台本どおりに進むデモの占い師で、英語でしか話せません。日本語での本物のリーディングには、OpenAIのキーを追加してください。',
  offlineVoiceNotice:
    'オフラインの占い師：英語しか話せず、あなたの声も聞き取れないため、話すたびにデモ用の台本どおりに進みます。',
  offlineVoiceHearsNotice: 'オフラインの占い師：このコンピューター上で英語を聞き取ります。',
  conversation: '会話',
  intro: '占い師に質問をして始めましょう。カードはあなたが一枚ずつ引きます。',
  you: 'あなた',
  reader: '占い師',
  drawnCard: (card: string): string => `引いたカード：${card}`,
  shownCard: (card: string): string => `開いたカード：${card}`,
  forPosition: (position: string): string => `（${position}）`,
  yourSpread: 'あなたのスプレッド',
  noCardsYet: 'まだカードを引いていません。',
  notDrawnYet: '未抽選',
  pickToContinue: 'カードを選んで続けてください',
  askReader: '占い師に質問する…',
  yourMessage: 'メッセージ',
  send: '送信',
  endReading: 'リーディングを終える',
  couldNotStart: 'リーディングを開始できませんでした。',
  endedThanks: 'リーディングは終了しました。ご利用ありがとうございました。',
  tryAgain: 'もう一度試す',
  retry: '再試行',
  startNewReading: '新しいリーディングを始める',
  chooseAnotherMode: '別の方法を選ぶ',
  back: '戻る',
  leaveTitle: 'リーディングを終了しますか？',
  leaveBody: 'リーディングは終了し、占い師との接続が切れます。',
  stay: '続ける',
  leave: '終了する',
  holdToSpeak: '押しながら話す',
  voiceNeeds: '音声でのリーディングには、WebRTCとマイクへのアクセス（MediaDevices）が必要です。',
  notHttps:
    'このページはHTTPSで配信されていません。ブラウザーは安全なページにしかマイクを使わせません。',
  voiceTryBrowser:
    '最新のChrome、Edge、Firefox、Safariをお試しいただくか、ここでチャットでのリーディングをご利用ください。',
  switchToTextChat: 'チャットに切り替える',
  switchToTextMode: '文字入力に切り替える',
  micUnavailable: 'マイクを使用できません',
  voiceCouldNotConnect: '音声でのリーディングに接続できませんでした',
  choosingSpread: '占い師があなたの質問に合うスプレッドを選んでいます。',
  listening: '聞いています…離すと送信します。',
  pickCard: '心ひかれるカードを選んでください。',
  layingOut: '占い師がスプレッドを並べています。リーディングが終わると、また話せるようになります。',
  listenReading:
    '占い師が一枚ずつカードを読み解きます。リーディングが終わると、また話せるようになります。',
  readerSpeaking: '占い師が話しています。ボタンを押すと話をさえぎれます。',
  askFollowup: '追加の質問をどうぞ。話している間、ボタンを押したままにしてください。',
  continue: '続ける',
  timeLimitEnded: 'このリーディングは制限時間に達したため終了しました。',
  loadFailed:
    'リーディングを読み込めませんでした。接続を確認して、ページを再読み込みしてください。',
  costCapNotice: '残り1分です。このリーディングはあと1分で終了します。',
};

export default tarotJa;
