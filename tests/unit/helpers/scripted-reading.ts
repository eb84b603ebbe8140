/**
 * A reading session on scripted stand-in transports (the SDK's
 * ScriptedRealtimeTransport, one per session, as OpenAI's WebRTC path would make), with a memory
 * storage: the model's messages and tool calls are emitted by the test, what the session sends is
 * recorded on each transport.
 */
import { ScriptedRealtimeTransport } from '@openai/agents-realtime/testing';
import { afterEach } from 'vitest';
import { z } from 'zod';
import { SessionLog } from '../../../web-components/events/index.ts';
import { createReadingStore } from '../../../web-components/stores/reading.ts';
import {
  RealtimeReading,
  type RealtimeReadingOptions,
} from '../../../web-components/tarot/session/realtime-reading.ts';
import type { SnapshotStorage } from '../../../web-components/tarot/state/resume.ts';
import { until } from '../../support/wait.ts';

const SendOutput = z.object({
  method: z.literal('sendFunctionCallOutput'),
  toolCall: z.object({ callId: z.string() }),
  output: z.string(),
});

export const SendMessage = z.object({ method: z.literal('sendMessage'), message: z.string() });

export function memoryStorage(): SnapshotStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const open: RealtimeReading[] = [];
afterEach(() => {
  for (const controller of open.splice(0)) controller.end('leave');
});

export function voiceReading(
  storage: SnapshotStorage,
  options: Partial<RealtimeReadingOptions> = {},
) {
  const store = createReadingStore();
  const transports: ScriptedRealtimeTransport[] = [];
  let tokens = 0;
  const controller = new RealtimeReading({
    store,
    mode: 'voice',
    connect: async () => ({
      engine: 'openai',
      token: `ek_test_${++tokens}`,
      expiresAt: Math.floor(Date.now() / 1000) + 60,
      model: 'gpt-realtime',
    }),
    // The stand-in for OpenAIRealtimeWebRTC: one new transport per session.
    createTransport: () => {
      const transport = new ScriptedRealtimeTransport();
      transports.push(transport);
      return transport;
    },
    createLog: (id) => new SessionLog(id, { emit: () => true }),
    newSessionId: () => 'reading-under-test',
    persistKey: 'tarot-reading:test:voice',
    storage,
    ...options,
  });
  open.push(controller);
  const records = (index: number) => (transports[index]?.calls ?? []) as readonly unknown[];
  let next = 0;
  return {
    controller,
    store,
    transports,
    tokens: () => tokens,
    records,
    message(index: number, role: 'user' | 'assistant', text: string) {
      const base = { itemId: `msg_${++next}`, type: 'message', status: 'completed' } as const;
      transports[index]?.emit(
        'item_update',
        role === 'user'
          ? { ...base, role, content: [{ type: 'input_text', text }] }
          : { ...base, role, content: [{ type: 'output_audio', transcript: text }] },
      );
    },
    call(index: number, name: string, args: unknown) {
      const n = ++next;
      const item = { itemId: `fc_${n}`, name, arguments: JSON.stringify(args) };
      transports[index]?.emit('item_update', {
        ...item,
        type: 'function_call',
        status: 'in_progress',
        output: null,
      });
      transports[index]?.emit('function_call', {
        id: item.itemId,
        type: 'function_call',
        name,
        callId: `call_${n}`,
        arguments: item.arguments,
        responseId: `resp_${n}`,
      });
      return `call_${n}`;
    },
    async output(index: number, callId: string): Promise<unknown> {
      const sent = await until(
        () =>
          records(index)
            .map((record) => SendOutput.safeParse(record))
            .find((parsed) => parsed.success && parsed.data.toolCall.callId === callId),
        `the output of ${callId}`,
      );
      return sent.success ? JSON.parse(sent.data.output) : undefined;
    },
  };
}

export function readingState(store: ReturnType<typeof createReadingStore>) {
  return {
    intent: store.$intent.get(),
    spread: store.$spread.get(),
    cards: store.$cards.get(),
    agent: store.$agent.get(),
    transcript: store.$transcript.get(),
  };
}
