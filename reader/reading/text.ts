/**
 * Reading the user's words, deterministically: the topic of a question, its timeframe, the
 * one-sentence summary a handoff carries, and the few intents the offline reader recognises
 * (a greeting, a request for a clarification card, a thank-you). Keyword rules, no model.
 */
import type { IntentHandoff } from '../../contracts/reading-schema.ts';
import type { SupportedLang } from '../../contracts/locale.ts';
import { clip } from '../../contracts/text.ts';
import {
  CLARIFY_ES,
  FAREWELL_ES,
  GREETING_ES,
  RETRY_ES,
  TOPIC_WORDS_ES,
  findTimeframeEs,
} from './text-es.ts';

export type Topic = IntentHandoff['topic'];

const TOPIC_WORDS: readonly (readonly [Topic, readonly string[]])[] = [
  [
    'love',
    [
      'love',
      'loves',
      'relationship',
      'relationships',
      'partner',
      'boyfriend',
      'girlfriend',
      'husband',
      'wife',
      'marriage',
      'married',
      'dating',
      'date',
      'crush',
      'romance',
      'romantic',
      'ex',
      'soulmate',
      'breakup',
      'heart',
      'he',
      'she',
    ],
  ],
  [
    'career',
    [
      'job',
      'jobs',
      'career',
      'work',
      'working',
      'boss',
      'promotion',
      'interview',
      'business',
      'colleague',
      'colleagues',
      'profession',
      'office',
      'project',
      'company',
      'hired',
      'fired',
      'quit',
      'study',
      'studies',
    ],
  ],
  [
    'money',
    [
      'money',
      'finance',
      'finances',
      'financial',
      'debt',
      'debts',
      'salary',
      'pay',
      'invest',
      'investment',
      'savings',
      'rent',
      'afford',
      'income',
      'loan',
      'mortgage',
      'budget',
    ],
  ],
  [
    'health',
    [
      'health',
      'healthy',
      'illness',
      'ill',
      'sick',
      'body',
      'recovery',
      'recover',
      'sleep',
      'stress',
      'anxiety',
      'healing',
      'heal',
      'diet',
      'exercise',
      'wellbeing',
    ],
  ],
  [
    'family',
    [
      'family',
      'mother',
      'father',
      'mom',
      'mum',
      'dad',
      'parent',
      'parents',
      'sister',
      'brother',
      'sibling',
      'child',
      'children',
      'son',
      'daughter',
      'kids',
      'grandmother',
      'grandfather',
    ],
  ],
  [
    'spiritual',
    [
      'spirit',
      'spiritual',
      'purpose',
      'meaning',
      'soul',
      'faith',
      'calling',
      'meditation',
      'universe',
      'destiny',
      'path',
    ],
  ],
];

/** Lowercase words, apostrophes kept ("what's"), accented letters too ("año"). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:'\p{L}+)?/gu) ?? [];
}

/** The area of life a question is about: the topic with the most keyword hits, else general. */
export function inferTopic(text: string): Topic {
  const bag = words(text);
  let best: Topic = 'general';
  let bestScore = 0;
  // English and Spanish keywords both count: a visitor may write either in either reading.
  for (const [topic, keywords] of [...TOPIC_WORDS, ...TOPIC_WORDS_ES]) {
    // Pronouns only tip the balance; they never decide a topic on their own.
    const score = bag.reduce(
      (sum, word) =>
        sum + (keywords.includes(word) ? (word === 'he' || word === 'she' ? 0.5 : 1) : 0),
      0,
    );
    if (score > bestScore && score >= 1) {
      best = topic;
      bestScore = score;
    }
  }
  return best;
}

const NUMBER_WORDS: Record<string, string> = {
  a: 'one',
  one: 'one',
  two: 'two',
  three: 'three',
  four: 'four',
  five: 'five',
  six: 'six',
  few: 'few',
  couple: 'two',
};

/**
 * The period a question covers, when it names one ("this year", "next month", "in six weeks"),
 * said in the reading's language (a Spanish reading reads Spanish spans: "este año").
 */
export function findTimeframe(text: string, lang: SupportedLang = 'en'): string | undefined {
  if (lang === 'es') return findTimeframeEs(text);
  const lower = text.toLowerCase();
  const span =
    /\b(?:in|within|over|during)?\s*(?:the\s+)?(?:next|coming)\s+(a|one|two|three|four|five|six|few|couple of|\d+)\s+(day|week|month|year)s?\b/.exec(
      lower,
    );
  if (span?.[1] && span[2]) {
    const count = NUMBER_WORDS[span[1].replace(' of', '')] ?? span[1];
    return `the next ${count} ${span[2]}s`;
  }
  const inSpan = /\bin\s+(a|one|two|three|four|five|six|\d+)\s+(day|week|month|year)s?\b/.exec(
    lower,
  );
  if (inSpan?.[1] && inSpan[2]) {
    const count = NUMBER_WORDS[inSpan[1]] ?? inSpan[1];
    return count === 'one' ? `the next ${inSpan[2]}` : `the next ${count} ${inSpan[2]}s`;
  }
  const named =
    /\b(this|next)\s+(week|month|year|summer|winter|spring|autumn|fall|season|semester)\b/.exec(
      lower,
    );
  if (named?.[1] && named[2]) return `${named[1]} ${named[2]}`;
  if (/\btoday\b|\btonight\b/.test(lower)) return 'today';
  if (/\btomorrow\b/.test(lower)) return 'tomorrow';
  if (/\bsoon\b/.test(lower)) return 'the coming weeks';
  return undefined;
}

export const DEFAULT_TIMEFRAME = 'the coming months';

/**
 * The question in the user's own words, for the handoff: the whole message when it is short,
 * else its question sentence (when that says enough on its own), else the message clipped.
 */
export function summariseQuestion(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return 'A general reading.';
  let summary = flat;
  if (flat.length > 200) {
    const sentences = flat.match(/[^.?!]+[.?!]*/g) ?? [flat];
    const question = sentences.find((sentence) => sentence.includes('?'))?.trim();
    summary = clip(question && words(question).length >= 6 ? question : flat, 200);
  }
  return /[.?!…]$/.test(summary) ? summary : `${summary}.`;
}

const CONCERN_CUES =
  /\b(afraid|scared|worried|worry|worries|fear|fears|anxious|stuck|lonely|alone|doubt|doubts|unsure|insecure|lost|hurt|guilty|overwhelmed|confused|trapped|ashamed|jealous)\b/;

/** The worry under a question, taken from the answer to the clarifying question, or "". */
export function findHiddenConcern(answer: string): string {
  const flat = answer.replace(/\s+/g, ' ').trim();
  if (words(flat).length < 3) return '';
  const clauses = flat.split(/(?<=[.?!;])\s+|,\s+(?:and|but)\s+/);
  const cued = clauses.find((clause) => CONCERN_CUES.test(clause.toLowerCase()));
  return clip(cued ?? flat, 160);
}

const GREETING =
  /^(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening)|greetings|yo)\b[\s!.,]*(?:(?:there|again)\b[\s!.,]*)?$/i;

/** A message that says hello and asks nothing. */
export function isGreeting(text: string): boolean {
  return GREETING.test(text.trim()) || GREETING_ES.test(text.trim()) || words(text).length === 0;
}

/** The user asks for another card ("draw", "another card", "clarify", "clarification"). */
export function wantsClarificationCard(text: string): boolean {
  return (
    /\b(draw|another card|one more card|extra card|new card|clarify|clarifying|clarification)\b/i.test(
      text,
    ) || CLARIFY_ES.test(text)
  );
}

/** The user is done ("thank you", "that's all", "bye"). */
export function isFarewell(text: string): boolean {
  return (
    /\b(thanks|thank you|bye|goodbye|that's all|that is all|that's it|i'm done|we're done)\b/i.test(
      text,
    ) || FAREWELL_ES.test(text)
  );
}

/** The user asks to start drawing again after every draw failed. */
export function wantsRetry(text: string): boolean {
  return /\b(try again|retry|again|start over|once more)\b/i.test(text) || RETRY_ES.test(text);
}

const COUNT_WORDS: Record<string, number> = {
  one: 1,
  single: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  una: 1,
  un: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
};

/**
 * How many cards the visitor asked for, when they named a number of them ("just one card", "a
 * three-card reading", "5 cards", "tres cartas"); undefined when they did not.
 */
export function requestedCardCount(text: string): number | undefined {
  const match =
    /(?<![\p{L}\d])(\d{1,2}|one|single|two|three|four|five|six|seven|eight|nine|ten|una|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)[\s-]+(?:cards?|cartas?)(?![\p{L}\d])/iu.exec(
      text,
    );
  const word = match?.[1]?.toLowerCase();
  if (word === undefined) return undefined;
  const count = COUNT_WORDS[word] ?? Number(word);
  return count >= 1 && count <= 10 ? count : undefined;
}

/**
 * What a question is about, in the visitor's own words, when it says ("a reading about moving to
 * a new city" → "moving to a new city"; "una lectura sobre …"): the words after "about"/"sobre"
 * up to the end of the clause, at most 60 characters; undefined when it names nothing.
 */
export function subjectOf(text: string): string | undefined {
  const match = /(?<![\p{L}\d])(?:about|regarding|sobre|acerca de)\s+([^.?!,;:¿¡]{3,80})/iu.exec(
    text,
  );
  const subject = match?.[1]
    ?.replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:my|mi)\s+(?=\S)/iu, (mine) =>
      mine.toLowerCase().startsWith('mi') ? 'tu ' : 'your ',
    );
  if (!subject || subject.length > 60) return undefined;
  return subject;
}

/** Joins a list for speech: "a", "a and b", "a, b and c". */
export function spokenList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A small number in words, for speech. */
export function numberWord(n: number): string {
  return (
    ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][n] ??
    String(n)
  );
}
