/**
 * The voice capacity's stop rule and its table: a step is within it when every session of its runs
 * completed and the median of its runs' p95 of end of speech → the first sound of the answer
 * stayed within 3 s; the table passes the docs check once prettier has padded it, and keeps each
 * run's figures.
 */
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { lineFindings } from '../../../../scripts/check-docs.ts';
import { voiceTable, withinVoiceCapacity } from '../../../../scripts/scale/voice.ts';
import { ROOT } from '../../../support/paths.ts';
import { step } from '../../helpers/scale-step.ts';

describe('the voice capacity', () => {
  it('is within the stop rule up to 3 s at the runs’ median p95 with every session complete, and past it otherwise', () => {
    expect(withinVoiceCapacity([step(4, 2_900)])).toBe(true);
    expect(withinVoiceCapacity([step(4, 3_100)])).toBe(false);
    expect(withinVoiceCapacity([step(4, 2_000), step(4, 5_000), step(4, 2_900)])).toBe(true);
    expect(withinVoiceCapacity([step(4, 2_000), { ...step(4, 2_000), completed: 3 }])).toBe(false);
  });

  it('writes a table that passes the docs check, with the capacity per core and each step', async () => {
    const steps = [
      { report: { ...step(4, 7_462), run: 1 }, recognizerCpu: 1.97 },
      { report: { ...step(4, 7_100), run: 2 }, recognizerCpu: 1.9 },
      { report: { ...step(2, 2_512), run: 1 }, recognizerCpu: 0.95 },
      { report: { ...step(3, 2_980), run: 1 }, recognizerCpu: 1.4 },
    ];
    const filepath = `${ROOT}/docs/scaling.md`;
    const options = (await resolveConfig(filepath)) ?? {};
    const text = await format(voiceTable(steps, { within: 3, past: 4 }, 2, 3), {
      ...options,
      filepath,
    });
    expect(lineFindings('docs/scaling.md', text)).toEqual([]);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(
      '3 voice visitors at once within the stop rule (1.5 per core)**, 4 past it',
    );
    expect(flat).toContain("the median of a step's runs' p95");
    expect(flat).toContain('Each step ran up to 3 times');
    expect(flat).toMatch(/\| 4 \(2\) \| no \| 4\/4 \| 876 \/ 7100 \/ 2571 \|/);
    expect(flat).toContain('876 / 7462 / 2571');
    expect(flat).toContain('3.02 / 3.55 / 0.49');
  });
});
