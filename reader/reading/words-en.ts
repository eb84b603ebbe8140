/**
 * The offline reader's words in English: every line it says, phase by phase, as data and small
 * functions, so a reading in another language (words-es.ts) says the same things in the same
 * places. Position labels stay the English ones the spreads lay out (tool arguments, and the
 * key a position's kind and its translation are found by); the words around them follow the
 * reading's language.
 */
import { getCard, type TarotCard } from './deck.ts';
import type { IntentHandoff } from '../../contracts/reading-schema.ts';

type Topic = IntentHandoff['topic'];

/** What a position asks of its card; decides how an interpretation ties the card to it. */
export type PositionKind =
  | 'answer'
  | 'past'
  | 'present'
  | 'future'
  | 'challenge'
  | 'advice'
  | 'self'
  | 'other'
  | 'bond'
  | 'root'
  | 'path'
  | 'clarification'
  | 'generic';

/** Joins a list for speech: "a", "a and b", "a, b and c". */
function list(items: readonly string[], and: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

const NUMBERS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];

const CLARIFYING: Record<Topic, string> = {
  love: 'Before we draw: what feels most uncertain to you right now, their feelings, your own, or where things are heading?',
  career:
    'Before we draw: is there a particular decision or change at work on your mind, and what are you hoping for?',
  money:
    'Before we draw: is this about a specific choice, like a purchase or a debt, or a more general sense of security?',
  health:
    'Before we draw, and remembering the cards are for reflection, not medical advice: what part of your wellbeing most needs attention?',
  family:
    'Before we draw: who in your family is this most about, and what would a good outcome look like to you?',
  spiritual: 'Before we draw: what has been stirring this question in you lately?',
  general:
    'Before we draw: what is behind this question for you, what would you most like to understand?',
};

const SUIT_THEMES: Record<string, string> = {
  wands: 'energy, drive and action',
  cups: 'feelings and relationships',
  swords: 'thoughts, words and hard truths',
  pentacles: 'work, money and the body',
};

const TIES: Record<PositionKind, (timeframe: string) => string> = {
  answer: () => 'As an answer, take it as the tone of what is coming rather than a flat yes or no.',
  past: () => 'This is ground you are already standing on: it shaped how things look today.',
  root: () => 'This is ground you are already standing on: it shaped how things look today.',
  present: () => 'This is the energy around you right now.',
  future: (timeframe) =>
    `If nothing shifts, this is where ${timeframe} is leaning, and you still have a say in it.`,
  challenge: () => 'Treat it as the knot to work with, not a verdict.',
  advice: () => 'Take this as the practical step to try.',
  self: () => 'This is how you are showing up.',
  other: () => 'This is what the other person is bringing.',
  bond: () => 'This describes what lives between you.',
  path: () => 'Picture yourself on this path and notice how it feels.',
  clarification: () => 'Let it sharpen what the rest of the spread already said.',
  generic: () => '',
};

export const WORDS_EN = {
  /** A card by id, named and read in this language. */
  card: (id: string): TarotCard | undefined => getCard(id),
  /** A position's label and role as spoken (English: as laid out). */
  label: (label: string): string => label,
  /** A position's role in this language, `timeframe` in it where the role names one. */
  role: (_label: string, role: string, _timeframe: string): string => role,
  spread: (name: string, why: string): { name: string; why: string } => ({ name, why }),
  list: (items: readonly string[]): string => list(items, 'and'),
  number: (n: number): string => NUMBERS[n] ?? String(n),
  defaultTimeframe: 'the coming months',
  generalReading: 'A general reading.',
  apology: "I'm sorry, something went wrong on my side. Could you say that again?",
  didNotCatch: "Sorry, I didn't catch that. Could you say it again?",

  // IntentAssessment
  voiceNote:
    " I'm the offline reader: with no OpenAI key and no speech recognizer here I can't hear you, so when you talk I'll follow a demo script.",
  voiceNoteHears:
    " I'm the offline reader, running on this machine: hold the talk button while you speak.",
  welcome: (voice: string) =>
    `Welcome to your reading.${voice} What question would you like to bring to the cards today?`,
  hello: (voice: string) =>
    `Hello, and welcome.${voice} What question would you like to bring to the cards?`,
  /** The clarifying question; a question no topic covers is asked about in the visitor's words. */
  clarifying: (topic: Topic, askWhen: boolean, subject?: string) =>
    `${topic === 'general' && subject ? `Before we draw: what about ${subject} matters most to you, and what would you like to understand?` : CLARIFYING[topic]}${askWhen ? ' And is there a time span you have in mind?' : ''}`,
  thanksForQuestion: 'Thank you for bringing that to the cards.',
  heard: (summary: string) => `Thank you, that gives me a clear picture. Your question: ${summary}`,
  cannotHandOffIntent: "I can't pass you on to lay out a spread from here, I'm afraid.",
  toSpread: "Let's choose the right spread for it.",

  // SpreadGeneration
  /** Why the spread, when the visitor named how many cards (more than `max`: the fullest). */
  askedForCards: (n: number, max: number) =>
    n === 1
      ? 'You asked for one card, so one clear card it is.'
      : n > max
        ? `You asked for ${NUMBERS[n] ?? String(n)} cards; ${NUMBERS[max] ?? String(max)} is the most I lay out, so this is my fullest spread.`
        : `You asked for ${NUMBERS[n] ?? String(n)} cards, so that is what we will lay out.`,
  spreadIntro: (name: string, why: string, labels: readonly string[], count: string) =>
    `For your question I'll use this spread: ${name}. ${why} ${
      labels.length === 1
        ? 'It has a single position.'
        : `It has ${count} positions: ${list(labels, 'and')}.`
    }`,
  describePosition: (label: string, role: string, index: number, total: number) => {
    const which =
      total === 1
        ? `The ${label} position`
        : index === 0
          ? `The first position, ${label},`
          : index === total - 1
            ? `The last position, ${label},`
            : `Next comes the ${label} position, which`;
    return `${which} shows ${role}. Pick a card when you're ready.`;
  },
  ended:
    "Of course. We'll end the reading here. Thank you for sitting with the cards, and come back whenever a new question stirs.",
  closedForNow: 'Our reading is closed for now. If you would like to carry on, say “draw again”.',
  drawAgainOrEnd: (label: string | undefined) =>
    `Would you like to draw a card for the ${label ?? 'next'} position again, or end the reading here?`,
  leaveOpen: (label: string | undefined) =>
    `I'll leave the ${label ?? 'next'} position open and move on.`,
  drawAgain: "Let's draw again.",
  pickWhenReady: (label: string | undefined) =>
    `Take your time: pick a card for the ${label ?? 'next'} position when you're ready.`,
  tryDrawingAgain: "Let's try drawing again.",
  cannotDraw: "I can't draw cards from here, I'm afraid.",
  noCardsDrawn:
    "I'm sorry, I couldn't draw any cards just now. Tell me when you'd like to try again.",
  allDrawn: (n: number) =>
    `That's all ${NUMBERS[n] ?? String(n)} ${n === 1 ? 'card' : 'cards'} drawn.`,
  someDrawn: (n: number, total: number) =>
    `That's ${NUMBERS[n] ?? String(n)} of ${NUMBERS[total] ?? String(total)} cards drawn.`,
  turnThemOver: "Now let's turn them over and see what they say.",
  drawCancelled: (label: string) =>
    `The draw for the ${label} position was cancelled, so no card was drawn. Would you like to draw again, or end the reading here?`,
  drew: (label: string, card: string) => `For the ${label} position you drew ${card}.`,
  drawFailedOnce: (label: string) =>
    `I'm sorry, something went wrong while drawing that card. Let's try the ${label} position once more.`,
  drawFailedTwice: (label: string) =>
    `I'm sorry, the card still didn't come through, so I'll leave the ${label} position open and move on.`,

  // Reading
  noCardsYet:
    "I don't have any cards to read yet. Once your cards are drawn, I'll turn them over with you.",
  turnOneByOne: (first: string | undefined) =>
    `Let's turn your cards over one at a time${first ? `, beginning with the ${first} position` : ''}.`,
  couldNotShow: (card: string) =>
    `I'm sorry, I couldn't show ${card} on screen, so I'll skip it and carry on.`,
  cardComing: 'One moment: the card is coming up.',
  readingComplete: 'That completes your reading.',
  tryShowingAgain: "Let's try showing the cards again.",
  finishFirst: "Let's finish the reading first; I'll take your questions right after.",
  nextPosition: (label: string) => `Next, the ${label} position.`,
  noneShown:
    "I'm sorry, I couldn't show any of your cards, so I can't give you a reading yet. Tell me when you'd like to try again.",
  completeStay: "That completes your reading; I'll stay with you for any questions.",

  // The cards
  reversedSuffix: ', reversed',
  reversedAside: ' (reversed)',
  opening: (label: string, role: string, card: string) =>
    `In the ${label} position, which shows ${role}, you drew ${card}.`,
  unknownCard:
    "I don't have this card in my deck notes, so sit with its image and notice what it stirs in you.",
  reversedEnergy: ' Reversed, its energy is blocked or turned inward.',
  speaksOf: (keywords: string) => `It speaks of ${keywords}.`,
  tie: (kind: PositionKind, timeframe: string) => TIES[kind](timeframe),
  singleCard: (timeframe: string, keywords: string | undefined) =>
    `Taken as a whole, this single card asks you to meet ${timeframe} with ${keywords ?? 'open eyes'}.`,
  arc: (from: string, to: string) => `Taken together, the cards move from ${from} toward ${to}.`,
  turningPoint: 'So many major arcana say this is a turning point, bigger than the day to day.',
  suitTheme: (suit: string) =>
    `The ${suit} keep appearing, which puts ${SUIT_THEMES[suit] ?? suit} at the centre.`,
  mostReversed: 'Most cards came up reversed: something is held back or still working itself out.',
  allUpright: 'Every card came up upright, so the energy here is flowing openly.',
  adviceDefault: 'Trust what you already sense, and take one small step this week.',
  adviceKeep: (card: string) =>
    `My advice: keep ${card} in mind and take one small step this week.`,
  adviceReversed: (keyword: string) =>
    `My advice: notice where ${keyword} is showing up in your life, and take one small step this week to set it right.`,
  adviceUpright: (keyword: string) =>
    `My advice: lean into ${keyword}, and take one small step toward it this week.`,
  noCardsOnTable:
    "There are no cards on the table yet. Ask me to draw a card and I'll read it for you.",
  lookTo: (question: string, card: string, label: string, themes: string | undefined) =>
    `For “${question}”, look to ${card} in the ${label} position${
      themes ? `, with its themes of ${themes}` : ''
    }.`,
  stillHolds: (synthesis: string) => ` And the reading as a whole still holds. ${synthesis}`,
  /** Words in a follow-up that point at the first or the last card. */
  first: /\b(first|1st)\b/,
  last: /\b(last|final)\b/,

  // Followup
  farewell:
    'Thank you for reading with me. Take care, and come back whenever a new question stirs.',
  clarificationCancelled:
    'The clarification draw was cancelled, so no card was drawn. Would you like to draw again, or end here?',
  clarificationLost:
    "I'm sorry, the clarification card didn't come through. We can keep working with the cards already on the table.",
  clarificationRetry: "I'm sorry, something went wrong drawing that card. Let's try once more.",
  whatElseToAsk: 'What else would you like to ask?',
  couldNotShowAside: (card: string) =>
    `I'm sorry, I couldn't show ${card} on screen, so I'll leave it aside. What else would you like to ask?`,
  cardOnItsWay: 'Take your time: the card is on its way.',
  youDrew: (card: string) => `You drew ${card}. Let's look at it.`,
  cannotDrawOrShow: "I can't draw or show a card from here, so let's work with the cards we have.",
  readingDone:
    'Your reading is complete. Ask me anything about these cards, or ask for a clarification card if something feels unclear.',
  whatElseToKnow: 'What else would you like to know about your reading?',
  enoughClarification: (n: number) =>
    `We've already drawn ${NUMBERS[n] ?? String(n)} clarification cards; more would only muddy the picture, so let's work with what's here.`,
  drawClarification: "Let's draw a clarification card for that. Pick one when you're ready.",
  clarificationRole: (question: string | undefined) =>
    question === undefined ? 'more light on the reading so far' : `more light on “${question}”`,

  // Speech (a demo script stands for what the visitor said)
  demoDisclosure: "I'm the offline reader and can't hear speech, so I'll follow a demo script:",
  tookItYouSaid: (line: string) => `I'll take it that you said, “${line}”`,
  demoLine: (line: string) => `(Demo script: “${line}”)`,
  demoScript: {
    question: 'What should I focus on in my career this year?',
    answer:
      "I've felt stuck in my job lately, and I'm not sure whether to stay or try something new.",
    followups: [
      'What does the Future card say about my next step?',
      'Could you draw a clarification card for me?',
      "Thank you, that's all for today.",
    ],
    other: 'Please go on.',
  } as {
    question: string;
    answer: string;
    followups: readonly string[];
    other: string;
  },
};

/** Everything the offline reader says, in one language. */
export type ReaderWords = typeof WORDS_EN;
