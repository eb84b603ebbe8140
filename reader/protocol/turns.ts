/**
 * The turns a session answers: what happened since the reader last answered (typed words, spoken
 * turns still being heard and then their words, tool outputs), kept in the session's state until
 * the next `response.create`; and a resumed session's history, which is what was said before it
 * resumed rather than a turn to answer (history.ts reads it).
 */
import { clip } from '../../contracts/text.ts';
import { MAX_HISTORY_MESSAGES } from '../reading/history.ts';
import type { TurnInput } from '../reading/policy-actions.ts';
import type { EngineState } from './engine-state.ts';

/** Inputs kept between two responses; the oldest go first past this. */
const MAX_PENDING_INPUTS = 20;

/** Adds an input; `replayed` when its item came with its own id before the first response. */
export function queueInput(state: EngineState, input: TurnInput, replayed: boolean): void {
  if (replayed && !state.responded) {
    if (input.kind === 'user_text' && state.history.length < MAX_HISTORY_MESSAGES) {
      state.history.push(clip(input.text, 2000));
    }
    return;
  }
  state.inputs.push(input);
  if (state.inputs.length > MAX_PENDING_INPUTS) state.inputs.shift();
}

/** A spoken turn was heard (or not): its outcome takes the turn's place among the inputs. */
export function settleHeard(state: EngineState, itemId: string, input: TurnInput): void {
  const index = state.inputs.findIndex(
    (queued) => queued.kind === 'user_audio' && queued.itemId === itemId,
  );
  if (index !== -1) state.inputs[index] = input;
}
