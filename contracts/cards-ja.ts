/**
 * The tarot's names in Japanese: the 78 cards and the spreads' positions (by key,
 * contracts/positions.ts), without meanings or a schema, for the page's Japanese strings (the
 * offline reader has words in English and Spanish only, and reads a Japanese reading in English).
 *
 * Source: the names Japanese editions of the Rider–Waite–Smith deck and Japanese tarot books use
 * (愚者, 魔術師, 女教皇, 教皇, 運命の輪, 吊された男, 死神…; ワンド, カップ, ソード, ペンタクル with
 * エース, ペイジ, ナイト, クイーン, キング and the pips written as numerals, カップの3), and for the
 * Celtic Cross the positions Japanese books give it (現状, 障害, 近い過去, 近い未来, 最終結果).
 */
import { cardIdentity, type Suit } from './cards.ts';
import type { PositionNames } from './positions.ts';

/** The 22 major arcana's Japanese names, in `MAJOR_NAMES` order (contracts/cards.ts). */
export const MAJOR_NAMES_JA = [
  '愚者',
  '魔術師',
  '女教皇',
  '女帝',
  '皇帝',
  '教皇',
  '恋人',
  '戦車',
  '力',
  '隠者',
  '運命の輪',
  '正義',
  '吊された男',
  '死神',
  '節制',
  '悪魔',
  '塔',
  '星',
  '月',
  '太陽',
  '審判',
  '世界',
] as const;

/** Rank words in Japanese, エース (1) to キング (14), in `RANK_WORDS` order. */
export const RANK_WORDS_JA = [
  'エース',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  'ペイジ',
  'ナイト',
  'クイーン',
  'キング',
] as const;

/** Each suit's Japanese name, as it leads a card's name ("カップの3"). */
export const SUIT_NAMES_JA: Record<Suit, string> = {
  wands: 'ワンド',
  cups: 'カップ',
  swords: 'ソード',
  pentacles: 'ペンタクル',
};

/** The card's Japanese name ("愚者", "カップのエース"), or undefined for an unknown id. */
export function cardNameJa(id: string): string | undefined {
  const card = cardIdentity(id);
  if (!card) return undefined;
  if (card.suit === null) return MAJOR_NAMES_JA[card.rank];
  const rank = RANK_WORDS_JA[card.rank - 1];
  return rank && `${SUIT_NAMES_JA[card.suit]}の${rank}`;
}

/** The spreads' positions in Japanese, by key. */
export const POSITION_NAMES_JA: PositionNames = {
  'The Answer': '答え',
  Past: '過去',
  Present: '現在',
  Future: '未来',
  'Path A': '選択肢A',
  'Path B': '選択肢B',
  'What to Weigh': '判断の鍵',
  You: 'あなた',
  'The Other Person': '相手',
  'The Bond': '二人の関係',
  'The Challenge': '障害',
  'Where It Is Heading': '関係の行方',
  'Heart of the Matter': '現状',
  'What Crosses You': '障害',
  Root: '根本',
  'Recent Past': '近い過去',
  'Near Future': '近い未来',
  'Likely Outcome': '最終結果',
  Situation: '状況',
  Challenge: '課題',
  Advice: 'アドバイス',
  Outcome: '結果',
  Clarification: '補足',
};
