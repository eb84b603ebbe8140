/**
 * SpreadGeneration: announces a spread chosen from the question, describes each position and calls
 * `draw_card` once per position (retrying a failed draw once), then hands off to Reading with the
 * spread and the cards. A draw the person cancelled is not retried: the reader asks whether to
 * draw again or end, and waits for the answer.
 */
import { READING_GRAPH } from '../../../contracts/agent-graph.ts';
import {
  handoffToolName,
  type DrawnCard,
  type SpreadPosition,
} from '../../../contracts/reading-schema.ts';
import { lookUp, nameWithOrientation } from '../interpret.ts';
import {
  DRAW_CARD,
  type PhaseTurn,
  type ReaderAction,
  call,
  describePosition,
  drawChoiceIn,
  drawOutcome,
  isCancelled,
  say,
  userText,
} from '../policy-actions.ts';
import type { PolicyState } from '../policy-state.ts';
import { chooseSpread } from '../spreads.ts';
import { requestedCardCount } from '../text.ts';
import { wordsOf } from '../words.ts';
import { intentOrFallback } from './intent.ts';

/** SpreadGeneration's handoff, as the agent graph declares it. */
const HANDOFF = READING_GRAPH.SpreadGeneration.handoff;

export function spreadGeneration(state: PolicyState, turn: PhaseTurn): ReaderAction[] {
  const words = wordsOf(state);
  const intent = intentOrFallback(state, turn);
  const spoken: string[] = [];
  let fresh = false;
  if (!state.spread) {
    // The user's full question when this reader heard it; else the summary the handoff carried.
    const question = state.question ?? intent.intentSummary;
    // A number of cards named in the question, or else in the answer to the clarifying one.
    state.spread = chooseSpread(
      question,
      intent.topic,
      intent.timeframe,
      words,
      requestedCardCount(question) ?? requestedCardCount(state.answer ?? ''),
    );
    fresh = true;
    const { layout, why } = state.spread;
    const labels = layout.positions.map((p) => words.label(p.label));
    spoken.push(words.spreadIntro(layout.name, why, labels, words.number(labels.length)));
  }
  const positions = state.spread.layout.positions;
  let sawOutput = false;
  let sawCancel = false;
  for (const input of turn.inputs) {
    if (input.kind !== 'tool_output' || input.name !== DRAW_CARD) continue;
    sawOutput = true;
    sawCancel ||= isCancelled(input.output);
    spoken.push(takeDraw(state, input.output, positions));
  }
  const text = userText(turn.inputs);
  if (state.drawChoice !== undefined) {
    // A cancelled draw: nothing is drawn until the person says to draw again.
    const choice = sawCancel ? undefined : drawChoiceIn(turn.inputs);
    const next = positions[state.nextPosition]?.label;
    const label = next === undefined ? undefined : words.label(next);
    if (choice === 'end') {
      state.drawChoice = 'ended';
      return [say(words.ended)];
    }
    if (choice === undefined) {
      const ask = state.drawChoice === 'ended' ? words.closedForNow : words.drawAgainOrEnd(label);
      return [say(sawCancel ? spoken.join(' ') : ask)];
    }
    state.drawChoice = undefined;
    if (choice === 'continue') {
      state.nextPosition += 1;
      spoken.push(words.leaveOpen(label));
    } else {
      spoken.push(words.drawAgain);
    }
  }
  if (turn.awaitingTool === DRAW_CARD && state.drawing !== undefined) {
    const position = positions[state.drawing];
    const label = position === undefined ? undefined : words.label(position.label);
    return [say([...spoken, words.pickWhenReady(label)].join(' '))];
  }
  if (
    !fresh &&
    !sawOutput &&
    text !== undefined &&
    state.nextPosition >= positions.length &&
    state.drawn.length === 0
  ) {
    // Every draw failed earlier; the user has spoken, so start again.
    state.nextPosition = 0;
    state.drawFailures = 0;
    spoken.push(words.tryDrawingAgain);
  }
  if (state.nextPosition < positions.length) {
    const position = positions[state.nextPosition];
    if (position && turn.tools.has(DRAW_CARD)) {
      const intro =
        state.drawFailures > 0
          ? ''
          : describePosition(position, state.nextPosition, positions.length, words);
      state.drawing = state.nextPosition;
      return [
        say([...spoken, intro].filter(Boolean).join(' ')),
        call(DRAW_CARD, { positionLabel: position.label, promptRole: position.role }),
      ];
    }
    return [say([...spoken, words.cannotDraw].join(' '))];
  }
  if (state.drawn.length === 0) {
    return [say([...spoken, words.noCardsDrawn].join(' '))];
  }
  state.spreadHandoff ??= HANDOFF.carries.parse({
    spread: state.spread.layout,
    cards: state.drawn,
  });
  const tool = handoffToolName(HANDOFF.to);
  const all =
    state.drawn.length === positions.length
      ? words.allDrawn(state.drawn.length)
      : words.someDrawn(state.drawn.length, positions.length);
  if (!turn.tools.has(tool)) {
    return [say([...spoken, all].join(' '))];
  }
  return [say([...spoken, all, words.turnThemOver].join(' ')), call(tool, state.spreadHandoff)];
}

/** Records a draw_card output and says what happened. */
export function takeDraw(
  state: PolicyState,
  output: string,
  positions: readonly SpreadPosition[],
): string {
  const words = wordsOf(state);
  const index = state.drawing ?? state.nextPosition;
  state.drawing = undefined;
  const position = positions[index];
  if (!position) return '';
  const label = words.label(position.label);
  const outcome = drawOutcome(output);
  if (!outcome.ok && isCancelled(output)) {
    state.drawChoice = 'asked';
    return words.drawCancelled(label);
  }
  if (outcome.ok) {
    const drawn: DrawnCard = {
      ...outcome.value,
      positionLabel: position.label,
      promptRole: position.role,
    };
    state.drawn.push(drawn);
    state.nextPosition = index + 1;
    state.drawFailures = 0;
    return words.drew(label, nameWithOrientation(lookUp(drawn, words), words));
  }
  state.drawFailures += 1;
  if (state.drawFailures < 2) return words.drawFailedOnce(label);
  state.drawFailures = 0;
  state.nextPosition = index + 1;
  return words.drawFailedTwice(label);
}
