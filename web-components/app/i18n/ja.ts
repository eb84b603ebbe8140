/** The hosted page's strings in Japanese (the keys of en.ts; です・ます, as the elements' Japanese). */
import type { AppStrings } from './en.ts';

export const appJa: AppStrings = {
  siteName: '音声エージェント',
  title: (page, site) => `${page}｜${site}`,
  skipLink: '本文へスキップ',
  mainNav: 'メインメニュー',
  navReading: 'タロット占い',
  navBmo: 'BMO',
  navDocs: '要素',
  language: '言語',
  homeLede: 'どのサイトにも埋め込めるWebコンポーネントで作った、小さな体験が2つあります。',
  homeReading: 'タロット占い',
  homeReadingAbout:
    '質問をしてカードを選び、カードが語ることを聞きましょう。チャットでも音声でも占えます。',
  homeBmo: 'BMOと話す',
  homeBmoAbout: 'IDやコードをカセットに入れて渡してくれる、陽気な小さなゲーム機です。',
  readingTitle: 'タロット占い',
  readingLede:
    '質問をして、切り混ぜた山札からカードを選び、カードが語ることを聞きましょう。どの方法で占いますか？',
  textBack: '← 占い方を選ぶ',
  textHeading: 'チャットで占う',
  textLede: '気になっていることを占い師に伝えてください。カードは一枚ずつ、あなたが引きます。',
  voiceTitle: '音声でのリーディング',
  bmoHeading: 'BMOと話す',
  bmoLede:
    'BMOは話を聞いて答え、IDやコードをカセットに入れて渡してくれます。カセットは開いてコピーできます。',
  notFoundTitle: 'ページが見つかりません',
  notFoundLede: 'このアドレスには何もありません。',
  notFoundHome: 'トップページへ',
};
