/**
 * A draw the person cancelled from the picker (the page's draw_card output has
 * `error.code === 'cancelled'`): the offline reader says so and asks whether to draw again or end,
 * without calling draw_card; "draw again" or "yes" draws the same position again, "end" or "stop"
 * ends politely. In Followup the same holds for a clarification card.
 */
import { describe, expect, it } from 'vitest';
import { APP_NOTE_PREFIX, handoffToolName } from '../../../contracts/reading-schema.ts';
import { type Call, inProcess } from '../../support/reader-driver.ts';

const CANCELLED = JSON.stringify({
  success: false,
  error: {
    code: 'cancelled',
    message:
      'The person cancelled this draw from the card picker; no card was drawn. Say that the draw was cancelled, then ask whether to draw again or end the reading.',
  },
});

/** Cancels the draw_card calls numbered in `cancelled` (0 = the first draw of the reading). */
function cancelling(cancelled: readonly number[]) {
  return (call: Call, nth: number) =>
    call.name === 'draw_card' && cancelled.includes(nth) ? CANCELLED : undefined;
}

function toSpread(cancelled: readonly number[]) {
  const { driver } = inProcess({ toolOutput: cancelling(cancelled) });
  driver.open();
  driver.say('What should I focus on in my career this year?');
  driver.say("I feel stuck at work and I'm not sure whether to stay.");
  return driver;
}

describe('a cancelled draw', () => {
  it('is not drawn again at once: the reader says it was cancelled and asks to draw again or end', () => {
    const driver = toSpread([0]);
    const draws = driver.callsTo('draw_card');
    expect(draws).toHaveLength(1);
    const reply = driver.said('SpreadGeneration').at(-1);
    expect(reply).toContain('was cancelled, so no card was drawn');
    expect(reply).toContain('draw again, or end the reading');
    expect(reply).not.toContain('something went wrong');
    expect(driver.errors()).toEqual([]);
  });

  it('draws the same position again when the person says "draw again", then the rest', () => {
    const driver = toSpread([0]);
    const [first] = driver.callsTo('draw_card');
    driver.say('Draw again, please.');
    const draws = driver.callsTo('draw_card');
    expect(draws[1]?.args).toEqual(first?.args);
    expect(driver.callsTo(handoffToolName('Reading'))).toHaveLength(1);
  });

  it('draws again on a plain "yes"', () => {
    const driver = toSpread([0]);
    driver.say('yes');
    const [first, second] = driver.callsTo('draw_card');
    expect(second?.args).toEqual(first?.args);
    expect(driver.said('SpreadGeneration').join(' ')).toContain("Let's draw again.");
  });

  it('ends politely on "end" or "stop", without drawing', () => {
    for (const answer of ['end', 'Stop, please.']) {
      const driver = toSpread([0]);
      driver.say(answer);
      expect(driver.callsTo('draw_card')).toHaveLength(1);
      expect(driver.said('SpreadGeneration').at(-1)).toMatch(/^Of course. We'll end the reading/);
      // Once ended, an unrelated message draws nothing either; "draw again" picks it up.
      driver.say('Hmm.');
      expect(driver.callsTo('draw_card')).toHaveLength(1);
      driver.say('draw again');
      const [first, second] = driver.callsTo('draw_card');
      expect(second?.args).toEqual(first?.args);
    }
  });

  it('asks again, still without drawing, when the answer is neither', () => {
    const driver = toSpread([0]);
    driver.say('What do you mean?');
    expect(driver.callsTo('draw_card')).toHaveLength(1);
    expect(driver.said('SpreadGeneration').at(-1)).toMatch(/draw a card for the .+ position again/);
  });

  it('follows the voice view’s choice: Draw again draws, Continue leaves the position open', () => {
    const again = toSpread([0]);
    again.say(
      `${APP_NOTE_PREFIX} The person chose Draw again: call draw_card again for the same position.`,
    );
    expect(again.callsTo('draw_card')[1]?.args).toEqual(again.callsTo('draw_card')[0]?.args);

    const skip = toSpread([0]);
    skip.say(
      `${APP_NOTE_PREFIX} The person chose Continue: carry on with the reading from where you were, without that card.`,
    );
    const [first, second] = skip.callsTo('draw_card');
    expect(second?.args.positionLabel).not.toBe(first?.args.positionLabel);
  });

  it('still retries a draw that failed for another reason at once', () => {
    const { driver } = inProcess({
      toolOutput: (call, nth) =>
        call.name === 'draw_card' && nth === 0
          ? JSON.stringify({ success: false, error: { code: 'ui', message: 'ui failure' } })
          : undefined,
    });
    driver.open();
    driver.say('What should I focus on in my career this year?');
    driver.say("I feel stuck at work and I'm not sure whether to stay.");
    const [first, second] = driver.callsTo('draw_card');
    expect(second?.args).toEqual(first?.args);
  });

  it('in Followup, a cancelled clarification card is drawn again only when asked', () => {
    const { driver } = inProcess({
      // The spread's draws go through; the first clarification draw is cancelled.
      toolOutput: (call, nth) =>
        call.name === 'draw_card' && call.agent === 'Followup' && nth >= 3 && !cancelledOnce()
          ? CANCELLED
          : undefined,
    });
    let once = false;
    function cancelledOnce(): boolean {
      const was = once;
      once = true;
      return was;
    }
    driver.open();
    driver.say('What should I focus on in my career this year?');
    driver.say("I feel stuck at work and I'm not sure whether to stay.");
    const spreadDraws = driver.callsTo('draw_card').length;
    driver.say('Could you draw a clarification card for me?');
    expect(driver.callsTo('draw_card')).toHaveLength(spreadDraws + 1);
    expect(driver.said('Followup').at(-1)).toContain('The clarification draw was cancelled');
    driver.say('yes, draw again');
    expect(driver.callsTo('draw_card')).toHaveLength(spreadDraws + 2);
    expect(driver.callsTo('show_card').at(-1)?.agent).toBe('Followup');
  });
});
