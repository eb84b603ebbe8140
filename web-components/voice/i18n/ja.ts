/**
 * The voice family's strings in Japanese (the keys of en.ts), for visitors in Japan: the polite
 * です・ます style of Japanese sites, with Japanese punctuation. Japanese has no plural forms.
 */
import type { AllVoiceStrings } from './start-audio-en.ts';

export const voiceJa: AllVoiceStrings = {
  holdToSpeak: '押しながら話す',
  listening: '聞いています…',
  talkHint:
    '話している間、ボタン（またはスペースキーかEnterキー）を押したままにしてください。離すと送信します。',
  transcript: '文字起こし',
  you: 'あなた',
  reader: '占い師',
  nothingSaid: 'まだ何も話されていません。',
  notStarted: '未開始',
  currentPhase: '現在の段階：',
  stepOf: (step: string, total: string): string => `${step}/${total}`,
  open: '開く',
  launcherUnread: (label: string, count: string): string => `${label}（新着${count}件）`,
  end: '終了',
  close: '閉じる',
  consentTitle: 'マイクをオンにする前に',
  consentReadMore: '詳しく見る（新しいタブで開きます）',
  consentAllow: 'マイクを許可する',
  consentDecline: '文字で入力する',
  micAllowed: 'マイクを許可しました。',
  micDeclined: 'マイクは許可されませんでした。文字で入力できます。',
  audioBlocked: 'ブラウザーが占い師の声を止めています。許可すると再生されます。',
  startAudio: '音声を再生',
};

export default voiceJa;
