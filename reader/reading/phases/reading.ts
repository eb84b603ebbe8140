/**
 * Reading: calls `show_card` before interpreting each drawn card, then gives a synthesis and
 * advice and hands off to Followup with the interpretations.
 */
import { READING_GRAPH } from '../../../contracts/agent-graph.ts';
import { handoffToolName, type DrawnCard } from '../../../contracts/reading-schema.ts';
import {
  advise,
  answerFromCards,
  displayName,
  interpretCard,
  lookUp,
  summariseCard,
  synthesise,
} from '../interpret.ts';
import {
  SHOW_CARD,
  type PhaseTurn,
  type ReaderAction,
  call,
  say,
  sayIf,
  showOutcome,
  userText,
} from '../policy-actions.ts';
import type { PolicyState } from '../policy-state.ts';
import { wordsOf } from '../words.ts';
import { defaultTimeframe } from './intent.ts';

/** Reading's handoff, as the agent graph declares it. */
const HANDOFF = READING_GRAPH.Reading.handoff;

export function cardsToRead(state: PolicyState): DrawnCard[] {
  return state.spreadHandoff?.cards ?? state.drawn;
}

export function readingPhase(state: PolicyState, turn: PhaseTurn): ReaderAction[] {
  const words = wordsOf(state);
  const cards = cardsToRead(state).map((drawn) => lookUp(drawn, words));
  if (cards.length === 0) return [say(words.noCardsYet)];
  const timeframe = state.intent?.timeframe ?? defaultTimeframe(state);
  const spoken: string[] = [];
  let show = state.show;
  if (!show) {
    show = { next: 0, showing: undefined, interpreted: [], done: false };
    state.show = show;
    const first = cards[0];
    spoken.push(words.turnOneByOne(first ? words.label(first.drawn.positionLabel) : undefined));
  }
  for (const input of turn.inputs) {
    if (input.kind !== 'tool_output' || input.name !== SHOW_CARD) continue;
    const index = show.showing ?? show.next;
    show.showing = undefined;
    const read = cards[index];
    show.next = index + 1;
    if (!read) continue;
    if (showOutcome(input.output).ok) {
      show.interpreted.push(read);
      spoken.push(interpretCard(read, timeframe, words));
    } else {
      spoken.push(words.couldNotShow(displayName(read)));
    }
  }
  const text = userText(turn.inputs);
  if (turn.awaitingTool === SHOW_CARD) {
    return [say([...spoken, words.cardComing].join(' '))];
  }
  if (show.done && show.interpreted.length > 0) {
    // The reading is delivered but the session is still on Reading: answer, then hand off again.
    const reply =
      text === undefined
        ? words.readingComplete
        : answerFromCards(show.interpreted, text, state.synthesis, words);
    const tool = handoffToolName(HANDOFF.to);
    return state.reading && turn.tools.has(tool)
      ? [say(reply), call(tool, state.reading)]
      : [say(reply)];
  }
  if (show.done && text !== undefined) {
    // Nothing could be shown earlier and the user has spoken: try again from the top.
    show.done = false;
    show.next = 0;
    spoken.push(words.tryShowingAgain);
  } else if (text !== undefined && show.next > 0 && show.next < cards.length) {
    spoken.push(words.finishFirst);
  }
  const next = cards[show.next];
  if (next && turn.tools.has(SHOW_CARD)) {
    show.showing = show.next;
    if (show.next > 0) spoken.push(words.nextPosition(words.label(next.drawn.positionLabel)));
    return [
      ...sayIf(spoken.join(' ')),
      call(SHOW_CARD, { cardId: next.drawn.cardId, reversed: next.drawn.reversed }),
    ];
  }
  if (next) {
    // No way to show cards: read the rest straight through.
    for (const read of cards.slice(show.next)) {
      show.interpreted.push(read);
      spoken.push(interpretCard(read, timeframe, words));
    }
    show.next = cards.length;
  }
  show.done = true;
  if (show.interpreted.length === 0) {
    return [say([...spoken, words.noneShown].join(' '))];
  }
  state.synthesis = synthesise(show.interpreted, timeframe, words);
  const advice = advise(show.interpreted, words);
  state.reading ??= HANDOFF.carries.parse({
    interpretations: show.interpreted.map((read) => ({
      cardId: read.drawn.cardId,
      positionLabel: read.drawn.positionLabel,
      summary: summariseCard(read, words),
    })),
    synthesis: state.synthesis,
    advice,
  });
  const tool = handoffToolName(HANDOFF.to);
  const closing = `${state.synthesis} ${advice}`.trim();
  if (!turn.tools.has(tool)) {
    return [...sayIf(spoken.join(' ')), say(closing)];
  }
  return [
    ...sayIf(spoken.join(' ')),
    say(`${closing} ${words.completeStay}`),
    call(tool, state.reading),
  ];
}
