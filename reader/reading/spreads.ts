/**
 * The spreads the offline reader lays out, and how it picks one from the question. A number of
 * cards the visitor asked for wins ("just one card", "a three-card reading"): the spread of that
 * size that suits the question, up to six. Otherwise: one card for a short yes/no question,
 * Past–Present–Future for a question about time, Two Paths for a choice, five cards for a
 * relationship, a six-card Celtic Cross (lite) for a long or tangled question, and
 * Situation–Challenge–Advice otherwise. Same words in, same spread out.
 */
import type { SpreadLayout } from '../../contracts/reading-schema.ts';
import { findTimeframe, requestedCardCount, words, type Topic } from './text.ts';
import {
  AHEAD_ES,
  CHOICE_ES,
  DECIDING_ES,
  RELATIONSHIP_ES,
  YES_NO_ES,
  findTimeframeEs,
} from './text-es.ts';
import { WORDS_EN, type PositionKind, type ReaderWords } from './words-en.ts';

export type { PositionKind } from './words-en.ts';

export interface ChosenSpread {
  layout: SpreadLayout;
  /** One sentence (capitalised, with its full stop) on why this spread suits the question. */
  why: string;
}

const KIND_BY_LABEL: Record<string, PositionKind> = {
  'the answer': 'answer',
  answer: 'answer',
  past: 'past',
  'recent past': 'past',
  present: 'present',
  'heart of the matter': 'present',
  situation: 'present',
  future: 'future',
  'near future': 'future',
  outcome: 'future',
  'likely outcome': 'future',
  'where it is heading': 'future',
  challenge: 'challenge',
  'the challenge': 'challenge',
  'what crosses you': 'challenge',
  advice: 'advice',
  'what to weigh': 'advice',
  you: 'self',
  'the other person': 'other',
  'the bond': 'bond',
  root: 'root',
  'path a': 'path',
  'path b': 'path',
  clarification: 'clarification',
};

/** The kind of a position, from its label (labels from another reader fall back to generic). */
export function positionKind(label: string): PositionKind {
  // "Option 2" is an Option: a trailing number does not change the kind.
  const words = label.toLowerCase().trim().split(/\s+/);
  const last = words[words.length - 1] ?? '';
  if (words.length > 1 && /^\d+$/.test(last)) words.pop();
  const key = words.join(' ');
  return KIND_BY_LABEL[key] ?? 'generic';
}

/** The most cards a spread here has: a request for more gets the fullest spread. */
export const MAX_SPREAD_CARDS = 6;

function twoCards(): ChosenSpread {
  return {
    layout: {
      name: 'Two-Card Draw',
      positions: [
        { label: 'Situation', role: 'where things stand now' },
        { label: 'Advice', role: 'the step that will help most' },
      ],
    },
    why: 'Two cards: where you stand, and what would help.',
  };
}

function fourCards(timeframe: string): ChosenSpread {
  return {
    layout: {
      name: 'Four-Card Spread',
      positions: [
        { label: 'Situation', role: 'where things stand now' },
        { label: 'Challenge', role: 'what you are up against' },
        { label: 'Advice', role: 'the step that will help most' },
        { label: 'Outcome', role: `where this leads over ${timeframe}` },
      ],
    },
    why: 'Four cards: where you stand, what is in the way, what would help and where it leads.',
  };
}

function fiveCards(timeframe: string): ChosenSpread {
  return {
    layout: {
      name: 'Five-Card Spread',
      positions: [
        { label: 'Situation', role: 'where things stand now' },
        { label: 'Challenge', role: 'what you are up against' },
        { label: 'Root', role: 'the deeper cause beneath it all' },
        { label: 'Advice', role: 'the step that will help most' },
        { label: 'Outcome', role: `where this leads over ${timeframe}` },
      ],
    },
    why: 'Five cards: the situation, its challenge and root, the advice and where it leads.',
  };
}

function oneCard(): ChosenSpread {
  return {
    layout: {
      name: 'One-Card Draw',
      positions: [{ label: 'The Answer', role: 'the heart of the answer to your question' }],
    },
    why: 'A short, direct question is best met with one clear card.',
  };
}

function pastPresentFuture(timeframe: string): ChosenSpread {
  return {
    layout: {
      name: 'Past, Present and Future',
      positions: [
        { label: 'Past', role: 'what has shaped the situation so far' },
        { label: 'Present', role: 'the energy around you right now' },
        { label: 'Future', role: `where things are heading over ${timeframe}` },
      ],
    },
    why: 'Your question looks ahead in time, so we will follow it from what shaped it to where it leads.',
  };
}

function twoPaths(): ChosenSpread {
  return {
    layout: {
      name: 'Two Paths',
      positions: [
        { label: 'Path A', role: 'what the first option holds for you' },
        { label: 'Path B', role: 'what the second option holds for you' },
        { label: 'What to Weigh', role: 'what matters most as you choose' },
      ],
    },
    why: 'You are weighing a choice, so each path gets its own card and a third shows what to weigh.',
  };
}

function relationship(timeframe: string): ChosenSpread {
  return {
    layout: {
      name: 'Relationship Spread',
      positions: [
        { label: 'You', role: 'how you are showing up in this connection' },
        { label: 'The Other Person', role: 'what the other person brings to it' },
        { label: 'The Bond', role: 'the connection between you as it stands' },
        { label: 'The Challenge', role: 'what stands in the way' },
        { label: 'Where It Is Heading', role: `where the connection is heading over ${timeframe}` },
      ],
    },
    why: 'A question about a relationship needs both people and the bond between them in view.',
  };
}

function celticCrossLite(timeframe: string): ChosenSpread {
  return {
    layout: {
      name: 'Celtic Cross (lite)',
      positions: [
        { label: 'Heart of the Matter', role: 'the core of the situation' },
        { label: 'What Crosses You', role: 'the obstacle or tension working against you' },
        { label: 'Root', role: 'the deeper cause beneath it all' },
        { label: 'Recent Past', role: 'what is just passing out of the picture' },
        { label: 'Near Future', role: 'what is coming into view next' },
        { label: 'Likely Outcome', role: `where this is likely to lead over ${timeframe}` },
      ],
    },
    why: 'Your question has several threads, so a fuller cross gives each of them room.',
  };
}

function situationChallengeAdvice(): ChosenSpread {
  return {
    layout: {
      name: 'Situation, Challenge and Advice',
      positions: [
        { label: 'Situation', role: 'where things stand now' },
        { label: 'Challenge', role: 'what you are up against' },
        { label: 'Advice', role: 'the step that will help most' },
      ],
    },
    why: 'It shows where you stand, what is in the way and what to do about it.',
  };
}

const YES_NO_START =
  /^(will|should|is|are|am|do|does|did|can|could|would|has|have|was|were|shall|may|might)\b/i;

/**
 * Picks the spread for a question. `topic` and `timeframe` come from the intent handoff; the
 * shape of the question itself (length, "or", yes/no opening, time words; in English or Spanish)
 * decides the rest. The spread's name, reason and roles are in the reading's language (`say`);
 * its position labels stay the English ones, the keys tools and kinds go by.
 */
export function chooseSpread(
  question: string,
  topic: Topic,
  timeframe: string,
  say: ReaderWords = WORDS_EN,
  requested: number | undefined = requestedCardCount(question),
): ChosenSpread {
  const chosen =
    requested === undefined
      ? pickSpread(question, topic, timeframe)
      : spreadOfSize(requested, question, topic, timeframe);
  const named = say.spread(chosen.layout.name, chosen.why);
  const name = named.name;
  const why = requested === undefined ? named.why : say.askedForCards(requested, MAX_SPREAD_CARDS);
  return {
    layout: {
      name,
      positions: chosen.layout.positions.map((position) => ({
        label: position.label,
        role: say.role(position.label, position.role, timeframe),
      })),
    },
    why,
  };
}

/** The spread of `count` cards (six at most) that suits the question's shape. */
function spreadOfSize(
  count: number,
  question: string,
  topic: Topic,
  timeframe: string,
): ChosenSpread {
  const shape = questionShape(question, topic);
  if (count <= 1) return oneCard();
  if (count === 2) return twoCards();
  if (count === 3) {
    if (shape.isChoice) return twoPaths();
    if (shape.namesTime || shape.looksAhead) return pastPresentFuture(timeframe);
    return situationChallengeAdvice();
  }
  if (count === 4) return fourCards(timeframe);
  if (count === 5) return shape.isRelationship ? relationship(timeframe) : fiveCards(timeframe);
  return celticCrossLite(timeframe);
}

function pickSpread(question: string, topic: Topic, timeframe: string): ChosenSpread {
  const shape = questionShape(question, topic);
  if (shape.isComplex) return celticCrossLite(timeframe);
  if (shape.isRelationship) return relationship(timeframe);
  if (shape.isChoice) return twoPaths();
  if (shape.namesTime) return pastPresentFuture(timeframe);
  if (shape.isYesNo) return oneCard();
  if (shape.looksAhead) return pastPresentFuture(timeframe);
  return situationChallengeAdvice();
}

function questionShape(question: string, topic: Topic) {
  const lower = question.toLowerCase();
  const count = words(question).length;
  const sentences = (question.match(/[.?!]+/g) ?? []).length;
  const isComplex = count >= 30 || sentences >= 3;
  const isRelationship =
    topic === 'love' ||
    /\b(relationship|partner|between us|marriage)\b/.test(lower) ||
    RELATIONSHIP_ES.test(lower);
  const isChoice =
    (/\bor\b/.test(lower) && /\b(should|which|whether|choose|decide|stay|go|take)\b/.test(lower)) ||
    (CHOICE_ES.test(lower) && DECIDING_ES.test(lower));
  const namesTime =
    findTimeframe(question) !== undefined || findTimeframeEs(question) !== undefined;
  const isYesNo =
    (YES_NO_START.test(question.trim()) || YES_NO_ES.test(question.trim())) && count <= 12;
  const looksAhead =
    /\b(when|future|going to|ahead|coming|next|will)\b/.test(lower) || AHEAD_ES.test(lower);
  return { isComplex, isRelationship, isChoice, namesTime, isYesNo, looksAhead };
}
