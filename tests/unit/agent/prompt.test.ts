import { afterEach, describe, expect, it } from 'vitest';
import { BMO_INSTRUCTIONS, CASSETTE_RULE, bmoInstructions } from '../../../agent/prompt.ts';
import { SUPPORTED_LANGS } from '../../../contracts/locale.ts';
import { LANG_NAMES } from '../../../contracts/locale-schema.ts';
import { type BmoTestSession, startBmoTestSession } from '../helpers/bmo-session.ts';
import { systemPrompt, toolNames } from '../../support/openai-chat-standin.ts';

let bmo: BmoTestSession | undefined;
afterEach(async () => {
  await bmo?.close();
  bmo = undefined;
});

describe("BMO's prompt", () => {
  it('instructs BMO to send precise data to the cassette and to say so', () => {
    expect(CASSETTE_RULE).toMatch(/precise data \(IDs, numbers, credentials, codes/);
    expect(CASSETTE_RULE).toContain('call present_to_cassette');
    expect(CASSETTE_RULE).toMatch(/mention that you also sent it through the cassette/);
    expect(BMO_INSTRUCTIONS).toContain(CASSETTE_RULE);
    expect(BMO_INSTRUCTIONS).toMatch(/You are BMO/);
  });

  it('is what the model receives, with the three tools', async () => {
    bmo = await startBmoTestSession({ script: [{ say: 'Hi friend!' }] });
    const result = await bmo.session.run({ userInput: 'hello BMO' }).wait();
    result.expect.nextEvent().isMessage({ role: 'assistant' });
    result.expect.noMoreEvents();

    const request = bmo.standin.request(0);
    expect(systemPrompt(request)).toContain(CASSETTE_RULE);
    expect(toolNames(request).sort()).toEqual([
      'get_current_time',
      'obsidian-query',
      'present_to_cassette',
    ]);
    const cassette = request.body.tools?.find((t) => t.function.name === 'present_to_cassette');
    expect(cassette?.function.parameters).toMatchObject({
      type: 'object',
      required: ['title', 'content'],
      properties: {
        title: { type: 'string', description: expect.any(String) },
        content: { type: 'string', description: expect.any(String) },
      },
    });
  });

  it('tells the model to answer in each supported language but English, by its name', () => {
    for (const lang of SUPPORTED_LANGS.filter((tag) => tag !== 'en')) {
      expect(bmoInstructions(lang)).toContain(`always answer in ${LANG_NAMES[lang]}`);
    }
    expect(bmoInstructions('en')).toBe(BMO_INSTRUCTIONS);
  });

  it('is what the model receives for an Arabic visitor: the language rule with the rest', async () => {
    bmo = await startBmoTestSession({ lang: 'ar', script: [{ say: 'مرحبًا يا صديقي!' }] });
    await bmo.session.run({ userInput: 'مرحبًا BMO' }).wait();
    const prompt = systemPrompt(bmo.standin.request(0));
    expect(prompt).toContain('Your friend speaks Arabic: always answer in Arabic');
    expect(prompt).toContain(CASSETTE_RULE);
  });
});
