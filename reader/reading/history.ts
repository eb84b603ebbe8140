/**
 * A reading resumed into a new socket: after a dropped connection the page opens a new session at
 * the agent it was on and replays the past messages (`conversation.item.create` carrying their
 * ids, before any `response.create`, as the SDK's `updateHistory` does). Those items are HISTORY,
 * not new turns; this module rebuilds what the reader knew from them and from the active agent's
 * instructions, which the page writes from its run context (the question, the spread, the cards
 * drawn, which are shown, the reading as delivered; see web-components/tarot/agents/context.ts).
 *
 * The policy then carries on from there: a reading resumed mid-spread draws the remaining
 * positions, one resumed in Followup answers from the same cards. Everything read here is checked
 * with the contracts' schemas; a line that does not check out is left out, never guessed.
 */
import { READING_GRAPH, handoffsInto } from '../../contracts/agent-graph.ts';
import {
  APP_NOTE_PREFIX,
  DrawnCard,
  SpreadLayout,
  type AgentName,
  type IntentHandoff,
  type ReadingHandoff,
} from '../../contracts/reading-schema.ts';
import { parseCardLine, parsePosition, parseReadingLine } from './instruction-lines.ts';
import { lookUp } from './interpret.ts';
import type { PolicyState } from './policy-state.ts';
import { chooseSpread } from './spreads.ts';
import { isGreeting } from './text.ts';
import { wordsOf } from './words.ts';

/** How many replayed user messages are kept to rebuild from (the question and its answer lead). */
export const MAX_HISTORY_MESSAGES = 20;

/** Whether the policy has learnt nothing yet (a blank state a resume may fill). */
export function isBlank(state: PolicyState): boolean {
  return (
    state.question === undefined &&
    state.intent === undefined &&
    state.spread === undefined &&
    state.drawn.length === 0 &&
    state.show === undefined
  );
}

/** The block under `heading` in the instructions: the lines after it, up to a blank line. */
function block(instructions: string, heading: string): string[] {
  const lines = instructions.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start === -1) return [];
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') break;
    out.push(line.trim());
  }
  return out;
}

function field(lines: readonly string[], name: string): string | undefined {
  const prefix = `${name}: `;
  return lines.find((line) => line.startsWith(prefix))?.slice(prefix.length);
}

/** The question as the instructions give it (`describeIntent`). */
export function intentFrom(instructions: string): IntentHandoff | undefined {
  const lines = block(instructions, 'The question:');
  const concern = field(lines, 'Deeper concern');
  const timeframe = field(lines, 'Timeframe');
  const parsed = READING_GRAPH.IntentAssessment.handoff.carries.safeParse({
    intentSummary: field(lines, 'Question'),
    hiddenConcern: concern === 'none named' ? '' : concern,
    topic: field(lines, 'Topic'),
    timeframe: timeframe === 'open' ? '' : timeframe,
  });
  return parsed.success ? parsed.data : undefined;
}

/** The cards drawn, in order, as the instructions list them (`describeCards`). */
export function cardsFrom(instructions: string): DrawnCard[] {
  const lines = [
    ...block(instructions, 'Cards drawn so far:'),
    ...block(instructions, 'Cards drawn:'),
    ...block(instructions, 'Cards drawn, in position order:'),
  ];
  return lines.flatMap((line) => {
    const card = parseCardLine(line);
    if (!card) return [];
    const parsed = DrawnCard.safeParse(card);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The spread as the instructions name it (`describeSpread`). */
export function spreadFrom(instructions: string): SpreadLayout | undefined {
  const line = instructions.split('\n').find((text) => text.startsWith('The spread: '));
  if (!line) return undefined;
  const text = line.slice('The spread: '.length);
  const colon = text.indexOf(': ');
  if (colon === -1) return undefined;
  const positions = text
    .slice(colon + 2)
    .split('; ')
    .map(parsePosition);
  const parsed = SpreadLayout.safeParse({ name: text.slice(0, colon), positions });
  return parsed.success ? parsed.data : undefined;
}

/** The ids the instructions still list to show (`Still to show:`); undefined when not listed. */
export function stillToShow(instructions: string): string[] | undefined {
  const line = instructions.split('\n').find((text) => text.startsWith('Still to show: '));
  if (!line) return undefined;
  const rest = line.slice('Still to show: '.length).trim();
  if (rest.startsWith('none')) return [];
  return rest.split(', ').map((id) => id.trim());
}

/** The reading as delivered (`describeReading`). */
export function readingFrom(instructions: string): ReadingHandoff | undefined {
  const lines = block(instructions, 'The reading as delivered:');
  const interpretations = lines.flatMap((line) => {
    const interpretation = parseReadingLine(line);
    return interpretation ? [interpretation] : [];
  });
  const advice = field(lines, 'Advice');
  const parsed = READING_GRAPH.Reading.handoff.carries.safeParse({
    interpretations,
    synthesis: field(lines, 'Synthesis'),
    advice: advice === 'none given' ? '' : advice,
  });
  return parsed.success ? parsed.data : undefined;
}

/**
 * Fills a blank policy state from a resumed session: the user's replayed messages (the question
 * and the answer to the clarifying question, as the intent phase took them) and the active
 * agent's instructions (the facts the page holds). What it rebuilds is what the agent graph says
 * reached the active agent (`handoffsInto`): the intent, then the spread and its cards, then the
 * reading as delivered. Returns whether anything was learnt.
 */
export function rebuildFromHistory(
  state: PolicyState,
  agent: AgentName,
  instructions: string,
  userMessages: readonly string[],
): boolean {
  for (const text of userMessages) {
    if (text.trimStart().startsWith(APP_NOTE_PREFIX)) continue;
    if (state.question === undefined) {
      if (!isGreeting(text)) state.question = text;
    } else {
      state.answer ??= text;
      break;
    }
  }
  const known = handoffsInto(agent);
  if (!known.has('intent')) return state.question !== undefined;

  const intent = intentFrom(instructions);
  if (intent) state.intent = intent;
  const cards = cardsFrom(instructions);
  const layout = spreadFrom(instructions);
  const question = state.question ?? intent?.intentSummary;
  if (layout) {
    state.spread = { layout, why: '' };
  } else if (question !== undefined && intent) {
    // The page records the spread only at the handoff: mid-spread it is the one this reader chose
    // from the same question, which is deterministic.
    state.spread = chooseSpread(question, intent.topic, intent.timeframe, wordsOf(state));
  }
  const positions = state.spread?.layout.positions.length ?? cards.length;
  const spreadCards = cards.slice(0, positions);
  state.drawn = spreadCards;
  state.nextPosition = spreadCards.length;
  if (!known.has('spread')) return true;

  if (state.spread && spreadCards.length > 0) {
    state.spreadHandoff = { spread: state.spread.layout, cards: spreadCards };
  }
  const toShow = stillToShow(instructions);
  const reading = readingFrom(instructions);
  if (!known.has('reading')) {
    const pending = toShow ?? [];
    const next = spreadCards.findIndex((card) => pending.includes(card.cardId));
    const shown = next === -1 ? spreadCards : spreadCards.slice(0, next);
    state.show = {
      next: next === -1 ? spreadCards.length : next,
      showing: undefined,
      interpreted: shown.map((card) => lookUp(card, wordsOf(state))),
      done: false,
    };
    return true;
  }
  state.show = {
    next: spreadCards.length,
    showing: undefined,
    interpreted: spreadCards.map((card) => lookUp(card, wordsOf(state))),
    done: true,
  };
  if (reading) {
    state.reading = reading;
    state.synthesis = reading.synthesis;
  }
  state.clarificationCards = cards.slice(positions).map((card) => lookUp(card, wordsOf(state)));
  state.followupGreeted = true;
  return true;
}

/**
 * At a session's first response.create: a session opened past the first phase, or given history,
 * is a resumed reading, and a blank policy state rebuilds what it knew from it.
 */
export function resumeReading(
  state: PolicyState,
  agent: AgentName,
  session: Readonly<Record<string, unknown>>,
  userMessages: readonly string[],
): boolean {
  if (userMessages.length === 0 && handoffsInto(agent).size === 0) return false;
  if (!isBlank(state)) return false;
  const instructions = session['instructions'];
  return rebuildFromHistory(
    state,
    agent,
    typeof instructions === 'string' ? instructions : '',
    userMessages,
  );
}
