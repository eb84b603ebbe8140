/**
 * A tool that throws (docs/faults.md): the real agent and its real tools in `voice.testing`, with the
 * fault injected where a tool really depends on something else (the notes index, the clock). The
 * model gets a readable error instead of the SDK's "An internal error occurred", BMO says plainly
 * that it did not work, the call is logged as an error without its contents, and the same session
 * answers the next question.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_VAULT_PATH } from '../../../../agent/config.ts';
import { CLOCK_BROKEN, NOTES_UNAVAILABLE } from '../../../../agent/offline/phrases.ts';
import { OBSIDIAN_QUERY } from '../../../../agent/tools/obsidian-query.ts';
import { GET_CURRENT_TIME } from '../../../../agent/tools/time.ts';
import { VaultIndex } from '../../../../agent/vault-index.ts';
import {
  type BmoTestSession,
  type OfflineBmoTestSession,
  initAgentsLogger,
  recordingRoom,
  startBmoTestSession,
  startOfflineBmoTestSession,
} from '../../helpers/bmo-session.ts';
import { toolOutputs } from '../../../support/openai-chat-standin.ts';

const PHILHEALTH_ID = '12-345678901-2';
const NOW = new Date('2026-11-22T14:04:00Z');

type RunResult = Awaited<ReturnType<ReturnType<OfflineBmoTestSession['session']['run']>['wait']>>;

function reply(result: RunResult): string {
  return result.events
    .flatMap((event) =>
      event.item.type === 'message' && event.item.role === 'assistant'
        ? [event.item.textContent ?? '']
        : [],
    )
    .join(' ');
}

/** What each tool call returned to the model: its output and whether it was marked an error. */
function outputs(result: RunResult): { output: string; isError: boolean }[] {
  return result.events.flatMap((event) =>
    event.item.type === 'function_call_output'
      ? [{ output: event.item.output, isError: event.item.isError }]
      : [],
  );
}

let sample: VaultIndex;
let offline: OfflineBmoTestSession | undefined;
let scripted: BmoTestSession | undefined;

beforeAll(async () => {
  initAgentsLogger();
  sample = await VaultIndex.open(SAMPLE_VAULT_PATH);
});
afterAll(() => sample.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await offline?.close();
  offline = undefined;
  await scripted?.close();
  scripted = undefined;
});

describe('a tool that throws', () => {
  it('the notes search throwing: BMO says the notes cannot be opened, logs the error without the question, and the next question finds the ID', async () => {
    const search = vi.spyOn(sample, 'search').mockImplementationOnce(() => {
      throw new Error('the index file is unreadable');
    });
    const { room, cassettes } = recordingRoom();
    offline = await startOfflineBmoTestSession({
      vault: sample,
      access: () => 'owner',
      resolveRoom: () => room,
    });

    const failed = await offline.session.run({ userInput: "What's my PhilHealth ID?" }).wait();
    expect(outputs(failed)).toEqual([
      {
        output: `Error: ${OBSIDIAN_QUERY} failed unexpectedly. Tell the user it did not work this time.`,
        isError: true,
      },
    ]);
    expect(reply(failed)).toBe(NOTES_UNAVAILABLE);
    expect(cassettes).toEqual([]);
    const logged = offline.logs.filter((e) => e.event === 'tool_call');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      tool: OBSIDIAN_QUERY,
      outcome: 'error',
      errorName: 'Error',
      errorMessage: 'the index file is unreadable',
    });
    expect(typeof logged[0]?.durationMs).toBe('number');
    expect(JSON.stringify(offline.logs)).not.toMatch(/philhealth/i);

    // the same session goes on: the search works again and the cassette arrives
    const next = await offline.session.run({ userInput: "What's my PhilHealth ID?" }).wait();
    expect(search).toHaveBeenCalledTimes(2);
    expect(reply(next)).toContain(PHILHEALTH_ID);
    expect(cassettes).toEqual([
      { type: 'cassette', title: 'PhilHealth ID', content: PHILHEALTH_ID },
    ]);
  });

  it('the clock throwing: BMO says its clock is not working, and the next time question is answered', async () => {
    let broken = true;
    offline = await startOfflineBmoTestSession({
      vault: sample,
      now: () => {
        if (broken) throw new RangeError('clock unavailable');
        return NOW;
      },
    });
    const failed = await offline.session.run({ userInput: 'What time is it in Tokyo?' }).wait();
    expect(outputs(failed)).toEqual([
      {
        output: `Error: ${GET_CURRENT_TIME} failed unexpectedly. Tell the user it did not work this time.`,
        isError: true,
      },
    ]);
    expect(reply(failed)).toBe(CLOCK_BROKEN);
    expect(offline.logs.find((e) => e.event === 'tool_call')).toMatchObject({
      tool: GET_CURRENT_TIME,
      outcome: 'error',
      errorName: 'RangeError',
    });

    broken = false;
    const next = await offline.session.run({ userInput: 'What time is it in Tokyo?' }).wait();
    expect(reply(next)).toMatch(/11:04 PM .*Tokyo \(Asia\/Tokyo, UTC\+9\)/);
  });

  it('on the OpenAI path the model receives the readable error as a failed call (not "An internal error occurred"), and the session answers the next turn', async () => {
    vi.spyOn(sample, 'search').mockImplementationOnce(() => {
      throw new Error('the index file is unreadable');
    });
    scripted = await startBmoTestSession({
      vault: sample,
      access: () => 'owner',
      script: [
        { toolCalls: [{ name: OBSIDIAN_QUERY, args: { query: 'philhealth id' } }] },
        { say: 'Oh no, that did not work this time.' },
        { say: 'Hello again!' },
      ],
    });
    const failed = await scripted.session.run({ userInput: 'what is my philhealth id?' }).wait();
    failed.expect.nextEvent().isFunctionCall({ name: OBSIDIAN_QUERY });
    failed.expect.nextEvent().isFunctionCallOutput({ isError: true });
    failed.expect.nextEvent().isMessage({ role: 'assistant' });
    const [seen] = toolOutputs(scripted.standin.request(1));
    expect(seen?.output).toContain(`${OBSIDIAN_QUERY} failed unexpectedly`);
    expect(seen?.output).not.toMatch(/internal error/i);

    const next = await scripted.session.run({ userInput: 'hello' }).wait();
    expect(reply(next)).toBe('Hello again!');
  });
});
