/**
 * The offline BMO: the local language model (agent/offline) driving the real agent, its real tools
 * and the framework's own function-calling path, in `voice.testing` (no room, no network). It
 * answers from what the notes search returns, for notes and IDs it has never seen.
 */
import { llm } from '@livekit/agents';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_VAULT_PATH } from '../../../../agent/config.ts';
import { nextStep } from '../../../../agent/offline/brain.ts';
import { factsIn } from '../../../../agent/offline/facts.ts';
import { MAX_MESSAGE_CHARS } from '../../../../agent/offline/language.ts';
import { OfflineLLM } from '../../../../agent/offline/llm.ts';
import { zoneForPlace } from '../../../../agent/offline/places.ts';
import { createBmoTools } from '../../../../agent/agent.ts';
import { redactPii } from '../../../../agent/log.ts';
import { CassetteDeck } from '../../../../agent/tools/present-to-cassette.ts';
import { VaultIndex } from '../../../../agent/vault-index.ts';
import {
  type OfflineBmoTestSession,
  initAgentsLogger,
  recordingRoom,
  replyText,
  startOfflineBmoTestSession,
  toolCalls,
} from '../../helpers/bmo-session.ts';
import { describeUnseenVault } from '../../helpers/bmo-vaults.ts';

/**
 * Time a hostile text may take to read, whatever else the machine runs: these texts read in tens of
 * milliseconds, and a reading that is not linear in them (a regular expression that backtracks) takes
 * minutes on a million characters. 200 ms was passed at a load of 30 (481 ms).
 */
const LINEAR_MS = 2_000;

const PHILHEALTH_ID = '12-345678901-2';

let sample: VaultIndex;
let bmo: OfflineBmoTestSession | undefined;

beforeAll(async () => {
  initAgentsLogger();
  sample = await VaultIndex.open(SAMPLE_VAULT_PATH);
});
afterAll(() => sample.close());
afterEach(async () => {
  await bmo?.close();
  bmo = undefined;
});

async function ask(question: string, options: Parameters<typeof startOfflineBmoTestSession>[0]) {
  bmo = await startOfflineBmoTestSession(options);
  return bmo.session.run({ userInput: question }).wait();
}

describe('the offline BMO and the notes', () => {
  it('finds the PhilHealth ID, puts exactly it on the cassette, and says so', async () => {
    const { room, cassettes } = recordingRoom();
    const result = await ask("What's my PhilHealth ID?", {
      vault: sample,
      access: () => 'owner',
      resolveRoom: () => room,
    });
    const made = toolCalls(result);
    expect(made.map((c) => c.name)).toEqual(['obsidian-query', 'present_to_cassette']);
    expect(String(made[0]?.args.query)).toMatch(/philhealth/);
    expect(cassettes).toEqual([
      { type: 'cassette', title: 'PhilHealth ID', content: PHILHEALTH_ID },
    ]);
    expect(replyText(result)).toMatch(/cassette/i);
    expect(replyText(result)).toContain(PHILHEALTH_ID);

    // each tool call is logged with its name, outcome and duration, never its contents
    const logged = bmo?.logs.filter((e) => e.event === 'tool_call') ?? [];
    expect(logged.map((e) => [e.tool, e.outcome])).toEqual([
      ['obsidian-query', 'ok'],
      ['present_to_cassette', 'ok'],
    ]);
    for (const entry of logged) expect(typeof entry.durationMs).toBe('number');
    expect(JSON.stringify(bmo?.logs)).not.toMatch(/philhealth|12-345678901-2/i);
  });

  it('says when the notes hold nothing that fits, and sends no cassette', async () => {
    const { room, cassettes } = recordingRoom();
    const result = await ask("What's my driver's license number?", {
      vault: sample,
      access: () => 'owner',
      resolveRoom: () => room,
    });
    expect(toolCalls(result).map((c) => c.name)).toEqual(['obsidian-query']);
    expect(cassettes).toEqual([]);
    expect(replyText(result)).toMatch(/couldn't find/i);
  });

  it('answers a general question from the passage it found, without a cassette', async () => {
    const result = await ask('How do I make pancakes?', { vault: sample, access: () => 'owner' });
    expect(toolCalls(result).map((c) => c.name)).toEqual(['obsidian-query']);
    expect(replyText(result)).toContain('2 cups flour');
    // a question near an ID is not a question for the ID; BMO searches again for the word the
    // first passages left out, and answers from the section that has it
    await bmo?.close();
    const premium = await ask('How much is my PhilHealth premium?', {
      vault: sample,
      access: () => 'owner',
    });
    expect(toolCalls(premium)).toEqual([
      { name: 'obsidian-query', args: { query: 'philhealth premium', limit: 5 } },
      { name: 'obsidian-query', args: { query: 'premium', limit: 5 } },
    ]);
    expect(replyText(premium)).toContain('₱1,250');
    expect(replyText(premium)).not.toContain(PHILHEALTH_ID);
  });

  describeUnseenVault(
    ask,
    [
      "What's my library card number?",
      'Could you look up the number of my library card in my notes?',
      'I need my library card no. please',
    ],
    /cassette/i,
  );
});

describe('the offline BMO and the time', () => {
  const now = () => new Date('2026-11-22T06:04:00Z');

  it('asks get_current_time for the named city’s IANA zone and says the time there', async () => {
    const result = await ask('what time is it in Tokyo?', { vault: sample, now });
    expect(toolCalls(result)).toEqual([
      { name: 'get_current_time', args: { timeZone: 'Asia/Tokyo' } },
    ]);
    expect(replyText(result)).toMatch(/3:04 PM .*Tokyo \(Asia\/Tokyo, UTC\+9\)/);
  });

  it('knows cities from every zone the runtime lists, and a few more', () => {
    expect(zoneForPlace('Buenos Aires')).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/);
    expect(zoneForPlace('Ho Chi Minh')).toBe('Asia/Ho_Chi_Minh');
    expect(zoneForPlace('new york')).toBe('America/New_York');
    expect(zoneForPlace('Kolkata')).toBe('Asia/Kolkata');
    expect(zoneForPlace('San Francisco')).toBe('America/Los_Angeles');
    expect(zoneForPlace('Narnia')).toBeUndefined();
  });

  it('says plainly when it does not know the place, without calling the tool', async () => {
    const result = await ask('What time is it in Narnia?', { vault: sample, now });
    expect(toolCalls(result)).toEqual([]);
    expect(replyText(result)).toMatch(/doesn't know which time zone Narnia/);
  });
});

describe('the offline BMO and small talk or bad input', () => {
  it('greets and makes small talk in BMO’s voice, with no tools', async () => {
    for (const message of ['hi BMO!', 'how are you?', 'what can you do?', 'thanks!']) {
      const result = await ask(message, { vault: sample });
      expect(toolCalls(result)).toEqual([]);
      expect(replyText(result)).toMatch(/BMO|welcome|Anytime/);
      await bmo?.close();
      bmo = undefined;
    }
  });

  it('refuses a very long message politely, and answers the next one', async () => {
    bmo = await startOfflineBmoTestSession({ vault: sample, access: () => 'owner' });
    const long = await bmo.session.run({ userInput: 'philhealth '.repeat(400) }).wait();
    expect(toolCalls(long)).toEqual([]);
    expect(replyText(long)).toMatch(/very long message/);
    const next = await bmo.session.run({ userInput: "What's my PhilHealth ID?" }).wait();
    expect(replyText(next)).toContain(PHILHEALTH_ID);
  });

  it('reads hostile text in linear time: a million punctuation marks, or a cap-sized run of them', () => {
    for (const message of [
      '!'.repeat(1_000_000),
      `${'hi'}${'!'.repeat(1_000_000)}x`,
      `time in ${'.'.repeat(MAX_MESSAGE_CHARS - 10)}x`,
      `philhealth ${'('.repeat(MAX_MESSAGE_CHARS - 20)}`,
    ]) {
      const started = performance.now();
      const step = nextStep(
        { userText: message, heard: false, steps: [], recentUserMessages: 1 },
        { tools: new Set(['get_current_time', 'obsidian-query']), mayCallTools: true },
      );
      expect(performance.now() - started).toBeLessThan(LINEAR_MS);
      expect(step.type === 'say' ? step.text : step.name).not.toBe('');
    }
    // the long punctuation run inside a fact label or title stays linear too
    const started = performance.now();
    const fact = factsIn({ path: 'a.md', heading: '', text: `${'('.repeat(50_000)}Code: AB-1234` });
    expect(performance.now() - started).toBeLessThan(LINEAR_MS);
    expect(fact.map((f) => f.value)).toEqual(['AB-1234']);
    // and so do the sentence, list, table and number forms on 25,000 characters full of them
    // (each character is read a bounded number of times)
    for (const text of [
      'my code is x. '.repeat(1_750),
      `my code is ${'x'.repeat(25_000)}`,
      `- a = ${'b = '.repeat(6_250)}`,
      `${'| a '.repeat(6_250)}|`,
      '+1 234 567 890, '.repeat(1_500),
      `x\n${'is '.repeat(8_000)}`,
    ]) {
      const start = performance.now();
      factsIn({ path: 'a.md', heading: 'Note › x', text });
      expect(performance.now() - start).toBeLessThan(1_000);
    }
  });

  it('answers an empty (blank) message with a clear line, and the next one normally', async () => {
    bmo = await startOfflineBmoTestSession({ vault: sample });
    const blank = await bmo.session.run({ userInput: '   \n ' }).wait();
    expect(replyText(blank)).toMatch(/didn't catch any words/);
    const next = await bmo.session.run({ userInput: 'hello' }).wait();
    expect(replyText(next)).toMatch(/BMO/);
  });

  it('declines other languages politely, with no tool call', async () => {
    for (const message of ['¿Qué hora es?', 'こんにちは、元気ですか', 'Wie spät ist es bitte?']) {
      const result = await ask(message, { vault: sample });
      expect(toolCalls(result)).toEqual([]);
      expect(replyText(result)).toMatch(/only understands English/);
      await bmo?.close();
      bmo = undefined;
    }
  });

  it('answers every message of a flood, asks to slow down, and runs no tools past the limit', async () => {
    bmo = await startOfflineBmoTestSession({ vault: sample, access: () => 'owner' });
    const replies: string[] = [];
    let callCount = 0;
    for (let i = 0; i < 12; i++) {
      const result = await bmo.session.run({ userInput: `philhealth id ${i}` }).wait();
      replies.push(replyText(result));
      callCount += toolCalls(result).length;
    }
    expect(replies.every((text) => text.length > 0)).toBe(true);
    expect(replies.at(-1)).toMatch(/a lot of messages at once/);
    expect(callCount).toBeLessThanOrEqual(8 * 2);
  });
});

describe('OfflineLLM as an llm.LLM', () => {
  it('streams a tool call as a FunctionCall chunk, and no tool call when toolChoice is none', async () => {
    const tools = createBmoTools({ vault: async () => sample, deck: new CassetteDeck() });
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: 'what time is it in Paris?' });
    const model = new OfflineLLM();
    const withTools = await model.chat({ chatCtx, toolCtx: tools }).collect();
    expect(withTools.toolCalls.map((c) => [c.name, JSON.parse(c.args)])).toEqual([
      ['get_current_time', { timeZone: 'Europe/Paris' }],
    ]);
    const none = await model.chat({ chatCtx, toolCtx: tools, toolChoice: 'none' }).collect();
    expect(none.toolCalls).toEqual([]);
    expect(none.text).toMatch(/can't use its tools/);
    await model.aclose();
  });
});

describe('the SDK’s own logs', () => {
  it('have every lk.pii.* value blanked, escaped quotes and all, the rest kept', () => {
    const line = JSON.stringify({
      level: 40,
      'lk.pii.user_input': 'my "secret" PhilHealth \\ ID',
      'lk.pii.message': 'hi',
      msg: 'skipping user input, speech scheduling is paused',
    });
    const redacted = redactPii(line);
    expect(JSON.parse(redacted)).toEqual({
      level: 40,
      'lk.pii.user_input': '[redacted]',
      'lk.pii.message': '[redacted]',
      msg: 'skipping user input, speech scheduling is paused',
    });
    expect(redactPii('{"msg":"plain"}')).toBe('{"msg":"plain"}');
    // objects too (tool arguments), and every line of a chunk
    const args = JSON.stringify({ 'lk.pii.arguments': { content: '12-345678901-2' }, msg: 'x' });
    expect(redactPii(`${args}\n${args}\n`)).not.toContain('12-345678901-2');
  });
});
