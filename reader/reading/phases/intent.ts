/**
 * IntentAssessment: asks one clarifying question, then hands off to SpreadGeneration with an
 * IntentHandoff (summary, hidden concern, topic, timeframe).
 */
import { READING_GRAPH } from '../../../contracts/agent-graph.ts';
import { type IntentHandoff, handoffToolName } from '../../../contracts/reading-schema.ts';
import { type PhaseTurn, type ReaderAction, call, say, userText } from '../policy-actions.ts';
import type { PolicyState } from '../policy-state.ts';
import { wordsOf } from '../words.ts';
import {
  findHiddenConcern,
  findTimeframe,
  inferTopic,
  isGreeting,
  subjectOf,
  summariseQuestion,
} from '../text.ts';

/** IntentAssessment's handoff, as the agent graph declares it. */
const HANDOFF = READING_GRAPH.IntentAssessment.handoff;

export function intentAssessment(state: PolicyState, turn: PhaseTurn): ReaderAction[] {
  const words = wordsOf(state);
  const text = userText(turn.inputs);
  const voice =
    turn.modality === 'audio' ? (turn.hears ? words.voiceNoteHears : words.voiceNote) : '';
  /**
   * The one clarifying question, about what the question names in the visitor's own words when no
   * topic covers it; it asks for a time span when the question named none.
   */
  const clarify = (question: string) =>
    words.clarifying(
      inferTopic(question),
      findTimeframe(question, state.lang) === undefined,
      subjectOf(question),
    );
  if (text === undefined) {
    if (state.question === undefined) return [say(words.welcome(voice))];
    if (!state.intent) return [say(clarify(state.question))];
    return handOffIntent(state, turn, state.intent);
  }
  if (state.question === undefined) {
    if (isGreeting(text)) return [say(words.hello(voice))];
    state.question = text;
    return [say(`${words.thanksForQuestion} ${clarify(text)}`)];
  }
  state.answer ??= text;
  const both = `${state.question} ${state.answer}`;
  state.intent ??= HANDOFF.carries.parse({
    intentSummary: summariseQuestion(state.question),
    hiddenConcern: findHiddenConcern(state.answer),
    topic: inferTopic(both),
    timeframe:
      findTimeframe(state.question, state.lang) ??
      findTimeframe(state.answer, state.lang) ??
      defaultTimeframe(state),
  });
  return handOffIntent(state, turn, state.intent);
}

export function handOffIntent(
  state: PolicyState,
  turn: PhaseTurn,
  intent: IntentHandoff,
): ReaderAction[] {
  const words = wordsOf(state);
  const tool = handoffToolName(HANDOFF.to);
  const heard = words.heard(intent.intentSummary);
  if (!turn.tools.has(tool)) return [say(`${heard} ${words.cannotHandOffIntent}`)];
  return [say(`${heard} ${words.toSpread}`), call(tool, intent)];
}

export function intentOrFallback(state: PolicyState, turn: PhaseTurn): IntentHandoff {
  if (state.intent) return state.intent;
  const text = userText(turn.inputs) ?? state.question ?? wordsOf(state).generalReading;
  state.intent = HANDOFF.carries.parse({
    intentSummary: summariseQuestion(text),
    hiddenConcern: '',
    topic: inferTopic(text),
    timeframe: findTimeframe(text, state.lang) ?? defaultTimeframe(state),
  });
  return state.intent;
}

/** The span a reading covers when the visitor named none, in the reading's language. */
export function defaultTimeframe(state: PolicyState): string {
  return wordsOf(state).defaultTimeframe;
}
