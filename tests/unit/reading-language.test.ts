/** The reading agents are told the reading's checked language, and only a checked one. */
import { ScriptedRealtimeTransport } from '@openai/agents-realtime/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SupportedLang } from '../../contracts/locale.ts';
import { SessionLog } from '../../web-components/events/index.ts';
import { RealtimeReading } from '../../web-components/tarot/session/realtime-reading.ts';
import { createReadingStore } from '../../web-components/stores/reading.ts';

const Connect = z.object({
  method: z.literal('connect'),
  options: z.object({ initialSessionConfig: z.object({ instructions: z.string() }) }),
});

const open: RealtimeReading[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((controller) => controller.end()));
});

async function firstInstructions(lang?: SupportedLang): Promise<string> {
  const transport = new ScriptedRealtimeTransport();
  const controller = new RealtimeReading({
    store: createReadingStore(),
    mode: 'text',
    ...(lang ? { lang } : {}),
    connect: async () => ({
      engine: 'local',
      token: 'ek_local_test',
      expiresAt: Math.floor(Date.now() / 1000) + 60,
      model: 'gpt-realtime',
      url: 'ws://127.0.0.1:9/api/reader/realtime',
    }),
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

  it('adds no language line for English', async () => {
    expect(await firstInstructions()).not.toContain('The person speaks');
  });
});
