/**
 * IntentAssessment: asks one clarifying question, then hands off to SpreadGeneration with an
 * IntentHandoff (summary, hidden concern, topic, timeframe).
 */
import { READING_GRAPH } from '../../../contracts/agent-graph.ts';
import { type IntentHandoff, handoffToolName } from '../../../contracts/reading.ts';
import { type PhaseTurn, type ReaderAction, call, say, userText } from '../policy-actions.ts';
import type { PolicyState } from '../policy-state.ts';
import {
  DEFAULT_TIMEFRAME,
  findHiddenConcern,
  findTimeframe,
  inferTopic,
  isGreeting,
  summariseQuestion,
  type Topic,
} from '../text.ts';

/** IntentAssessment's handoff, as the agent graph declares it. */
const HANDOFF = READING_GRAPH.IntentAssessment.handoff;

function clarifyingQuestion(topic: Topic, timeframe: string | undefined): string {
  const when = timeframe ? '' : ' And is there a time span you have in mind?';
  switch (topic) {
    case 'love':
      return `Before we draw: what feels most uncertain to you right now, their feelings, your own, or where things are heading?${when}`;
    case 'career':
      return `Before we draw: is there a particular decision or change at work on your mind, and what are you hoping for?${when}`;
    case 'money':
      return `Before we draw: is this about a specific choice, like a purchase or a debt, or a more general sense of security?${when}`;
    case 'health':
      return `Before we draw, and remembering the cards are for reflection, not medical advice: what part of your wellbeing most needs attention?${when}`;
    case 'family':
      return `Before we draw: who in your family is this most about, and what would a good outcome look like to you?${when}`;
    case 'spiritual':
      return `Before we draw: what has been stirring this question in you lately?${when}`;
    case 'general':
      return `Before we draw: what is behind this question for you, what would you most like to understand?${when}`;
  }
}

export function intentAssessment(state: PolicyState, turn: PhaseTurn): ReaderAction[] {
  const text = userText(turn.inputs);
  const voice =
    turn.modality === 'audio'
      ? " I'm the offline reader: without an OpenAI key I can't hear speech, so when you talk I'll follow a demo script."
      : '';
  if (text === undefined) {
    if (state.question === undefined) {
      return [
        say(
          `Welcome to your reading.${voice} What question would you like to bring to the cards today?`,
        ),
      ];
    }
    if (!state.intent) {
      return [say(clarifyingQuestion(inferTopic(state.question), findTimeframe(state.question)))];
    }
    return handOffIntent(state, turn, state.intent);
  }
  if (state.question === undefined) {
    if (isGreeting(text)) {
      return [
        say(`Hello, and welcome.${voice} What question would you like to bring to the cards?`),
      ];
    }
    state.question = text;
    const topic = inferTopic(text);
    return [
      say(
        `Thank you for bringing that to the cards. ${clarifyingQuestion(topic, findTimeframe(text))}`,
      ),
    ];
  }
  state.answer ??= text;
  const both = `${state.question} ${state.answer}`;
  state.intent ??= HANDOFF.carries.parse({
    intentSummary: summariseQuestion(state.question),
    hiddenConcern: findHiddenConcern(state.answer),
    topic: inferTopic(both),
    timeframe: findTimeframe(state.question) ?? findTimeframe(state.answer) ?? DEFAULT_TIMEFRAME,
  });
  return handOffIntent(state, turn, state.intent);
}

export function handOffIntent(
  state: PolicyState,
  turn: PhaseTurn,
  intent: IntentHandoff,
): ReaderAction[] {
  const tool = handoffToolName(HANDOFF.to);
  const heard = `Thank you, that gives me a clear picture. Your question: ${intent.intentSummary}`;
  if (!turn.tools.has(tool)) {
    return [say(`${heard} I can't pass you on to lay out a spread from here, I'm afraid.`)];
  }
  return [say(`${heard} Let's choose the right spread for it.`), call(tool, intent)];
}

export function intentOrFallback(state: PolicyState, turn: PhaseTurn): IntentHandoff {
  if (state.intent) return state.intent;
  const text = userText(turn.inputs) ?? state.question ?? 'A general reading.';
  state.intent = HANDOFF.carries.parse({
    intentSummary: summariseQuestion(text),
    hiddenConcern: '',
    topic: inferTopic(text),
    timeframe: findTimeframe(text) ?? DEFAULT_TIMEFRAME,
  });
  return state.intent;
}
