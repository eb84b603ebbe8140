/** /docs's own strings in Japanese (the keys of docs-en.ts). */
import type { DocsStrings } from './docs-en.ts';

const CORNERS: Record<string, string> = {
  'bottom-right': '右下',
  'bottom-left': '左下',
  'top-right': '右上',
  'top-left': '左上',
};

export const docsJa: DocsStrings = {
  heading: '要素',
  lede: '{package}のすべての要素を、マニフェストから紹介します。{install}でインストールするか、このサイトの{embed}からファミリーを読み込んでください。ライト／ダークはシステムの設定に従い、{light}または{dark}で固定できます。',
  elementsNav: '要素',
  checklist: '埋め込む前のチェックリスト',
  familyClass: 'ファミリー{family}、クラス{class}',
  liveExample: '動作例',
  asLauncher: 'ランチャーとして',
  launcherAbout:
    '{variant}を付けると、ページの隅のボタンの後ろで待機します。この例は{corner}にあります。',
  corner: (placement) => CORNERS[placement] ?? placement,
  attributes: '属性',
  properties: 'プロパティ',
  events: 'イベント',
  slots: 'スロット',
  parts: 'パーツ',
  customProperties: 'カスタムプロパティ',
  attribute: '属性',
  property: 'プロパティ',
  event: 'イベント',
  slot: 'スロット',
  part: 'パーツ',
  type: '型',
  detail: '詳細',
  description: '説明',
  defaultSlot: '（デフォルト）',
  useIt: '使い方',
  scriptTag: 'scriptタグ',
  plainEsm: 'npm（素のESM）',
  copy: 'コピー',
  copyLabel: (snippet, tag) => `${tag}の「${snippet}」のコードをコピー`,
  copied: 'コピーしました',
  selectAndCopy: '選択してコピーしてください',
  cspNote:
    'エッジ（トークン）、OpenAI（テキストのリーディングはWebSocket、音声はWebRTC）、LiveKitのホスト（BMO）。オフラインの占い師に必要なのはエッジだけです（そのWebSocketは同じホストのwss:）。',
  micPolicyNote:
    '音声でのリーディングとBMOはマイクを求めます。マイクを拒否するポリシーでは、その旨を伝えて文字入力を提案します。',
  iframeNote: 'これがないiframeは、訪問者が何と答えてもマイクを使えません。',
  originsNote:
    '別のオリジンにあるエッジは、そのオリジンが一覧に載るまで、あなたのサイトからのトークン要求を拒否します（CORSだけでなくサーバー側で強制されます）。',
  onIframes: 'iframeの{allow}',
  onTheEdge: 'エッジの{origins}',
  exampleQuestion: '星のカードはどういう意味ですか？',
  exampleAnswer: '希望、再生、はっきりした方向性です。',
  exampleConsent:
    'お答えするために、あなたの声を占い師に送ります。リーディングの後は何も保存しません。',
  exampleLauncher: 'ランチャーの例',
  exampleLauncherContent: 'ここにはどんな内容でも開けます。Escキーか「閉じる」でしまえます。',
  exampleListening: '聞いています',
  exampleIntent: 'ご相談',
  liveRegions: 'ライブリージョン（画面には表示されません）',
};

export default docsJa;
