/**
 * The BMO family's element strings in Japanese (the keys of en.ts), for visitors in Japan: the
 * polite です・ます style of Japanese sites. BMO keeps its name as written in Latin letters.
 */
import type { BmoAgentState } from '../../stores/bmo.ts';
import type { BmoElementStrings } from './en.ts';

const STATES: Record<BmoAgentState, string> = {
  disconnected: 'BMOは接続されていません',
  connecting: 'BMOが接続しています',
  listening: 'BMOが聞いています',
  thinking: 'BMOが考えています',
  speaking: 'BMOが話しています',
};

export const bmoJa: BmoElementStrings = {
  bmo: 'BMO',
  cassetteHeading: 'カセット',
  conversationHeading: '会話',
  connect: '接続する',
  connectWithoutMic: 'マイクなしで接続する',
  disconnect: '切断する',
  muteMic: 'マイクをミュート',
  typeLabel: 'BMOへのメッセージ',
  send: '送信',
  hintSend: 'Enterキーで送信します。',
  hintConnectFirst: 'まず接続してから、ここに入力してください。',
  hintWaitForBmo: 'BMOが来たら入力できます。',
  placeholderDisconnected: '接続すると、BMOと話せます。',
  placeholderConnected: 'あいさつするか、下に入力してください。',
  you: 'あなた',
  offlineNotice:
    'オフラインのBMOはまだ日本語を読めません。英語で書くと、英語で答えます。BMOと日本語で話す（書く）には、OpenAIのキーが必要です。',
  statusDisconnected: '未接続',
  statusConnecting: '接続しています…',
  statusReconnecting: '接続が切れました。再接続しています…',
  statusWaiting: 'BMOが来るのを待っています…',
  statusAbsent: 'BMOはルームにいません',
  statusTypingOnly: '（文字のみ）',
  statusAgent: (state) => STATES[state],
  faceLabel: (state) => STATES[state],
  actionContinueWithoutMic: 'マイクなしで続ける',
  actionTryMicAgain: 'もう一度マイクを試す',
  actionRetry: '再試行',
  actionReconnect: '再接続',
  actionDismiss: 'お知らせを閉じる',
  cassetteOpen: (title) => `カセットを開く：${title}`,
  cassetteEmpty: 'カセットはまだありません',
  cassetteSoundsOff: 'カセットの効果音はオフです',
  cassetteSoundsOn: 'カセットの効果音はオンです',
  cassetteMute: 'カセットの効果音をミュート',
  cassetteReceived: (title) => `カセットを受け取りました：${title}`,
  copy: 'コピー',
  close: '閉じる',
  copied: 'コピーしました',
  copySelected:
    'ここではコピーできません。テキストを選択してあるので、Ctrl+C（または⌘C）でコピーしてください。',
  copyByHand: 'ここではコピーできません。テキストを選択して、ご自身でコピーしてください。',
};

export default bmoJa;
