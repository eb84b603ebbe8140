/**
 * The offline BMO's reasoning for one step of a turn: from the user's message and the tool results
 * so far, either call one tool (the framework runs it and asks again with its output) or answer in
 * words. The rules are BMO's prompt, applied literally: the time through `get_current_time`,
 * questions about the notes through `obsidian-query` answered from what it returns, and precise
 * data that fits the question onto the cassette through `present_to_cassette`, said so.
 */
import type { SupportedLang } from '../../contracts/locale.ts';
import { GET_CURRENT_TIME } from '../tools/time.ts';
import { OBSIDIAN_QUERY, type ReadPassage, parsePassages } from '../tools/obsidian-query.ts';
import { PRESENT_TO_CASSETTE } from '../tools/present-to-cassette.ts';
import {
  bestFact,
  bestPassage,
  cassetteTitle,
  joinSplitWords,
  mentionsAny,
  noteName,
} from './facts.ts';
import {
  type Intent,
  type Term,
  askedKinds,
  ownWords,
  searchWords,
  subjectWords,
} from './language.ts';
import { type Phrases, phrasesFor } from './phrases-for.ts';
import { placeName, zoneForPlace } from './places.ts';
import { type Turn, lastStep } from './turn.ts';

/** Messages in the flood window past which BMO asks the user to slow down. */
export const FLOOD_LIMIT = 8;

/** Passages asked of the notes search: enough that the one that fits is among them. */
const SEARCH_LIMIT = 5;

export type Step =
  { type: 'say'; text: string } | { type: 'call'; name: string; args: Record<string, unknown> };

export interface StepOptions {
  /** Names of the tools the framework offered for this step. */
  tools: ReadonlySet<string>;
  /** False when the framework asked for no tool call (`toolChoice: 'none'`). */
  mayCallTools: boolean;
  /** The visitor's language, from their token (English when absent). */
  lang?: SupportedLang;
}

function sayText(text: string): Step {
  return { type: 'say', text };
}

/** The next step of the turn. */
export function nextStep(turn: Turn, options: StepOptions): Step {
  const canCall = (name: string) => options.mayCallTools && options.tools.has(name);
  const say = phrasesFor(options.lang);
  if (turn.userText === undefined) return sayText(say.pick(say.GREETINGS, 'greeting'));
  const text = turn.userText;
  if (turn.recentUserMessages > FLOOD_LIMIT && turn.steps.length === 0) {
    return sayText(say.FLOODED);
  }
  const intent = say.understand(text, { heard: turn.heard });
  switch (intent.type) {
    case 'empty':
      return sayText(say.EMPTY_MESSAGE);
    case 'unheard':
      return sayText(say.UNHEARD);
    case 'too_long':
      return sayText(say.TOO_LONG);
    case 'other_language':
      return sayText(say.OTHER_LANGUAGE);
    case 'unclear':
      return sayText(say.UNCLEAR);
    case 'small_talk':
      return sayText(say.smallTalk(intent.topic, text));
    case 'time':
      return timeStep(turn, turn.heard ? withHeardPlace(intent, text) : intent, canCall, say);
    case 'notes':
      return notesStep(turn, intent.terms, canCall, say);
  }
}

/**
 * A heard time question that names no place after "in", "at" or "for" may still end with one: the
 * recognizer drops short words ("What time is it, Tokyo?"). Its last one to three words are taken
 * when they name a place BMO knows.
 */
function withHeardPlace(intent: Extract<Intent, { type: 'time' }>, text: string) {
  if (intent.place) return intent;
  const tail = text
    .replace(/[^\p{L}\s'’-]/gu, ' ')
    .trim()
    .split(/\s+/)
    .slice(-3);
  for (let from = 0; from < tail.length; from += 1) {
    const place = tail.slice(from).join(' ');
    if (zoneForPlace(place)) return { ...intent, place };
  }
  return intent;
}

/** "It's Sunday, 22 November 2026, 3:04 PM in Asia/Tokyo (UTC+9)." read back in parts. */
const TIME_OUTPUT = /^It's (\w+), (.+?), (\d{1,2}:\d{2} [AP]M) in (.+?) \((UTC[^)]*)\)\.$/;

function timeStep(
  turn: Turn,
  intent: Extract<Intent, { type: 'time' }>,
  canCall: (name: string) => boolean,
  say: Phrases,
): Step {
  const zone = intent.zone ?? (intent.place ? zoneForPlace(intent.place) : undefined);
  const where = intent.place && zone ? placeName(intent.place) : undefined;
  const step = lastStep(turn, GET_CURRENT_TIME);
  if (!step) {
    if (intent.place && !zone) return sayText(say.unknownPlace(intent.place));
    if (!canCall(GET_CURRENT_TIME)) return sayText(say.NO_TOOLS);
    return { type: 'call', name: GET_CURRENT_TIME, args: zone ? { timeZone: zone } : {} };
  }
  if (step.isError || step.output === undefined) return sayText(say.CLOCK_BROKEN);
  const parts = TIME_OUTPUT.exec(step.output.trim());
  if (!parts) return sayText(say.clockSays(step.output));
  const [, weekday, date, clock, rawZone, offset] = parts;
  const zoneName = (rawZone ?? '').replace(/, the server's time zone$/, '');
  const place = where ?? zoneName;
  const zoneNote = place === zoneName ? `${offset}` : `${zoneName}, ${offset}`;
  const reading = { weekday: weekday ?? '', date: date ?? '', clock: clock ?? '', place, zoneNote };
  return sayText(intent.wantsDate ? say.todayIs(reading) : say.timeIs(reading));
}

/** The passages once each (two searches can return the same section). */
function uniquePassages(passages: ReadPassage[]): ReadPassage[] {
  const seen = new Set<string>();
  return passages.filter((p) => {
    const key = `${p.path}#${p.heading}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A general answer: what the note's section says, on one line, shortened. */
function passageAnswer(best: ReadPassage, say: Phrases): string {
  const section = best.heading.split(' › ').pop();
  const name = say.quoted(noteName(best.path));
  const where = section && section !== noteName(best.path) ? `${name} (${section})` : name;
  const gist = best.text.length > 320 ? `${best.text.slice(0, 317).trimEnd()}…` : best.text;
  const oneLine = gist
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  return say.noteSays(where, oneLine);
}

function notesStep(
  turn: Turn,
  asked: readonly Term[],
  canCall: (name: string) => boolean,
  say: Phrases,
): Step {
  const subjectPhrase = (terms: readonly Term[]) => say.subject(ownWords(terms));
  const search = lastStep(turn, OBSIDIAN_QUERY);
  if (!search) {
    if (!canCall(OBSIDIAN_QUERY)) return sayText(say.NO_TOOLS);
    return {
      type: 'call',
      name: OBSIDIAN_QUERY,
      args: { query: searchWords(asked).join(' ').slice(0, 200), limit: SEARCH_LIMIT },
    };
  }
  if (search.output === undefined || search.isError) return sayText(say.NOTES_UNAVAILABLE);
  const searches = turn.steps.filter(
    (step) => step.name === OBSIDIAN_QUERY && step.output !== undefined && !step.isError,
  );
  const passages = uniquePassages(searches.flatMap((step) => parsePassages(step.output ?? '')));
  if (passages.length === 0) return sayText(say.nothingFound(subjectPhrase(asked)));
  const keys = joinSplitWords(asked, passages);

  const fact = bestFact(keys, passages);
  if (!fact) {
    const kinds = askedKinds(keys);
    const subject = subjectWords(keys);
    if (subject.length > 0 && !passages.some((p) => mentionsAny(p, subject))) {
      return sayText(say.nothingFound(subjectPhrase(keys)));
    }
    if (kinds.length > 0) {
      return sayText(say.noPreciseMatch(subjectPhrase(subject), ownWords(kinds)));
    }
    const best = bestPassage(passages, subject);
    if (!best) return sayText(say.nothingFound(subjectPhrase(keys)));
    // like a person would: search once more for the words the best passage leaves out
    const missing = subject.filter((word) => !mentionsAny(best, [word]));
    if (searches.length === 1 && missing.length > 0 && missing.length < subject.length) {
      if (canCall(OBSIDIAN_QUERY)) {
        return {
          type: 'call',
          name: OBSIDIAN_QUERY,
          args: { query: searchWords(missing).join(' ').slice(0, 200), limit: SEARCH_LIMIT },
        };
      }
    }
    return sayText(passageAnswer(best, say));
  }

  const from = say.yourNote(noteName(fact.passage.path));
  const cassette = lastStep(turn, PRESENT_TO_CASSETTE);
  if (!cassette) {
    if (!canCall(PRESENT_TO_CASSETTE)) {
      return sayText(say.found(from, cassetteTitle(fact), fact.value));
    }
    return {
      type: 'call',
      name: PRESENT_TO_CASSETTE,
      args: { title: cassetteTitle(fact), content: fact.value },
    };
  }
  if (cassette.isError || cassette.output === undefined) {
    return sayText(say.foundCassetteFailed(from, cassetteTitle(fact), fact.value));
  }
  return sayText(say.foundOnCassette(from, cassetteTitle(fact), fact.value));
}
