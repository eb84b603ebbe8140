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
} from '../../../contracts/reading.ts';
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
import { numberWord, spokenList } from '../text.ts';
import { intentOrFallback } from './intent.ts';

/** SpreadGeneration's handoff, as the agent graph declares it. */
const HANDOFF = READING_GRAPH.SpreadGeneration.handoff;

const ENDED =
  "Of course. We'll end the reading here. Thank you for sitting with the cards, and come back whenever a new question stirs.";

export function spreadGeneration(state: PolicyState, turn: PhaseTurn): ReaderAction[] {
  const intent = intentOrFallback(state, turn);
  const spoken: string[] = [];
  let fresh = false;
  if (!state.spread) {
    // The user's full question when this reader heard it; else the summary the handoff carried.
    state.spread = chooseSpread(
      state.question ?? intent.intentSummary,
      intent.topic,
      intent.timeframe,
    );
    fresh = true;
    const { layout, why } = state.spread;
    const count = layout.positions.length;
    spoken.push(
      `For your question I'll use this spread: ${layout.name}. ${why} ${
        count === 1
          ? 'It has a single position.'
          : `It has ${numberWord(count)} positions: ${spokenList(layout.positions.map((p) => p.label))}.`
      }`,
    );
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
    const label = positions[state.nextPosition]?.label ?? 'next';
    if (choice === 'end') {
      state.drawChoice = 'ended';
      return [say(ENDED)];
    }
    if (choice === undefined) {
      const ask =
        state.drawChoice === 'ended'
          ? 'Our reading is closed for now. If you would like to carry on, say “draw again”.'
          : `Would you like to draw a card for the ${label} position again, or end the reading here?`;
      return [say(sawCancel ? spoken.join(' ') : ask)];
    }
    state.drawChoice = undefined;
    if (choice === 'continue') {
      state.nextPosition += 1;
      spoken.push(`I'll leave the ${label} position open and move on.`);
    } else {
      spoken.push("Let's draw again.");
    }
  }
  if (turn.awaitingTool === DRAW_CARD && state.drawing !== undefined) {
    const position = positions[state.drawing];
    return [
      say(
        [
          ...spoken,
          `Take your time: pick a card for the ${position?.label ?? 'next'} position when you're ready.`,
        ].join(' '),
      ),
    ];
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
    spoken.push("Let's try drawing again.");
  }
  if (state.nextPosition < positions.length) {
    const position = positions[state.nextPosition];
    if (position && turn.tools.has(DRAW_CARD)) {
      const intro =
        state.drawFailures > 0
          ? ''
          : describePosition(position, state.nextPosition, positions.length);
      state.drawing = state.nextPosition;
      return [
        say([...spoken, intro].filter(Boolean).join(' ')),
        call(DRAW_CARD, { positionLabel: position.label, promptRole: position.role }),
      ];
    }
    return [say([...spoken, "I can't draw cards from here, I'm afraid."].join(' '))];
  }
  if (state.drawn.length === 0) {
    return [
      say(
        [
          ...spoken,
          "I'm sorry, I couldn't draw any cards just now. Tell me when you'd like to try again.",
        ].join(' '),
      ),
    ];
  }
  state.spreadHandoff ??= HANDOFF.carries.parse({
    spread: state.spread.layout,
    cards: state.drawn,
  });
  const tool = handoffToolName(HANDOFF.to);
  const all =
    state.drawn.length === positions.length
      ? `That's all ${numberWord(state.drawn.length)} ${state.drawn.length === 1 ? 'card' : 'cards'} drawn.`
      : `That's ${numberWord(state.drawn.length)} of ${numberWord(positions.length)} cards drawn.`;
  if (!turn.tools.has(tool)) {
    return [say([...spoken, all].join(' '))];
  }
  return [
    say([...spoken, all, "Now let's turn them over and see what they say."].join(' ')),
    call(tool, state.spreadHandoff),
  ];
}

/** Records a draw_card output and says what happened. */
export function takeDraw(
  state: PolicyState,
  output: string,
  positions: readonly SpreadPosition[],
): string {
  const index = state.drawing ?? state.nextPosition;
  state.drawing = undefined;
  const position = positions[index];
  if (!position) return '';
  const outcome = drawOutcome(output);
  if (!outcome.ok && isCancelled(output)) {
    state.drawChoice = 'asked';
    return `The draw for the ${position.label} position was cancelled, so no card was drawn. Would you like to draw again, or end the reading here?`;
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
    return `For the ${position.label} position you drew ${nameWithOrientation(lookUp(drawn))}.`;
  }
  state.drawFailures += 1;
  if (state.drawFailures < 2) {
    return `I'm sorry, something went wrong while drawing that card. Let's try the ${position.label} position once more.`;
  }
  state.drawFailures = 0;
  state.nextPosition = index + 1;
  return `I'm sorry, the card still didn't come through, so I'll leave the ${position.label} position open and move on.`;
}
