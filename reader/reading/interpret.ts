/**
 * The offline reader's words about cards, composed from the deck's own keywords and meanings, the
 * card's orientation and the role of its position. Deterministic: the same cards in the same
 * positions read the same way.
 */
import type { TarotCard } from './deck.ts';
import type { DrawnCard } from '../../contracts/reading-schema.ts';
import { positionKind } from './spreads.ts';
import { clip } from '../../contracts/text.ts';
import { words } from './text.ts';
import { WORDS_EN, type ReaderWords } from './words-en.ts';

/** A card as the reader knows it: what was drawn plus what the deck says (when it knows the id). */
export interface ReadCard {
  drawn: DrawnCard;
  /** The card in the reading's language. */
  card: TarotCard | undefined;
}

export function lookUp(drawn: DrawnCard, say: ReaderWords = WORDS_EN): ReadCard {
  return { drawn, card: say.card(drawn.cardId) };
}

export function displayName(read: ReadCard): string {
  return read.card?.name ?? read.drawn.cardName;
}

/** "The Tower" or "The Tower, reversed". */
export function nameWithOrientation(read: ReadCard, say: ReaderWords = WORDS_EN): string {
  return `${displayName(read)}${read.drawn.reversed ? say.reversedSuffix : ''}`;
}

function reading(read: ReadCard): { keywords: string[]; meaning: string } | undefined {
  if (!read.card) return undefined;
  return read.drawn.reversed ? read.card.reversed : read.card.upright;
}

export function keywordsOf(read: ReadCard, count = 3): string[] {
  return reading(read)?.keywords.slice(0, count) ?? [];
}

/** One card in its position: name, orientation, keywords, the deck's meaning, the position's role. */
export function interpretCard(
  read: ReadCard,
  timeframe: string,
  say: ReaderWords = WORDS_EN,
): string {
  const { positionLabel, promptRole } = read.drawn;
  const opening = say.opening(say.label(positionLabel), promptRole, nameWithOrientation(read, say));
  const tie = say.tie(positionKind(positionLabel), timeframe);
  const meaning = reading(read);
  if (!meaning) return `${opening} ${say.unknownCard} ${tie}`.trim();
  const orientation = read.drawn.reversed ? say.reversedEnergy : '';
  return `${opening}${orientation} ${say.speaksOf(say.list(meaning.keywords.slice(0, 3)))} ${
    meaning.meaning
  } ${tie}`.trim();
}

/** A short summary for the handoff: "The Tower, reversed: upheaval, sudden change, revelation". */
export function summariseCard(read: ReadCard, say: ReaderWords = WORDS_EN): string {
  const keywords = keywordsOf(read);
  return keywords.length > 0
    ? `${nameWithOrientation(read, say)}: ${keywords.join(', ')}`
    : nameWithOrientation(read, say);
}

/** The pattern across the cards: major arcana, a dominant suit, reversals, the arc first → last. */
export function synthesise(
  cards: readonly ReadCard[],
  timeframe: string,
  say: ReaderWords = WORDS_EN,
): string {
  const known = cards.filter((read) => read.card);
  const parts: string[] = [];
  if (cards.length === 1) {
    const only = cards[0];
    if (only) {
      const keywords = keywordsOf(only, 2);
      parts.push(say.singleCard(timeframe, keywords.length > 0 ? say.list(keywords) : undefined));
    }
  } else {
    const first = cards[0];
    const last = cards[cards.length - 1];
    if (first && last) {
      const from = keywordsOf(first, 1)[0] ?? displayName(first);
      const to = keywordsOf(last, 1)[0] ?? displayName(last);
      parts.push(say.arc(from, to));
    }
  }
  const majors = known.filter((read) => read.card?.arcana === 'major').length;
  if (known.length >= 2 && majors * 2 >= known.length) {
    parts.push(say.turningPoint);
  }
  const suitCounts = new Map<string, number>();
  for (const read of known) {
    const suit = read.card?.suit;
    if (suit) suitCounts.set(suit, (suitCounts.get(suit) ?? 0) + 1);
  }
  const [topSuit, topCount] = [...suitCounts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (topSuit && topCount && topCount >= 2) {
    parts.push(say.suitTheme(topSuit));
  }
  const reversals = cards.filter((read) => read.drawn.reversed).length;
  if (cards.length >= 2 && reversals * 2 > cards.length) {
    parts.push(say.mostReversed);
  } else if (cards.length >= 2 && reversals === 0) {
    parts.push(say.allUpright);
  }
  return parts.join(' ');
}

/** One piece of advice, from the advice or outcome card when there is one, else the last card. */
export function advise(cards: readonly ReadCard[], say: ReaderWords = WORDS_EN): string {
  const chosen =
    cards.find((read) => positionKind(read.drawn.positionLabel) === 'advice') ??
    cards.find((read) => positionKind(read.drawn.positionLabel) === 'future') ??
    cards[cards.length - 1];
  if (!chosen) return say.adviceDefault;
  const keyword = keywordsOf(chosen, 1)[0];
  if (!keyword) return say.adviceKeep(displayName(chosen));
  return chosen.drawn.reversed ? say.adviceReversed(keyword) : say.adviceUpright(keyword);
}

/**
 * Which card a follow-up question is about: one it names, one whose position it names ("the
 * future", "the last card"; in the reading's language too), one whose keywords it shares; else
 * the outcome or last card.
 */
export function cardForQuestion(
  cards: readonly ReadCard[],
  question: string,
  say: ReaderWords = WORDS_EN,
): ReadCard | undefined {
  const lower = question.toLowerCase();
  const byName = cards.find((read) => lower.includes(displayName(read).toLowerCase()));
  if (byName) return byName;
  const byLabel = cards.find(
    (read) =>
      lower.includes(read.drawn.positionLabel.toLowerCase()) ||
      lower.includes(say.label(read.drawn.positionLabel).toLowerCase()),
  );
  if (byLabel) return byLabel;
  if (say.first.test(lower)) return cards[0];
  if (say.last.test(lower)) return cards[cards.length - 1];
  const questionWords = new Set(words(question).filter((word) => word.length > 3));
  let best: ReadCard | undefined;
  let bestScore = 0;
  for (const read of cards) {
    const score = keywordsOf(read, 5)
      .flatMap((keyword) => words(keyword))
      .filter((word) => questionWords.has(word)).length;
    if (score > bestScore) {
      best = read;
      bestScore = score;
    }
  }
  return (
    best ??
    cards.find((read) => positionKind(read.drawn.positionLabel) === 'future') ??
    cards[cards.length - 1]
  );
}

/** An answer to a follow-up question, from the cards already on the table. */
export function answerFromCards(
  cards: readonly ReadCard[],
  question: string,
  synthesis: string,
  say: ReaderWords = WORDS_EN,
): string {
  const read = cardForQuestion(cards, question, say);
  if (!read) return say.noCardsOnTable;
  const meaning = reading(read);
  const firstSentence =
    meaning?.meaning.match(/^[^.!?]*[.!?]/)?.[0]?.trim() ?? meaning?.meaning ?? '';
  const keywords = keywordsOf(read);
  const look = say.lookTo(
    clip(question, 120),
    `${displayName(read)}${read.drawn.reversed ? say.reversedAside : ''}`,
    say.label(read.drawn.positionLabel),
    keywords.length > 0 ? say.list(keywords) : undefined,
  );
  const close = synthesis ? say.stillHolds(synthesis) : '';
  return `${look} ${firstSentence}${close}`.replace(/\s+/g, ' ').trim();
}
