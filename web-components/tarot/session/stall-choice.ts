/**
 * No stalls in a voice reading: where the person cannot speak (Spread Generation and Reading have
 * no talk button), a draw that timed out or was cancelled, or a tool that failed, would leave the
 * agent asking a question nobody can answer. Instead the view offers a choice (Continue, Draw
 * again, Switch to text), and the person's answer goes to the agent as an app note.
 */
import type { AgentName } from '../../../contracts/reading-schema.ts';
import type { StallChoice } from '../../stores/reading.ts';
import type { Modality } from '../agents/context.ts';
import { APP_NOTE_PREFIX } from '../state/transcript.ts';
import { type ReadingStrings, READING_EN } from '../i18n/session-en.ts';

/** The person's answer to a stall choice: go on, or draw the card again. */
export type StallAnswer = 'continue' | 'draw-again';

/** The choice to offer after `tool` failed with `code`, or undefined where the person can speak. */
export function stallChoice(
  mode: Modality,
  agent: AgentName,
  tool: string,
  code: string,
  t: ReadingStrings = READING_EN,
): StallChoice | undefined {
  if (mode !== 'voice' || (agent !== 'SpreadGeneration' && agent !== 'Reading')) return undefined;
  if (code === 'timeout') {
    return { reason: 'timeout', message: t.noCardInTime };
  }
  if (code === 'cancelled') return { reason: 'cancelled', message: t.drawCancelled };
  return { reason: 'tool_error', message: tool === 'show_card' ? t.cardNotShown : t.cardNotDrawn };
}

/** What the agent is told the person chose. */
export function choiceNote(choice: StallAnswer): string {
  return choice === 'draw-again'
    ? `${APP_NOTE_PREFIX} The person chose Draw again: call draw_card again for the same position.`
    : `${APP_NOTE_PREFIX} The person chose Continue: carry on with the reading from where you were, without that card.`;
}
