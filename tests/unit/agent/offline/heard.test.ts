/**
 * The offline BMO on what the speech recognizer heard, which is not what was typed: a question's
 * frame misheard ("Work in my…"), a name split in two ("Phil Health"), a short word dropped
 * ("What time is it, Tokyo?"), a hum written as letters ("M-M-M-M."). Every text here is one the
 * local recognizer gave for an espeak-ng phrase. A heard turn runs step by step through the
 * model (brain.ts) and the real notes search; the same texts typed keep their exact reading.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_VAULT_PATH } from '../../../../agent/config.ts';
import { type Step, nextStep } from '../../../../agent/offline/brain.ts';
import { isRepeatedSound, understand } from '../../../../agent/offline/language.ts';
import { UNHEARD } from '../../../../agent/offline/phrases.ts';
import type { ToolStep } from '../../../../agent/offline/turn.ts';
import { queryVault } from '../../../../agent/tools/obsidian-query.ts';
import { VaultIndex } from '../../../../agent/vault-index.ts';
import type { AccessLevel } from '../../../../contracts/livekit-schema.ts';

const PHILHEALTH_ID = '12-345678901-2';
const TOOLS = new Set(['get_current_time', 'obsidian-query', 'present_to_cassette']);

let sample: VaultIndex;
beforeAll(async () => {
  sample = await VaultIndex.open(SAMPLE_VAULT_PATH);
});
afterAll(() => sample.close());

/** One turn of the model on `text`, its tools run for real (the cassette only recorded). */
function turn(text: string, { heard = true, access = 'owner' as AccessLevel } = {}) {
  const steps: ToolStep[] = [];
  const cassettes: unknown[] = [];
  for (let i = 0; i < 5; i += 1) {
    const step: Step = nextStep(
      { userText: text, heard, steps, recentUserMessages: 1 },
      { tools: TOOLS, mayCallTools: true },
    );
    if (step.type === 'say') return { said: step.text, steps, cassettes };
    let output = `It's Saturday, 28 November 2026, 12:02 PM in ${String(step.args.timeZone)} (UTC+9).`;
    if (step.name === 'obsidian-query') {
      output = queryVault(sample, { query: String(step.args.query) }, access).output;
    } else if (step.name === 'present_to_cassette') {
      cassettes.push(step.args);
      output = 'Sent to the cassette.';
    }
    steps.push({ name: step.name, args: step.args, output, isError: false });
  }
  throw new Error('the model never answered');
}

describe('the offline BMO on heard questions', () => {
  it.each([
    'Work in my Phil Health ID.',
    'What is my Phil Health ID?',
    'Work in my PhilHealth ID.',
  ])('"%s" finds the PhilHealth ID for the owner and puts it on the cassette', (heard) => {
    const { said, cassettes } = turn(heard);
    expect(cassettes).toEqual([{ title: 'PhilHealth ID', content: PHILHEALTH_ID }]);
    expect(said).toContain(PHILHEALTH_ID);
    expect(said).toMatch(/cassette/);
  });

  it('finds nothing of a private note for a visitor, and says so honestly', () => {
    const { said, cassettes } = turn('What is my Phil Health ID?', { access: 'visitor' });
    expect(cassettes).toEqual([]);
    expect(said).toMatch(/couldn't find anything/);
  });

  it('leaves out a misheard frame before "my", but keeps a named thing and the kind of data', () => {
    const notes = (...keys: string[]) => ({ type: 'notes', terms: keys.map((key) => [key]) });
    expect(understand('Work in my Phil Health ID.', { heard: true })).toEqual(
      notes('phil', 'health', 'id'),
    );
    // typed, every word counts: the visitor wrote it
    expect(understand('Work in my Phil Health ID.')).toEqual(notes('work', 'phil', 'health', 'id'));
    // a noun phrase before "my" is the subject's own
    expect(understand('What is the gate code at my storage unit?', { heard: true })).toEqual(
      notes('gate', 'code', 'storage', 'unit'),
    );
    expect(understand('What is the booking code for my Kyoto flight?', { heard: true })).toEqual(
      notes('booking', 'code', 'kyoto', 'flight'),
    );
  });

  it('leaves out the filler a heard turn opens with, and finds what the rest asks for', () => {
    // heard when a question that talked over BMO lost its start: 'What is my' came back 'Well'
    const { said, cassettes } = turn('Well, Guest Wi-Fi password.');
    expect(cassettes).toEqual([{ title: 'Guest password', content: 'lemon-grab-4417' }]);
    expect(said).toMatch(/cassette/);
    expect(understand('Um, so what is my PhilHealth ID?', { heard: true })).toEqual(
      understand('What is my PhilHealth ID?', { heard: true }),
    );
    // typed, the visitor's words all count
    expect(understand('Well, Guest Wi-Fi password.')).toMatchObject({
      terms: expect.arrayContaining([['well']]) as unknown,
    });
  });

  it('still answers honestly what the notes do not hold', () => {
    const { said, cassettes } = turn("What is my driver's license number?");
    expect(cassettes).toEqual([]);
    expect(said).toMatch(/couldn't find anything about "driver license number"/);
  });

  it('hears a place a time question ends with when the recognizer dropped its "in"', () => {
    const { steps, said } = turn('What time is it, Tokyo?');
    expect(steps[0]?.args).toEqual({ timeZone: 'Asia/Tokyo' });
    expect(said).toMatch(/Tokyo/);
    // typed, the question names no place
    expect(turn('What time is it, Tokyo?', { heard: false }).steps[0]?.args).toEqual({});
  });

  it('takes a hum written as letters for no words, and says it did not catch that', () => {
    for (const hum of [
      'M-M-M-M-M-M-M-M-M-M.',
      'BMO, BMO, BMO, BMO, BMO.',
      'BMO, BMO, MMO, MMO.',
      'MMMMMMMMMMMMMMMMMMM.',
    ]) {
      expect(isRepeatedSound(hum)).toBe(true);
      expect(turn(hum)).toMatchObject({ said: UNHEARD, steps: [] });
    }
    for (const words of [
      'Thank you BMO.',
      'bye bye',
      'What is my PhilHealth ID?',
      'Mmm, what is my PhilHealth ID?',
    ]) {
      expect(isRepeatedSound(words)).toBe(false);
    }
  });
});
