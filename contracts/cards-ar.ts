/**
 * The tarot's names in Arabic: the 78 cards and the spreads' positions (by key,
 * contracts/positions.ts), without meanings or a schema, for the page's Arabic strings (the
 * offline reader has words in English and Spanish only, and reads a Arabic reading in English).
 *
 * Source: Arabic has no single printed standard for the Rider–Waite–Smith deck; these are the
 * names Arabic tarot books and readers most often use (الأحمق، الساحر، الكاهنة العليا، عجلة
 * الحظ، الرجل المعلّق…), with the suits as العصي، الكؤوس، السيوف، العملات and the courts as
 * التابع، الفارس، الملكة، الملك. Where usage differs (Pentacles are also called النجوم الخماسية,
 * the Page الغلام) the more common name is kept.
 */
import { cardIdentity, type Suit } from './cards.ts';
import type { PositionNames } from './positions.ts';

/** The 22 major arcana's Arabic names, in `MAJOR_NAMES` order (contracts/cards.ts). */
export const MAJOR_NAMES_AR = [
  'الأحمق',
  'الساحر',
  'الكاهنة العليا',
  'الإمبراطورة',
  'الإمبراطور',
  'الكاهن الأعلى',
  'العشّاق',
  'العربة',
  'القوة',
  'الناسك',
  'عجلة الحظ',
  'العدالة',
  'الرجل المعلّق',
  'الموت',
  'الاعتدال',
  'الشيطان',
  'البرج',
  'النجمة',
  'القمر',
  'الشمس',
  'البعث',
  'العالم',
] as const;

/** Rank words in Arabic, آس (1) to ملك (14), in `RANK_WORDS` order. */
export const RANK_WORDS_AR = [
  'آس',
  'اثنان',
  'ثلاثة',
  'أربعة',
  'خمسة',
  'ستة',
  'سبعة',
  'ثمانية',
  'تسعة',
  'عشرة',
  'تابع',
  'فارس',
  'ملكة',
  'ملك',
] as const;

/** Each suit's Arabic name, with its article ("الكؤوس"). */
export const SUIT_NAMES_AR: Record<Suit, string> = {
  wands: 'العصي',
  cups: 'الكؤوس',
  swords: 'السيوف',
  pentacles: 'العملات',
};

/**
 * The card's Arabic name, or undefined for an unknown id: the ace and the courts lead their suit
 * ("آس الكؤوس", "ملكة السيوف"), a number names its share of it ("ثلاثة من الكؤوس").
 */
export function cardNameAr(id: string): string | undefined {
  const card = cardIdentity(id);
  if (!card) return undefined;
  if (card.suit === null) return MAJOR_NAMES_AR[card.rank];
  const rank = RANK_WORDS_AR[card.rank - 1];
  const suit = SUIT_NAMES_AR[card.suit];
  if (!rank) return undefined;
  return card.rank === 1 || card.rank > 10 ? `${rank} ${suit}` : `${rank} من ${suit}`;
}

/** The spreads' positions in Arabic, by key. */
export const POSITION_NAMES_AR: PositionNames = {
  'The Answer': 'الإجابة',
  Past: 'الماضي',
  Present: 'الحاضر',
  Future: 'المستقبل',
  'Path A': 'الطريق الأول',
  'Path B': 'الطريق الثاني',
  'What to Weigh': 'ما يجب أن تزنه',
  You: 'أنت',
  'The Other Person': 'الطرف الآخر',
  'The Bond': 'الرابطة',
  'The Challenge': 'العقبة',
  'Where It Is Heading': 'إلى أين تتجه',
  'Heart of the Matter': 'جوهر المسألة',
  'What Crosses You': 'ما يعترض طريقك',
  Root: 'الجذر',
  'Recent Past': 'الماضي القريب',
  'Near Future': 'المستقبل القريب',
  'Likely Outcome': 'النتيجة المرجّحة',
  Situation: 'الوضع',
  Challenge: 'التحدي',
  Advice: 'النصيحة',
  Outcome: 'النتيجة',
  Clarification: 'توضيح',
};
