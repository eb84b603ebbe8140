import { describe, expect, it } from 'vitest';
import type { IntentHandoff } from '../../../../../contracts/reading-schema.ts';
import { stallChoice } from '../../../../../web-components/tarot/session/stall-choice.ts';
import { APP_NOTE_PREFIX } from '../../../../../web-components/tarot/state/transcript.ts';
import { SendMessage, memoryStorage, voiceReading } from '../../../helpers/scripted-reading.ts';
import { until } from '../../../../support/wait.ts';

// No stalls in a voice reading: where the person cannot speak (Spread Generation, Reading), a draw
// that timed out or was cancelled shows a choice instead of waiting for speech; the answer goes to
// the agent. A stand-in transport plays the model.

const intent: IntentHandoff = {
  intentSummary: 'Will I find a new job this year?',
  hiddenConcern: '',
  topic: 'career',
  timeframe: 'this year',
};

async function drawing(options: Parameters<typeof voiceReading>[1] = {}) {
  const r = voiceReading(memoryStorage(), options);
  expect(await r.controller.start()).toBe(true);
  await r.output(0, r.call(0, 'transfer_to_SpreadGeneration', intent));
  const draw = r.call(0, 'draw_card', { positionLabel: 'Past', promptRole: 'the past' });
  await until(() => (r.store.$picker.get().open ? true : undefined), 'the picker');
  return { r, draw };
}

const notes = (r: ReturnType<typeof voiceReading>) =>
  r.records(0).flatMap((record) => {
    const parsed = SendMessage.safeParse(record);
    return parsed.success && parsed.data.message.startsWith(APP_NOTE_PREFIX)
      ? [parsed.data.message]
      : [];
  });

describe('the stall choice', () => {
  it('a draw that times out in Spread Generation offers a choice; Draw again tells the agent', async () => {
    const { r, draw } = await drawing({ timeouts: { drawMs: 30 } });
    expect(await r.output(0, draw)).toMatchObject({ success: false, error: { code: 'timeout' } });
    const choice = await until(() => r.store.$choice.get() ?? undefined, 'the choice');
    expect(choice).toEqual({
      reason: 'timeout',
      message: 'No card was picked in time. What would you like to do?',
    });
    expect(r.controller.choose('draw-again')).toBe(true);
    expect(r.store.$choice.get()).toBe(null);
    expect(notes(r).at(-1)).toContain('The person chose Draw again: call draw_card again');
    expect(r.controller.choose('continue')).toBe(false); // answered once
  });

  it('a draw cancelled from the picker offers the choice too; Continue tells the agent to go on', async () => {
    const { r, draw } = await drawing();
    expect(r.controller.cancelPick()).toBe(true);
    const output = await r.output(0, draw);
    expect(output).toMatchObject({ success: false, error: { code: 'cancelled' } });
    expect(JSON.stringify(output)).toContain('ask whether to draw again or end the reading');
    const choice = await until(() => r.store.$choice.get() ?? undefined, 'the choice');
    expect(choice.reason).toBe('cancelled');
    expect(r.controller.choose('continue')).toBe(true);
    expect(notes(r).at(-1)).toContain('The person chose Continue');
  });

  it('is offered only where the person cannot speak: voice, Spread Generation or Reading', () => {
    expect(stallChoice('text', 'SpreadGeneration', 'draw_card', 'timeout')).toBe(undefined);
    expect(stallChoice('voice', 'Followup', 'draw_card', 'timeout')).toBe(undefined);
    expect(stallChoice('voice', 'IntentAssessment', 'draw_card', 'timeout')).toBe(undefined);
    expect(stallChoice('voice', 'Reading', 'show_card', 'ui')).toEqual({
      reason: 'tool_error',
      message: 'The card could not be shown. What would you like to do?',
    });
  });
});
