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
import { DEFAULT_TIMEFRAME, isFarewell, numberWord, wantsClarificationCard } from '../text.ts';
import { cardsToRead } from './reading.ts';

const FAREWELL =
  'Thank you for reading with me. Take care, and come back whenever a new question stirs.';

export function followup(state: PolicyState, turn: PhaseTurn): ReaderAction[] {
  const cards = [
    ...(state.show?.interpreted ?? cardsToRead(state).map(lookUp)),
    ...state.clarificationCards,
  ];
  const timeframe = state.intent?.timeframe ?? DEFAULT_TIMEFRAME;
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
        spoken.push(
          'The clarification draw was cancelled, so no card was drawn. Would you like to draw again, or end here?',
        );
      } else if (outcome.ok) {
        pending.card = {
          ...outcome.value,
          positionLabel: 'Clarification',
          promptRole: clarificationRole(pending.question),
        };
        pending.stage = 'show';
        pending.failures = 0;
      } else {
        pending.failures += 1;
        if (pending.failures >= 2) {
          state.clarification = undefined;
          spoken.push(
            "I'm sorry, the clarification card didn't come through. We can keep working with the cards already on the table.",
          );
        } else {
          spoken.push("I'm sorry, something went wrong drawing that card. Let's try once more.");
        }
      }
    } else if (input.name === SHOW_CARD && pending.stage === 'show' && pending.card) {
      const read = lookUp(pending.card);
      state.clarification = undefined;
      if (showOutcome(input.output).ok) {
        state.clarificationCards.push(read);
        said.push(say(`${interpretCard(read, timeframe)} What else would you like to ask?`));
      } else {
        spoken.push(
          `I'm sorry, I couldn't show ${displayName(read)} on screen, so I'll leave it aside. What else would you like to ask?`,
        );
      }
    }
  }
  const current = state.clarification;
  if (current?.stage === 'cancelled') {
    if (sawCancel) return [...said, say(spoken.join(' '))];
    const choice = drawChoiceIn(turn.inputs);
    if (choice === 'again') current.stage = 'draw';
    else state.clarification = undefined; // ended, or they asked something else: answer that
    if (choice === 'end') return [...said, say(FAREWELL)];
  }
  if (current && turn.awaitingTool !== undefined) {
    return [...said, say([...spoken, 'Take your time: the card is on its way.'].join(' '))];
  }
  if (current?.stage === 'draw' && turn.tools.has(DRAW_CARD)) {
    return [
      ...said,
      ...sayIf(spoken.join(' ')),
      call(DRAW_CARD, {
        positionLabel: 'Clarification',
        promptRole: clarificationRole(current.question),
      }),
    ];
  }
  if (current?.stage === 'show' && current.card && turn.tools.has(SHOW_CARD)) {
    return [
      ...said,
      say(
        [
          ...spoken,
          `You drew ${nameWithOrientation(lookUp(current.card))}. Let's look at it.`,
        ].join(' '),
      ),
      call(SHOW_CARD, { cardId: current.card.cardId, reversed: current.card.reversed }),
    ];
  }
  if (current) {
    state.clarification = undefined;
    spoken.push("I can't draw or show a card from here, so let's work with the cards we have.");
  }

  const text = userText(turn.inputs);
  if (text === undefined) {
    if (said.length > 0 || spoken.length > 0) return [...said, ...sayIf(spoken.join(' '))];
    if (!state.followupGreeted) {
      state.followupGreeted = true;
      return [
        say(
          'Your reading is complete. Ask me anything about these cards, or ask for a clarification card if something feels unclear.',
        ),
      ];
    }
    return [say('What else would you like to know about your reading?')];
  }
  state.followupGreeted = true;
  if (wantsClarificationCard(text)) {
    if (state.clarificationCards.length >= MAX_CLARIFICATION_CARDS) {
      spoken.push(
        `We've already drawn ${numberWord(MAX_CLARIFICATION_CARDS)} clarification cards; more would only muddy the picture, so let's work with what's here.`,
      );
      spoken.push(answerFromCards(cards, text, state.synthesis));
      return [...said, say(spoken.join(' '))];
    }
    if (turn.tools.has(DRAW_CARD)) {
      state.clarification = { stage: 'draw', question: text, card: undefined, failures: 0 };
      return [
        ...said,
        say(
          [...spoken, "Let's draw a clarification card for that. Pick one when you're ready."].join(
            ' ',
          ),
        ),
        call(DRAW_CARD, {
          positionLabel: 'Clarification',
          promptRole: clarificationRole(text),
        }),
      ];
    }
  }
  if (isFarewell(text)) {
    return [...said, say([...spoken, FAREWELL].join(' '))];
  }
  return [...said, say([...spoken, answerFromCards(cards, text, state.synthesis)].join(' '))];
}
