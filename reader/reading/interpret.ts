/**
 * The offline reader's words about cards, composed from the deck's own keywords and meanings, the
 * card's orientation and the role of its position. Deterministic: the same cards in the same
 * positions read the same way.
 */
import { getCard, type TarotCard } from '../../contracts/deck.ts';
import type { DrawnCard } from '../../contracts/reading.ts';
import { positionKind, type PositionKind } from './spreads.ts';
import { clip } from '../../contracts/text.ts';
import { spokenList, words } from './text.ts';

/** A card as the reader knows it: what was drawn plus what the deck says (when it knows the id). */
export interface ReadCard {
  drawn: DrawnCard;
  card: TarotCard | undefined;
}

export function lookUp(drawn: DrawnCard): ReadCard {
  return { drawn, card: getCard(drawn.cardId) };
}

export function displayName(read: ReadCard): string {
  return read.card?.name ?? read.drawn.cardName;
}

/** "The Tower" or "The Tower, reversed". */
export function nameWithOrientation(read: ReadCard): string {
  return `${displayName(read)}${read.drawn.reversed ? ', reversed' : ''}`;
}

function reading(read: ReadCard): { keywords: string[]; meaning: string } | undefined {
  if (!read.card) return undefined;
  return read.drawn.reversed ? read.card.reversed : read.card.upright;
}

export function keywordsOf(read: ReadCard, count = 3): string[] {
  return reading(read)?.keywords.slice(0, count) ?? [];
}

const SUIT_THEMES: Record<string, string> = {
  wands: 'energy, drive and action',
  cups: 'feelings and relationships',
  swords: 'thoughts, words and hard truths',
  pentacles: 'work, money and the body',
};

function tie(kind: PositionKind, timeframe: string): string {
  switch (kind) {
    case 'answer':
      return 'As an answer, take it as the tone of what is coming rather than a flat yes or no.';
    case 'past':
    case 'root':
      return 'This is ground you are already standing on: it shaped how things look today.';
    case 'present':
      return 'This is the energy around you right now.';
    case 'future':
      return `If nothing shifts, this is where ${timeframe} is leaning, and you still have a say in it.`;
    case 'challenge':
      return 'Treat it as the knot to work with, not a verdict.';
    case 'advice':
      return 'Take this as the practical step to try.';
    case 'self':
      return 'This is how you are showing up.';
    case 'other':
      return 'This is what the other person is bringing.';
    case 'bond':
      return 'This describes what lives between you.';
    case 'path':
      return 'Picture yourself on this path and notice how it feels.';
    case 'clarification':
      return 'Let it sharpen what the rest of the spread already said.';
    case 'generic':
      return '';
  }
}

/** One card in its position: name, orientation, keywords, the deck's meaning, the position's role. */
export function interpretCard(read: ReadCard, timeframe: string): string {
  const { positionLabel, promptRole } = read.drawn;
  const opening = `In the ${positionLabel} position, which shows ${promptRole}, you drew ${displayName(read)}${
    read.drawn.reversed ? ', reversed' : ''
  }.`;
  const meaning = reading(read);
  if (!meaning) {
    return `${opening} I don't have this card in my deck notes, so sit with its image and notice what it stirs in you. ${tie(
      positionKind(positionLabel),
      timeframe,
    )}`.trim();
  }
  const orientation = read.drawn.reversed
    ? ' Reversed, its energy is blocked or turned inward.'
    : '';
  return `${opening}${orientation} It speaks of ${spokenList(meaning.keywords.slice(0, 3))}. ${meaning.meaning} ${tie(
    positionKind(positionLabel),
    timeframe,
  )}`.trim();
}

/** A short summary for the handoff: "The Tower, reversed: upheaval, sudden change, revelation". */
export function summariseCard(read: ReadCard): string {
  const keywords = keywordsOf(read);
  return keywords.length > 0
    ? `${nameWithOrientation(read)}: ${keywords.join(', ')}`
    : nameWithOrientation(read);
}

/** The pattern across the cards: major arcana, a dominant suit, reversals, the arc first → last. */
export function synthesise(cards: readonly ReadCard[], timeframe: string): string {
  const known = cards.filter((read) => read.card);
  const parts: string[] = [];
  if (cards.length === 1) {
    const only = cards[0];
    if (only) {
      const keywords = keywordsOf(only, 2);
      parts.push(
        `Taken as a whole, this single card asks you to meet ${timeframe} with ${
          keywords.length > 0 ? spokenList(keywords) : 'open eyes'
        }.`,
      );
    }
  } else {
    const first = cards[0];
    const last = cards[cards.length - 1];
    if (first && last) {
      const from = keywordsOf(first, 1)[0] ?? displayName(first);
      const to = keywordsOf(last, 1)[0] ?? displayName(last);
      parts.push(`Taken together, the cards move from ${from} toward ${to}.`);
    }
  }
  const majors = known.filter((read) => read.card?.arcana === 'major').length;
  if (known.length >= 2 && majors * 2 >= known.length) {
    parts.push('So many major arcana say this is a turning point, bigger than the day to day.');
  }
  const suitCounts = new Map<string, number>();
  for (const read of known) {
    const suit = read.card?.suit;
    if (suit) suitCounts.set(suit, (suitCounts.get(suit) ?? 0) + 1);
  }
  const [topSuit, topCount] = [...suitCounts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (topSuit && topCount && topCount >= 2) {
    parts.push(`The ${topSuit} keep appearing, which puts ${SUIT_THEMES[topSuit]} at the centre.`);
  }
  const reversals = cards.filter((read) => read.drawn.reversed).length;
  if (cards.length >= 2 && reversals * 2 > cards.length) {
    parts.push('Most cards came up reversed: something is held back or still working itself out.');
  } else if (cards.length >= 2 && reversals === 0) {
    parts.push('Every card came up upright, so the energy here is flowing openly.');
  }
  return parts.join(' ');
}

/** One piece of advice, from the advice or outcome card when there is one, else the last card. */
export function advise(cards: readonly ReadCard[]): string {
  const chosen =
    cards.find((read) => positionKind(read.drawn.positionLabel) === 'advice') ??
    cards.find((read) => positionKind(read.drawn.positionLabel) === 'future') ??
    cards[cards.length - 1];
  if (!chosen) return 'Trust what you already sense, and take one small step this week.';
  const keyword = keywordsOf(chosen, 1)[0];
  if (!keyword) {
    return `My advice: keep ${displayName(chosen)} in mind and take one small step this week.`;
  }
  return chosen.drawn.reversed
    ? `My advice: notice where ${keyword} is showing up in your life, and take one small step this week to set it right.`
    : `My advice: lean into ${keyword}, and take one small step toward it this week.`;
}

/**
 * Which card a follow-up question is about: one it names, one whose position it names ("the
 * future", "the last card"), one whose keywords it shares; else the outcome or last card.
 */
export function cardForQuestion(
  cards: readonly ReadCard[],
  question: string,
): ReadCard | undefined {
  const lower = question.toLowerCase();
  const byName = cards.find((read) => lower.includes(displayName(read).toLowerCase()));
  if (byName) return byName;
  const byLabel = cards.find((read) => lower.includes(read.drawn.positionLabel.toLowerCase()));
  if (byLabel) return byLabel;
  if (/\b(first|1st)\b/.test(lower)) return cards[0];
  if (/\b(last|final)\b/.test(lower)) return cards[cards.length - 1];
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
): string {
  const read = cardForQuestion(cards, question);
  if (!read) {
    return "There are no cards on the table yet. Ask me to draw a card and I'll read it for you.";
  }
  const meaning = reading(read);
  const firstSentence =
    meaning?.meaning.match(/^[^.!?]*[.!?]/)?.[0]?.trim() ?? meaning?.meaning ?? '';
  const keywords = keywordsOf(read);
  const look = `For “${clip(question, 120)}”, look to ${displayName(read)}${
    read.drawn.reversed ? ' (reversed)' : ''
  } in the ${read.drawn.positionLabel} position${
    keywords.length > 0 ? `, with its themes of ${spokenList(keywords)}` : ''
  }.`;
  const close = synthesis ? ` And the reading as a whole still holds. ${synthesis}` : '';
  return `${look} ${firstSentence}${close}`.replace(/\s+/g, ' ').trim();
}
