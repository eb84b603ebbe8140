/**
 * Reading the notes' search results the way a careful person would: find the values the passages
 * state (statements.ts: "my X is …", "X: …", a list item, a table row, a heading then a line, a
 * phone-like number in a sentence), and pick the one that fits the question, by its subject
 * words (in the label, the line, the section heading or the note's name) and by the kind of data
 * asked for (an ID, a password, a code…). Nothing here knows any particular note: it works from
 * what the search returned.
 */
import type { ReadPassage } from '../tools/obsidian-query.ts';
import { withoutParentheses } from '../text.ts';
import { DATA_KINDS, type Term, askedKinds, stem, subjectWords, words } from './language.ts';
import { statementsIn } from './statements.ts';

export interface Fact {
  /** The label as the note writes it, e.g. "PhilHealth ID (PIN)". */
  label: string;
  /** The exact value, e.g. "12-345678901-2". */
  value: string;
  passage: ReadPassage;
  score: number;
}

/** The note's name from its path: "Daily/2026-11-20.md" → "2026-11-20". */
export function noteName(path: string): string {
  const file = path.split('/').pop() ?? path;
  return file.replace(/\.md$/i, '');
}

/** Comparable forms of a text's words: stems, with hyphenated words also whole and in parts. */
function terms(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of words(text)) {
    out.add(stem(word));
    if (word.includes('-') || word.includes('/')) {
      out.add(stem(word.replace(/[-/]/g, '')));
      for (const part of word.split(/[-/]/)) if (part) out.add(stem(part));
    }
  }
  return out;
}

function has(set: Set<string>, word: string): boolean {
  const s = stem(word.replace(/[-/]/g, ''));
  return set.has(s) || set.has(stem(word));
}

/**
 * How many words of a term the set holds: those of its longest way whose words it holds all of
 * ("storage unit" counts two), 0 when it holds none of its ways.
 */
function held(set: Set<string>, term: Term): number {
  let most = 0;
  for (const way of term) {
    const parts = way.split(' ').filter(Boolean);
    if (parts.length > most && parts.every((word) => has(set, word))) most = parts.length;
  }
  return most;
}

/** True when the passage (its text, section or note name) mentions one of the terms. */
export function mentionsAny(passage: ReadPassage, subject: readonly Term[]): boolean {
  const all = terms(`${passage.text} ${passage.heading} ${noteName(passage.path)}`);
  return subject.some((term) => held(all, term) > 0);
}

/**
 * The keywords with two neighbours joined where the passages write them as one word ("phil
 * health" → "philhealth"): a speech recognizer splits a name it does not know, and so may a typist.
 * Words the passages know apart stay apart.
 */
export function joinSplitWords(keys: readonly Term[], passages: ReadPassage[]): Term[] {
  const known = new Set<string>();
  for (const p of passages) {
    for (const term of terms(`${p.text} ${p.heading} ${noteName(p.path)}`)) known.add(term);
  }
  // only a word said one way is joined: a term with other ways (a Spanish one) is a thing already
  const single = (term: Term | undefined) =>
    term?.length === 1 && !term[0]?.includes(' ') ? term[0] : undefined;
  const joined: Term[] = [];
  for (let i = 0; i < keys.length; i += 1) {
    const word = single(keys[i]);
    const next = single(keys[i + 1]);
    if (
      word !== undefined &&
      next !== undefined &&
      has(known, word + next) &&
      !(has(known, word) && has(known, next))
    ) {
      joined.push([word + next]);
      i += 1;
    } else {
      joined.push(keys[i] ?? []);
    }
  }
  return joined;
}

/**
 * The passage that best covers the subject words, each weighted by how rare it is among the
 * passages (a word in one passage tells more than a word in all); the search's order breaks ties.
 */
export function bestPassage(
  passages: ReadPassage[],
  subject: readonly Term[],
): ReadPassage | undefined {
  const weight = new Map(
    subject.map((term) => [
      term,
      1 / Math.max(1, passages.filter((p) => mentionsAny(p, [term])).length),
    ]),
  );
  let best: ReadPassage | undefined;
  let bestScore = -1;
  for (const passage of passages) {
    const score = subject
      .filter((term) => mentionsAny(passage, [term]))
      .reduce((sum, term) => sum + (weight.get(term) ?? 0), 0);
    if (score > bestScore) {
      best = passage;
      bestScore = score;
    }
  }
  return best;
}

/** Every value a passage states, with the label it stands under (statements.ts). */
export function factsIn(passage: ReadPassage): Omit<Fact, 'score'>[] {
  return statementsIn(passage.text, passage.heading).map((statement) => ({
    ...statement,
    passage,
  }));
}

/** The kind group of a word, e.g. "pin" → "id". */
function kindsOf(word: string): string[] {
  return Object.entries(DATA_KINDS)
    .filter(([, names]) => names.includes(word) || names.includes(stem(word)))
    .map(([kind]) => kind);
}

/**
 * How well a fact answers a question with these terms; 0 when it does not fit. A fact fits when
 * every subject term of the question is in its passage (all but one when three or more of its
 * words are in its label, section or note), some in its label, line, section or note (for a
 * question with no kind of data, all of them there and some in its label), and any kind asked for
 * is the kind its label names, or its label names no kind and holds the whole subject ("Shed"
 * answers "my shed code").
 */
export function fitScore(keys: readonly Term[], fact: Omit<Fact, 'score'>): number {
  const subject = subjectWords(keys);
  const kinds = askedKinds(keys);
  const label = terms(fact.label);
  const near = terms(`${fact.label} ${fact.passage.heading} ${noteName(fact.passage.path)}`);
  const passage = terms(fact.passage.text);

  let score = 0;
  let strong = 0;
  let strongWords = 0;
  let matched = 0;
  for (const term of subject) {
    const inLabel = held(label, term);
    const inNear = inLabel || held(near, term);
    if (inLabel) {
      score += 3;
      strong += 1;
      strongWords += inLabel;
    } else if (inNear) {
      score += 2;
      strong += 1;
      strongWords += inNear;
    } else if (held(passage, term)) score += 0.5;
    else continue;
    matched += 1;
  }
  // a term of the question the passage never mentions asks for something else (the back door's
  // key is not the front door's); one may be left over when three or more words are the fact's own
  const missing = subject.length - matched;
  if (subject.length > 0 && (strong === 0 || missing > (strongWords >= 3 ? 1 : 0))) return 0;
  // with no kind of data named, every subject term must be the fact's own ("my PhilHealth
  // premium" is not the PhilHealth ID)
  if (kinds.length === 0 && strong < subject.length) return 0;

  if (kinds.length > 0) {
    const wanted = new Set(kinds.flatMap((term) => term.flatMap(kindsOf)));
    const named = [...label].flatMap(kindsOf);
    if (named.some((kind) => wanted.has(kind))) score += 2;
    else if (wanted.has('phone') && /^\+?[\d ()-]{6,}$/.test(fact.value)) score += 1;
    else if (named.length > 0 || !subject.every((term) => held(label, term) > 0)) return 0;
  } else if (!subject.some((term) => held(label, term) > 0)) {
    return 0;
  }
  return score;
}

/** The fact in the passages that best fits the question, or undefined when none does. */
export function bestFact(keys: readonly Term[], passages: ReadPassage[]): Fact | undefined {
  let best: Fact | undefined;
  passages.forEach((passage, rank) => {
    for (const fact of factsIn(passage)) {
      // a small bonus for the search's own ranking breaks ties
      const score =
        fitScore(keys, fact) > 0 ? fitScore(keys, fact) + (passages.length - rank) / 10 : 0;
      if (score > 0 && (!best || score > best.score)) best = { ...fact, score };
    }
  });
  return best;
}

/** A cassette title of a few words: "PhilHealth ID (PIN)" → "PhilHealth ID"; "Phone" → "Landlord phone". */
export function cassetteTitle(fact: Fact): string {
  let title = withoutParentheses(fact.label).split(/\s+/).filter(Boolean).join(' ');
  if (title.split(' ').length === 1 || title === 'Number') {
    const section = fact.passage.heading.split(' › ').pop() || noteName(fact.passage.path);
    title = `${section} ${title === 'Number' ? 'number' : title.toLowerCase()}`;
  }
  title = title.charAt(0).toUpperCase() + title.slice(1);
  return title.length > 40 ? `${title.slice(0, 39).trimEnd()}…` : title;
}
