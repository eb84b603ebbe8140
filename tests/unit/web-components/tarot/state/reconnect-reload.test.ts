import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { IntentHandoff } from '../../../../../contracts/reading-schema.ts';
import {
  SendMessage,
  memoryStorage,
  readingState,
  voiceReading,
} from '../../../helpers/scripted-reading.ts';
import { loadSnapshot, mergeHistory } from '../../../../../web-components/tarot/state/resume.ts';
import { APP_NOTE_PREFIX } from '../../../../../web-components/tarot/state/transcript.ts';
import { until } from '../../../../support/wait.ts';

// A dropped connection and a reload on the WebRTC path to OpenAI, which cannot be reached here:
// each session's transport is a scripted stand-in (the SDK's ScriptedRealtimeTransport) that
// records what the session sends, so the test sees the fresh token, the agent and the replay.

const Connect = z.object({
  method: z.literal('connect'),
  options: z.object({
    apiKeyProvided: z.literal(true),
    initialSessionConfig: z.object({ tools: z.array(z.object({ name: z.string() })) }),
  }),
});
const Reset = z.object({
  method: z.literal('resetHistory'),
  newHistory: z.array(
    z.object({ itemId: z.string(), content: z.array(z.object({ type: z.string() })) }),
  ),
});
const intent: IntentHandoff = {
  intentSummary: 'Will I find a new job this year?',
  hiddenConcern: 'Money is tight',
  topic: 'career',
  timeframe: 'this year',
};

describe('a voice reading over WebRTC (a stand-in transport) resumes after a drop', () => {
  it('reconnects with a fresh token at the active agent, replays the messages and asks for the interrupted draw again', async () => {
    const r = voiceReading(memoryStorage());
    expect(await r.controller.start()).toBe(true);
    r.message(0, 'user', 'Will I find a new job this year?');
    r.message(0, 'assistant', 'What worries you most about it?');
    expect(await r.output(0, r.call(0, 'transfer_to_SpreadGeneration', intent))).toEqual({
      assistant: 'SpreadGeneration',
    });
    r.call(0, 'draw_card', { positionLabel: 'Past', promptRole: 'the past' });
    await until(() => (r.store.$picker.get().open ? true : undefined), 'the picker');
    const before = readingState(r.store);
    expect(before.agent).toBe('SpreadGeneration');

    r.transports[0]?.disconnect();

    await until(
      () => (r.store.$connection.get() === 'connected' ? true : undefined),
      'reconnected',
    );
    expect(r.tokens()).toBe(2);
    expect(r.transports).toHaveLength(2);
    const connect = r.records(1).flatMap((record) => {
      const parsed = Connect.safeParse(record);
      return parsed.success ? [parsed.data.options] : [];
    })[0];
    expect(connect?.initialSessionConfig.tools.map((tool) => tool.name)).toContain('draw_card');
    const replay = r.records(1).flatMap((record) => {
      const parsed = Reset.safeParse(record);
      return parsed.success ? [parsed.data.newHistory.map((item) => item.itemId)] : [];
    });
    expect(replay).toEqual([['msg_1', 'msg_2']]);
    // Spoken parts are replayed as their transcripts: the SDK refuses to replay audio.
    const parts = r.records(1).flatMap((record) => {
      const parsed = Reset.safeParse(record);
      return parsed.success
        ? parsed.data.newHistory.flatMap((item) => item.content.map((part) => part.type))
        : [];
    });
    expect(parts).toEqual(['input_text', 'output_text']);
    const notes = r.records(1).flatMap((record) => {
      const parsed = SendMessage.safeParse(record);
      return parsed.success ? [parsed.data.message] : [];
    });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(new RegExp(`^\\${APP_NOTE_PREFIX}.*ask for it again`));
    expect(r.controller.facts.intent).toEqual(intent);
    expect(readingState(r.store)).toEqual(before);
  });

  it('keeps the transcript when the new session echoes the replayed messages back', () => {
    const past = [
      {
        itemId: 'a',
        type: 'message',
        role: 'user',
        content: [{ type: 'input_audio', transcript: 'Hi' }],
      },
      { itemId: 'b', type: 'function_call', name: 'draw_card', output: '{}' },
    ];
    const echoed = [
      { itemId: 'a', type: 'message', role: 'user', content: [] },
      { itemId: 'c', type: 'message' },
    ];
    expect(mergeHistory(past, echoed)).toEqual([...past, echoed[1]]);
  });
});

describe('a reload restores the reading kept under its key', () => {
  it('starts at the saved agent with the saved facts, store and transcript, and replays the messages', async () => {
    const storage = memoryStorage();
    const first = voiceReading(storage);
    expect(await first.controller.start()).toBe(true);
    first.message(0, 'user', 'Will I find a new job this year?');
    await first.output(0, first.call(0, 'transfer_to_SpreadGeneration', intent));
    const before = readingState(first.store);
    first.controller.end('leave'); // the page is left: the reading is kept
    expect(loadSnapshot(storage, 'tarot-reading:test:voice', 'voice')?.agent).toBe(
      'SpreadGeneration',
    );

    const again = voiceReading(storage);
    expect(await again.controller.start()).toBe(true);
    expect(readingState(again.store)).toEqual(before);
    expect(again.controller.sessionId).toBe('reading-under-test');
    const replay = again.records(0).flatMap((record) => {
      const parsed = Reset.safeParse(record);
      return parsed.success ? [parsed.data.newHistory.map((item) => item.itemId)] : [];
    });
    expect(replay).toEqual([['msg_1']]);

    again.controller.end('user'); // the person ended it: nothing is kept
    expect(storage.map.size).toBe(0);
  });

  it('a voice reading handed to text (Switch to text) goes on in text where it was, and only there', async () => {
    const storage = memoryStorage();
    const voice = voiceReading(storage);
    expect(await voice.controller.start()).toBe(true);
    voice.message(0, 'user', 'Will I find a new job this year?');
    await voice.output(0, voice.call(0, 'transfer_to_SpreadGeneration', intent));
    const before = readingState(voice.store);

    expect(voice.controller.handOver('tarot-reading:test:text', 'text')).toBe(true);
    expect(voice.controller.active).toBe(false);
    voice.controller.end('leave'); // the voice mode is left afterwards: it keeps nothing of its own
    expect([...storage.map.keys()]).toEqual(['tarot-reading:test:text']);
    expect(loadSnapshot(storage, 'tarot-reading:test:text', 'text')?.facts.modality).toBe('text');

    const text = voiceReading(storage, { mode: 'text', persistKey: 'tarot-reading:test:text' });
    expect(await text.controller.start()).toBe(true);
    expect(readingState(text.store)).toEqual(before);
    expect(text.controller.sessionId).toBe('reading-under-test');
  });

  it('a snapshot that does not check out is dropped, and the reading starts afresh', async () => {
    const storage = memoryStorage();
    storage.setItem('tarot-reading:test:voice', '{"version":1,"agent":"Nobody"}');
    const r = voiceReading(storage);
    expect(await r.controller.start()).toBe(true);
    expect(r.store.$agent.get()).toBe('IntentAssessment');
    expect(r.store.$transcript.get()).toEqual([]);
    // The key now holds the new reading, not the broken one.
    const kept = loadSnapshot(storage, 'tarot-reading:test:voice', 'voice');
    expect(kept?.agent).toBe('IntentAssessment');
    expect(kept?.history).toEqual([]);
  });
});
