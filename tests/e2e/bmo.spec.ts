import { expect, test, type Page } from '@playwright/test';
import { Room } from '@livekit/rtc-node';
import { AccessToken } from 'livekit-server-sdk';
import type {} from '../../web-components/bmo/bmo-assistant.ts';
import { startAgentWorker, type AgentWorker } from '../support/agent-worker.ts';
import {
  isAfterToolCall,
  lastUserText,
  startChatStandin,
  toolOutputs,
  type ChatStandin,
  type ChatTurn,
  type RecordedChatRequest,
} from '../support/openai-chat-standin.ts';

// BMO end to end: the built page under `wrangler dev`, a real `livekit-server --dev`, the real
// agent worker in text mode, and a local stand-in for OpenAI's chat API that plays the model.
// The model's part is scripted (search the notes, then present what it found); everything else,
// from the tool calls to the data channel to the slot, is the real thing.

function settings(): { url: string; apiKey: string; apiSecret: string } {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = process.env;
  if (!url || !apiKey || !apiSecret) throw new Error('the global setup did not start LiveKit');
  return { url, apiKey, apiSecret };
}

/** What the scripted model presents for each question, read from the obsidian-query output. */
const FINDINGS = [
  {
    asks: /philhealth/i,
    query: 'PhilHealth ID',
    title: 'PhilHealth ID',
    pattern: /PIN\):\s*([\d-]+)/,
  },
  {
    asks: /wi-?fi/i,
    query: 'guest Wi-Fi password',
    title: 'Guest Wi-Fi',
    pattern: /Guest password:\s*([a-z0-9-]+)/,
  },
];

/** The model: greet; for a question, search the notes, then put the answer on a cassette. */
function playModel(request: RecordedChatRequest): ChatTurn {
  const question = lastUserText(request);
  if (!question) return { say: 'Hi! BMO here. What do you need?' };
  const finding = FINDINGS.find((f) => f.asks.test(question));
  if (!finding) return { say: 'BMO does not know that one.' };
  if (!isAfterToolCall(request)) {
    return { toolCalls: [{ name: 'obsidian-query', args: { query: finding.query } }] };
  }
  const outputs = toolOutputs(request);
  const last = outputs[outputs.length - 1];
  if (last?.name === 'obsidian-query') {
    const found = finding.pattern.exec(last.output)?.[1] ?? 'not found in the notes';
    return {
      toolCalls: [{ name: 'present_to_cassette', args: { title: finding.title, content: found } }],
    };
  }
  return { say: `Here it is. I also sent it through the cassette: ${finding.title}.` };
}

let standin: ChatStandin;
let worker: AgentWorker;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { url, apiKey, apiSecret } = settings();
  standin = await startChatStandin(playModel);
  worker = await startAgentWorker({
    LIVEKIT_URL: url,
    LIVEKIT_API_KEY: apiKey,
    LIVEKIT_API_SECRET: apiSecret,
    OPENAI_API_KEY: 'sk-e2e-standin',
    OPENAI_BASE_URL: standin.baseURL,
    BMO_MODE: 'text',
  });
});

test.afterAll(async () => {
  await worker?.stop();
  await standin?.close();
});

// Each test starts a conversation: a job process boots, searches the notes and answers twice.
test.describe.configure({ timeout: 150_000 });

/** Opens /bmo, connects, and waits until BMO is in the room and the text box takes input. */
async function connect(page: Page): Promise<void> {
  await page.goto('/bmo');
  await expect(page.getByRole('heading', { level: 1, name: 'Talk to BMO' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  // The worker starts a fresh job process for each room; on a busy machine that takes a while.
  await expect(page.getByRole('textbox', { name: 'Type to BMO' })).toBeEnabled({
    timeout: 60_000,
  });
  await expect(
    page.getByRole('img', { name: /^BMO is (listening|thinking|speaking)$/ }),
  ).toBeVisible();
}

async function ask(page: Page, question: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Type to BMO' });
  await box.fill(question);
  await box.press('Enter');
  await expect(page.getByRole('log').getByText(question)).toBeVisible();
}

/** Records the slot's eject and insert events, in order, from now on. */
async function recordSlotSteps(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const steps: string[] = [];
    Object.assign(window, { bmoSteps: steps });
    for (const type of ['bmo-cassette-eject', 'bmo-cassette-insert'] as const) {
      document.addEventListener(type, (event) => {
        steps.push(`${type.slice('bmo-cassette-'.length)} ${event.detail.title}`);
      });
    }
  });
  return () =>
    page.evaluate(() => {
      const { bmoSteps } = window as unknown as { bmoSteps: string[] };
      return [...bmoSteps];
    });
}

test('BMO finds an ID in the notes and hands it over on a cassette; a second cassette replaces the first', async ({
  page,
}) => {
  await connect(page);
  const steps = await recordSlotSteps(page);

  // Cassette message arrives: a cassette labelled with the title, announced.
  await ask(page, 'What is my PhilHealth ID?');
  const first = page.getByRole('button', { name: 'Open cassette: PhilHealth ID' });
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(first).toContainText('PhilHealth ID');
  await expect(
    page.getByRole('status').filter({ hasText: 'cassette received: PhilHealth ID' }),
  ).toHaveCount(1);
  await expect(page.getByRole('log')).toContainText('I also sent it through the cassette');

  // User opens cassette: the content, as text, with Copy; Escape closes and focus returns.
  await first.click();
  const dialog = page.getByRole('dialog', { name: 'PhilHealth ID' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.content')).toHaveText('12-345678901-2');
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first).toBeFocused();

  // Cassette message replaces existing cassette: eject, swap, insert.
  await ask(page, 'And the guest Wi-Fi password?');
  const second = page.getByRole('button', { name: 'Open cassette: Guest Wi-Fi' });
  await expect(second).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('bmo-cassette-slot')).toHaveAttribute('phase', 'idle');
  await expect(first).toHaveCount(0);
  expect(await steps()).toEqual([
    'insert PhilHealth ID',
    'eject PhilHealth ID',
    'insert Guest Wi-Fi',
  ]);
  await second.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Guest Wi-Fi' }).locator('.content')).toHaveText(
    'lemon-grab-4417',
  );

  // The real tools answered the model: the notes search, then the cassette.
  const answered = standin.requests.flatMap((request) => toolOutputs(request).map((o) => o.name));
  expect(new Set(answered)).toEqual(new Set(['obsidian-query', 'present_to_cassette']));
  const cassetteReplies = standin.requests
    .flatMap((request) => toolOutputs(request))
    .filter((o) => o.name === 'present_to_cassette');
  expect(cassetteReplies.at(-1)?.output).not.toMatch(/error/i);
});

test('a cassette published by a participant that is not the agent is ignored', async ({ page }) => {
  const { url, apiKey, apiSecret } = settings();
  await connect(page);
  const steps = await recordSlotSteps(page);
  const roomName = await page
    .locator('bmo-assistant')
    .evaluate((el: HTMLElementTagNameMap['bmo-assistant']) => el.roomController?.room?.name);
  if (!roomName) throw new Error('the page is not in a room');

  // Another (human) participant joins BMO's room and pushes cassettes both ways the agent can.
  const token = new AccessToken(apiKey, apiSecret, { identity: 'intruder', ttl: 300 });
  token.addGrant({ roomJoin: true, room: roomName, canPublishData: true, canSubscribe: true });
  const intruder = new Room();
  await intruder.connect(url, await token.toJwt(), { autoSubscribe: false, dynacast: false });
  try {
    const forged = JSON.stringify({ type: 'cassette', title: 'Intruder', content: 'gotcha' });
    await intruder.localParticipant?.publishData(new TextEncoder().encode(forged), {
      reliable: true,
      topic: 'cassette',
    });
    await intruder.localParticipant?.sendText(forged, { topic: 'cassette' });

    // The agent's own cassette, sent after the forged ones, still comes through.
    await ask(page, 'What is my PhilHealth ID?');
    await expect(page.getByRole('button', { name: 'Open cassette: PhilHealth ID' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator('bmo-cassette-slot')).toHaveAttribute('phase', 'idle');
    expect(await steps()).toEqual(['insert PhilHealth ID']);
    await expect(page.getByRole('button', { name: /Intruder/ })).toHaveCount(0);
    await expect(page.getByText('gotcha')).toHaveCount(0);
  } finally {
    await intruder.disconnect();
  }
});

test('a lost connection says so and offers Reconnect, which rejoins BMO and keeps the cassette without replaying it', async ({
  page,
}) => {
  await connect(page);
  await ask(page, 'What is my PhilHealth ID?');
  const cassette = page.getByRole('button', { name: 'Open cassette: PhilHealth ID' });
  await expect(cassette).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('bmo-cassette-slot')).toHaveAttribute('phase', 'idle');
  const roomName = await page
    .locator('bmo-assistant')
    .evaluate((el: HTMLElementTagNameMap['bmo-assistant']) => el.roomController?.room?.name);
  const steps = await recordSlotSteps(page);
  const resendsBefore = worker.events.filter((e) => e.event === 'cassette_resend').length;

  // The server drops the page (what a network failure looks like once LiveKit gives up).
  await page
    .locator('bmo-assistant')
    .evaluate((el: HTMLElementTagNameMap['bmo-assistant']) =>
      el.roomController?.room?.simulateScenario('server-leave'),
    );
  await expect(page.locator('bmo-assistant').getByRole('alert')).toContainText(
    'The connection to BMO was lost.',
  );
  await expect(page.getByRole('img', { name: 'BMO is not connected' })).toBeVisible();

  await page.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page.getByRole('textbox', { name: 'Type to BMO' })).toBeEnabled({
    timeout: 30_000,
  });
  await expect(page.locator('bmo-assistant').getByRole('alert')).toHaveText('');
  expect(
    await page
      .locator('bmo-assistant')
      .evaluate((el: HTMLElementTagNameMap['bmo-assistant']) => el.roomController?.room?.name),
    'the same conversation, not a new one',
  ).toBe(roomName);

  // BMO re-sends the cassette to the returning visitor; the slot already shows it.
  await expect
    .poll(() => worker.events.filter((e) => e.event === 'cassette_resend').length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(resendsBefore);
  await page.waitForTimeout(1_000);
  expect(await steps()).toEqual([]);
  await expect(cassette).toBeVisible();
});
