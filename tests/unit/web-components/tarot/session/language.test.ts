/**
 * The reading agents are told the reading's checked language, and only a checked one; the token
 * request carries it (so the offline reader answers in it), and a reading restored after a reload
 * keeps the language it started in.
 */
import { ScriptedRealtimeTransport } from '@openai/agents-realtime/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SupportedLang } from '../../../../../contracts/locale.ts';
import { SessionLog } from '../../../../../web-components/events/index.ts';
import type { ConnectRequest } from '../../../../../web-components/tarot/session/token.ts';
import { RealtimeReading } from '../../../../../web-components/tarot/session/realtime-reading.ts';
import {
  createReadingFacts,
  type ReadingFacts,
} from '../../../../../web-components/tarot/agents/context.ts';
import { saveSnapshot, snapshotOf } from '../../../../../web-components/tarot/state/resume.ts';
import { memoryStorage } from '../../../helpers/scripted-reading.ts';
import { createReadingStore } from '../../../../../web-components/stores/reading.ts';

const Connect = z.object({
  method: z.literal('connect'),
  options: z.object({ initialSessionConfig: z.object({ instructions: z.string() }) }),
});

const open: RealtimeReading[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((controller) => controller.end()));
});

async function firstInstructions(
  lang?: SupportedLang,
  kept?: { storage: ReturnType<typeof memoryStorage>; key: string },
  requests: ConnectRequest[] = [],
): Promise<string> {
  const transport = new ScriptedRealtimeTransport();
  const controller = new RealtimeReading({
    store: createReadingStore(),
    mode: 'text',
    ...(lang ? { lang } : {}),
    ...(kept ? { persistKey: kept.key, storage: kept.storage } : {}),
    connect: async (request) => {
      requests.push(request);
      return {
        engine: 'local',
        token: 'ek_local_test',
        expiresAt: Math.floor(Date.now() / 1000) + 60,
        model: 'gpt-realtime',
        url: 'ws://127.0.0.1:9/api/reader/realtime',
      };
    },
    createTransport: () => transport,
    createLog: (id) => new SessionLog(id, { emit: () => true }),
    newSessionId: () => 'session-under-test',
  });
  open.push(controller);
  expect(await controller.start()).toBe(true);
  return Connect.parse(transport.calls[0]).options.initialSessionConfig.instructions;
}

describe('the reading agents and the language', () => {
  it('tells IntentAssessment to speak Spanish for a Spanish reading', async () => {
    expect(await firstInstructions('es')).toContain('The person speaks Spanish');
  });

  for (const [lang, name] of [
    ['fr', 'French'],
    ['de', 'German'],
    ['pt', 'Brazilian Portuguese'],
    ['ja', 'Japanese'],
    ['ar', 'Arabic'],
  ] as const) {
    it(`tells the agents to speak ${name} for a reading in ${lang}, and to keep tool arguments as keys`, async () => {
      const instructions = await firstInstructions(lang);
      expect(instructions).toContain(`The person speaks ${name}: say everything in ${name}`);
      expect(instructions).toContain('(card ids, position keys)');
    });
  }

  it('adds no language line for English', async () => {
    expect(await firstInstructions()).not.toContain('The person speaks');
  });
});

describe('the reading’s language on the way to the reader', () => {
  it('asks for its token in the reading’s language, so the offline reader answers in it', async () => {
    const requests: ConnectRequest[] = [];
    await firstInstructions('es', undefined, requests);
    expect(requests.map((request) => request.lang)).toEqual(['es']);
  });

  it('a reading restored after a reload keeps its language, whatever the element now says', async () => {
    const storage = memoryStorage();
    const key = 'tarot-reading:test:text';
    const facts: ReadingFacts = createReadingFacts('text', 'es');
    saveSnapshot(
      storage,
      key,
      snapshotOf({
        sessionId: 'reading-under-test',
        mode: 'text',
        agent: 'IntentAssessment',
        facts,
        history: [
          {
            type: 'message',
            role: 'user',
            itemId: 'msg_1',
            status: 'completed',
            content: [{ type: 'input_text', text: '¿Debería aceptar el nuevo trabajo?' }],
          },
        ],
      }),
    );
    const requests: ConnectRequest[] = [];
    const instructions = await firstInstructions(undefined, { storage, key }, requests);
    expect(instructions).toContain('The person speaks Spanish');
    expect(requests.map((request) => request.lang)).toEqual(['es']);
  });
});
