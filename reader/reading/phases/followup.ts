/**
 * Followup: answers questions from the cards on the table and draws (then shows) up to three
 * clarification cards on request; a cancelled draw is not retried until the person says to draw
 * again. No handoffs.
 */
import {
  answerFromCards,
  displayName,
  interpretCard,
  lookUp,
  nameWithOrientation,
} from '../interpret.ts';
import {
  DRAW_CARD,
  MAX_CLARIFICATION_CARDS,
  SHOW_CARD,
  type PhaseTurn,
  type ReaderAction,
  call,
  clarificationRole,
  drawChoiceIn,
  drawOutcome,
  isCancelled,
  say,
  sayIf,
  showOutcome,
  userText,
} from '../policy-actions.ts';
import type { PolicyState } from '../policy-state.ts';
import { isFarewell, wantsClarificationCard } from '../text.ts';
import { wordsOf } from '../words.ts';
import { defaultTimeframe } from './intent.ts';
import { cardsToRead } from './reading.ts';

export function followup(state: PolicyState, turn: PhaseTurn): ReaderAction[] {
  const words = wordsOf(state);
  const cards = [
    ...(state.show?.interpreted ?? cardsToRead(state).map((drawn) => lookUp(drawn, words))),
    ...state.clarificationCards,
  ];
  const timeframe = state.intent?.timeframe ?? defaultTimeframe(state);
  const spoken: string[] = [];
  const said: ReaderAction[] = [];
  const pending = state.clarification;
  let sawCancel = false;
  for (const input of turn.inputs) {
    if (input.kind !== 'tool_output' || !pending) continue;
    if (input.name === DRAW_CARD && pending.stage === 'draw') {
      const outcome = drawOutcome(input.output);
      if (!outcome.ok && isCancelled(input.output)) {
        sawCancel = true;
        pending.stage = 'cancelled';
        spoken.push(words.clarificationCancelled);
      } else if (outcome.ok) {
        pending.card = {
          ...outcome.value,
          positionLabel: 'Clarification',
          promptRole: clarificationRole(pending.question, words),
        };
        pending.stage = 'show';
        pending.failures = 0;
      } else {
        pending.failures += 1;
        if (pending.failures >= 2) {
          state.clarification = undefined;
          spoken.push(words.clarificationLost);
        } else {
          spoken.push(words.clarificationRetry);
        }
      }
    } else if (input.name === SHOW_CARD && pending.stage === 'show' && pending.card) {
      const read = lookUp(pending.card, words);
      state.clarification = undefined;
      if (showOutcome(input.output).ok) {
        state.clarificationCards.push(read);
        said.push(say(`${interpretCard(read, timeframe, words)} ${words.whatElseToAsk}`));
      } else {
        spoken.push(words.couldNotShowAside(displayName(read)));
      }
    }
  }
  const current = state.clarification;
  if (current?.stage === 'cancelled') {
    if (sawCancel) return [...said, say(spoken.join(' '))];
    const choice = drawChoiceIn(turn.inputs);
    if (choice === 'again') current.stage = 'draw';
    else state.clarification = undefined; // ended, or they asked something else: answer that
    if (choice === 'end') return [...said, say(words.farewell)];
  }
  if (current && turn.awaitingTool !== undefined) {
    return [...said, say([...spoken, words.cardOnItsWay].join(' '))];
  }
  if (current?.stage === 'draw' && turn.tools.has(DRAW_CARD)) {
    return [
      ...said,
      ...sayIf(spoken.join(' ')),
      call(DRAW_CARD, {
        positionLabel: 'Clarification',
        promptRole: clarificationRole(current.question, words),
      }),
    ];
  }
  if (current?.stage === 'show' && current.card && turn.tools.has(SHOW_CARD)) {
    return [
      ...said,
      say(
        [...spoken, words.youDrew(nameWithOrientation(lookUp(current.card, words), words))].join(
          ' ',
        ),
      ),
      call(SHOW_CARD, { cardId: current.card.cardId, reversed: current.card.reversed }),
    ];
  }
  if (current) {
    state.clarification = undefined;
    spoken.push(words.cannotDrawOrShow);
  }

  const text = userText(turn.inputs);
  if (text === undefined) {
    if (said.length > 0 || spoken.length > 0) return [...said, ...sayIf(spoken.join(' '))];
    if (!state.followupGreeted) {
      state.followupGreeted = true;
      return [say(words.readingDone)];
    }
    return [say(words.whatElseToKnow)];
  }
  state.followupGreeted = true;
  if (wantsClarificationCard(text)) {
    if (state.clarificationCards.length >= MAX_CLARIFICATION_CARDS) {
      spoken.push(words.enoughClarification(MAX_CLARIFICATION_CARDS));
      spoken.push(answerFromCards(cards, text, state.synthesis, words));
      return [...said, say(spoken.join(' '))];
    }
    if (turn.tools.has(DRAW_CARD)) {
      state.clarification = { stage: 'draw', question: text, card: undefined, failures: 0 };
      return [
        ...said,
        say([...spoken, words.drawClarification].join(' ')),
        call(DRAW_CARD, {
          positionLabel: 'Clarification',
          promptRole: clarificationRole(text, words),
        }),
      ];
    }
  }
  if (isFarewell(text)) {
    return [...said, say([...spoken, words.farewell].join(' '))];
  }
  return [
    ...said,
    say([...spoken, answerFromCards(cards, text, state.synthesis, words)].join(' ')),
  ];
}
