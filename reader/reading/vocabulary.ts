/**
 * The words a reading is about, for the speech recognizer's prompt (OpenAI's `prompt` on a
 * transcription): spread sizes and names, the major arcana, the suits and court ranks, and the
 * topics the reader knows. A small model hears these far better when it is told to expect them.
 * It is the app's vocabulary, written once here; never a sentence a visitor or a test would say.
 */
import { MAJOR_NAMES } from '../../contracts/cards.ts';
import type { SupportedLang } from '../../contracts/locale.ts';

const ENGLISH = [
  'Tarot reading with a one-card, three-card or five-card spread:',
  'Past, Present and Future; Situation, Challenge and Advice; Two Paths; Celtic Cross.',
  `${MAJOR_NAMES.join(', ')}.`,
  'Ace, Page, Knight, Queen and King of Wands, Cups, Swords and Pentacles.',
  'Topics: love, career, money, health, family, home, travel.',
].join(' ');

/** The recognizer's prompt for a reading in `lang` (the recognizer hears English today). */
export function readerVocabulary(_lang: SupportedLang): string {
  return ENGLISH;
}
