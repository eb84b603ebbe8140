import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Room } from '@livekit/rtc-node';
import { AccessToken } from 'livekit-server-sdk';
import type {} from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
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
import { freeTcpPort } from '../support/free-port.ts';
import { ROOT } from '../support/paths.ts';
import { VISITOR_ORIGIN } from './global-setup.ts';
import { ask } from './helpers/bmo-page.ts';

// BMO end to end, for real: the built page under `wrangler dev`, a real `livekit-server --dev`,
// and the real agent worker with no OpenAI key, so BMO thinks with the offline language model
// (agent/offline). What BMO answers comes from the vault, not from the test: the expected values
// are read from the notes themselves, or written into a vault made for the test.

function settings(): { url: string; apiKey: string; apiSecret: string } {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = process.env;
  if (!url || !apiKey || !apiSecret) throw new Error('the global setup did not start LiveKit');
  return { url, apiKey, apiSecret };
}

/** A value as the sample note writes it, e.g. the PhilHealth ID after "PhilHealth ID (PIN):". */
function fromSampleNote(note: string, label: RegExp): string {
  const text = readFileSync(join(ROOT, 'agent/vault', note), 'utf8');
  const value = label.exec(text)?.[1];
  if (!value) throw new Error(`the sample note ${note} has no ${String(label)}`);
  return value.trim();
}

const PHILHEALTH_ID = fromSampleNote('Health insurance.md', /PhilHealth ID \(PIN\):\s*(\S+)/);
const GUEST_PASSWORD = fromSampleNote('Guest Wi-Fi.md', /Guest password:\s*(\S+)/);

/** Starts the worker for one group of tests (only one worker serves `bmo` at a time). */
function useWorker(
  env: () => Promise<Record<string, string>> | Record<string, string> = () => ({}),
) {
  const state: { worker?: AgentWorker } = {};
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const { url, apiKey, apiSecret } = settings();
    // `start` mode, as `npm start` runs it: prewarmed job processes, so BMO joins at once even
    // on a busy machine (in `dev` mode each job first boots a process and indexes the vault)
    state.worker = await startAgentWorker(
      {
        LIVEKIT_URL: url,
        LIVEKIT_API_KEY: apiKey,
        LIVEKIT_API_SECRET: apiSecret,
        BMO_AGENT_HTTP_PORT: String(await freeTcpPort()),
        ...(await env()),
      },
      { mode: 'start', echo: process.env.ECHO_WORKER === '1' },
    );
  });
  test.afterAll(async () => {
    await state.worker?.stop();
  });
  return () => {
    if (!state.worker) throw new Error('the worker did not start');
    return state.worker;
  };
}

// Each test starts a conversation: a job process boots and answers.
test.describe.configure({ timeout: 150_000 });

/** Opens /bmo, connects, and waits until BMO is in the room and the text box takes input. */
async function connect(page: Page): Promise<void> {
  await page.goto('/bmo');
  await expect(page.getByRole('heading', { level: 1, name: 'Talk to BMO' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await ready(page);
}

async function ready(page: Page): Promise<void> {
  // The worker starts a fresh job process for each room; on a busy machine that takes a while.
  await expect(page.getByRole('textbox', { name: 'Type to BMO' })).toBeEnabled({
    timeout: 60_000,
  });
  await expect(
    page.getByRole('img', { name: /^BMO is (listening|thinking|speaking)$/ }),
  ).toBeVisible();
  // BMO's greeting: its session is up
  await expect(page.getByRole('log').getByRole('listitem').first()).toContainText('BMO', {
    timeout: 30_000,
  });
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

async function cassetteContent(page: Page, title: string | RegExp): Promise<string> {
  const button = page.getByRole('button', {
    name: typeof title === 'string' ? `Open cassette: ${title}` : title,
  });
  await expect(button).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('bmo-cassette-slot')).toHaveAttribute('phase', 'idle');
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const content = (await dialog.locator('[part="content"]').innerText()).trim();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return content;
}

test.describe('the offline BMO and the sample vault', () => {
  const worker = useWorker();

  test('asked for the PhilHealth ID, BMO puts exactly the ID in the note on a cassette and says so; a second cassette replaces the first', async ({
    page,
  }) => {
    await connect(page);
    const steps = await recordSlotSteps(page);

    await expect(await ask(page, "What's my PhilHealth ID?")).toContainText(/cassette/i, {
      timeout: 30_000,
    });
    const first = page.getByRole('button', { name: 'Open cassette: PhilHealth ID' });
    await expect(first).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByRole('status').filter({ hasText: 'cassette received: PhilHealth ID' }),
    ).toHaveCount(1);

    // User opens cassette: exactly the note's ID, as text, with Copy; Escape returns focus.
    await first.click();
    const dialog = page.getByRole('dialog', { name: 'PhilHealth ID' });
    await expect(dialog.locator('[part="content"]')).toHaveText(PHILHEALTH_ID);
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();

    // Cassette message replaces existing cassette: eject, swap, insert.
    await expect(await ask(page, 'And the guest wifi password?')).toContainText(/cassette/i, {
      timeout: 30_000,
    });
    expect(await cassetteContent(page, /^Open cassette: Guest password$/)).toBe(GUEST_PASSWORD);
    await expect(first).toHaveCount(0);
    expect(await steps()).toEqual([
      'insert PhilHealth ID',
      'eject PhilHealth ID',
      'insert Guest password',
    ]);

    // the job logged each tool call: name, outcome, duration, never the contents
    const toolCalls = () => worker().events.filter((e) => e.event === 'tool_call');
    await expect
      .poll(() => toolCalls().map((e) => e.tool))
      .toEqual(expect.arrayContaining(['obsidian-query', 'present_to_cassette']));
    const calls = toolCalls();
    for (const call of calls) expect(typeof call.durationMs).toBe('number');
    expect(JSON.stringify(worker().events)).not.toContain(PHILHEALTH_ID);
    // nor anything the worker printed: the SDK's own lk.pii.* fields are blanked
    expect(worker().output.filter((line) => line.includes(PHILHEALTH_ID))).toEqual([]);
    expect(worker().output.some((line) => line.includes('"lk.pii.'))).toBe(true);
  });

  test('asked for something the notes do not hold, BMO says so and sends no cassette', async ({
    page,
  }) => {
    await connect(page);
    const steps = await recordSlotSteps(page);
    await expect(await ask(page, "What's my passport number?")).toContainText(
      /couldn't find anything/,
      { timeout: 30_000 },
    );
    // a later answer proves the turn is over: still no cassette
    await expect(await ask(page, 'thanks!')).toContainText(/welcome|Anytime/, { timeout: 30_000 });
    expect(await steps()).toEqual([]);
    await expect(page.getByRole('button', { name: /^Open cassette/ })).toHaveCount(0);
  });

  test('asked the time in a named city, BMO answers in that city’s zone', async ({ page }) => {
    await connect(page);
    await expect(await ask(page, 'What time is it in Tokyo right now?')).toContainText(
      /\d{1,2}:\d\d [AP]M .*Tokyo \(Asia\/Tokyo, UTC\+9\)/,
      { timeout: 30_000 },
    );
  });

  test('a cassette published by a participant that is not the agent is ignored', async ({
    page,
  }) => {
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
      await ask(page, "What's my PhilHealth ID?");
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
    await ask(page, "What's my PhilHealth ID?");
    const cassette = page.getByRole('button', { name: 'Open cassette: PhilHealth ID' });
    await expect(cassette).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('bmo-cassette-slot')).toHaveAttribute('phase', 'idle');
    const roomName = await page
      .locator('bmo-assistant')
      .evaluate((el: HTMLElementTagNameMap['bmo-assistant']) => el.roomController?.room?.name);
    const steps = await recordSlotSteps(page);
    const resendsBefore = worker().events.filter((e) => e.event === 'cassette_resend').length;

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
      .poll(() => worker().events.filter((e) => e.event === 'cassette_resend').length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(resendsBefore);
    // BMO's next reply travels after the re-sent cassette on the same reliable channel: once it
    // shows, the page has had the cassette too, and it did not replay it.
    await expect(await ask(page, 'hello')).toContainText(/BMO (is|feels)/, { timeout: 30_000 });
    expect(await steps()).toEqual([]);
    await expect(cassette).toBeVisible();
  });
});

test.describe('the offline BMO and a vault it has never seen', () => {
  // a note and an ID made for this run only: nothing in the code or the tests above knows them
  const code = `KX-${randomBytes(3).toString('hex').toUpperCase()}-${Date.now() % 10_000}`;
  let vault = '';
  useWorker(async () => {
    vault = await mkdtemp(join(tmpdir(), 'bmo-e2e-vault-'));
    await writeFile(
      join(vault, 'Gym.md'),
      `# Gym\n\nOpen 6 AM to 10 PM.\n\n## Locker\n\nLocker combination: ${code}\nLocker 17, second row.\n`,
    );
    await writeFile(join(vault, 'Plants.md'), '# Plants\n\nWater the ferns on Sundays.\n');
    return { OBSIDIAN_VAULT_PATH: vault };
  });
  test.afterAll(async () => {
    if (vault) await rm(vault, { recursive: true, force: true });
  });

  for (const question of [
    "What's my gym locker combination?",
    'Could you find the combination for my locker at the gym?',
    'I forgot the locker code, can you check my notes?',
  ]) {
    test(`asked "${question}", BMO puts the note's code on the cassette`, async ({ page }) => {
      await connect(page);
      await expect(await ask(page, question)).toContainText(/cassette/i, { timeout: 30_000 });
      expect(await cassetteContent(page, /^Open cassette: /)).toBe(code);
    });
  }
});

test.describe('who may read what', () => {
  const worker = useWorker();
  test.use({ permissions: ['local-network-access'] });

  test('a visitor from another origin asking for the private ID finds nothing of it; the owner at the hosted page gets the cassette', async ({
    page,
    baseURL,
    browser,
  }) => {
    if (!baseURL) throw new Error('no baseURL');
    // the visitor: a site on another origin (allowed to use the API) embedding BMO
    await page.route(`${VISITOR_ORIGIN}/`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>A visitor's site</title>
          <script type="module" src="${baseURL}/embed/bmo.js"></script>
          <main><h1>Elsewhere</h1><bmo-assistant token-url="${baseURL}/api/livekit/token"></bmo-assistant></main></html>`,
      }),
    );
    await page.goto(`${VISITOR_ORIGIN}/`);
    await page.getByRole('button', { name: 'Connect without microphone' }).click();
    await ready(page);
    const visitorAnswer = await ask(page, "What's my PhilHealth ID?");
    await expect(visitorAnswer).toContainText(/couldn't find anything/, { timeout: 30_000 });
    await expect(visitorAnswer).not.toContainText(/Health insurance|12-|PIN/);
    await expect(page.getByRole('button', { name: /^Open cassette/ })).toHaveCount(0);
    // the visitor's search ran on the public notes and found nothing: not a count, not a title
    // (the job's log line reaches us through the worker's output, possibly after the reply)
    await expect
      .poll(() =>
        worker()
          .events.filter((e) => e.event === 'tool_call' && e.tool === 'obsidian-query')
          .at(-1),
      )
      .toMatchObject({ access: 'visitor', outcome: 'not_found', results: 0 });
    // the public note is there for visitors
    await expect(await ask(page, 'What is the guest wifi password?')).toContainText(/cassette/i, {
      timeout: 30_000,
    });
    expect(await cassetteContent(page, /^Open cassette: /)).toBe(GUEST_PASSWORD);

    // the owner, at the hosted page on a local start
    const owner = await browser.newPage();
    try {
      await connect(owner);
      await expect(await ask(owner, "What's my PhilHealth ID?")).toContainText(/cassette/i, {
        timeout: 30_000,
      });
      expect(await cassetteContent(owner, 'PhilHealth ID')).toBe(PHILHEALTH_ID);
    } finally {
      await owner.close();
    }
  });
});

/** The chat stand-in's model: search the notes, present what it found, then say so. */
function playModel(request: RecordedChatRequest): ChatTurn {
  const question = lastUserText(request);
  if (!question) return { say: 'Hi! BMO here. What do you need?' };
  if (!/philhealth/i.test(question)) return { say: 'BMO does not know that one.' };
  if (!isAfterToolCall(request)) {
    return { toolCalls: [{ name: 'obsidian-query', args: { query: 'PhilHealth ID' } }] };
  }
  const last = toolOutputs(request).at(-1);
  if (last?.name === 'obsidian-query') {
    const found = /PIN\):\s*([\d-]+)/.exec(last.output)?.[1] ?? 'not found in the notes';
    return {
      toolCalls: [
        { name: 'present_to_cassette', args: { title: 'PhilHealth ID', content: found } },
      ],
    };
  }
  return { say: 'Here it is. I also sent it through the cassette: PhilHealth ID.' };
}

test.describe('BMO on the OpenAI text path (the plugin wiring, against a local chat stand-in)', () => {
  let standin: ChatStandin | undefined;
  useWorker(async () => {
    standin = await startChatStandin(playModel);
    return { OPENAI_API_KEY: 'sk-e2e-standin', OPENAI_BASE_URL: standin.baseURL, BMO_MODE: 'text' };
  });
  test.afterAll(async () => {
    await standin?.close();
  });

  test('the OpenAI plugin drives the same tools: the cassette arrives and the model saw the real outputs', async ({
    page,
  }) => {
    await connect(page);
    await expect(await ask(page, 'What is my PhilHealth ID?')).toContainText(/cassette/, {
      timeout: 30_000,
    });
    expect(await cassetteContent(page, 'PhilHealth ID')).toBe(PHILHEALTH_ID);
    const answered = standin?.requests.flatMap((r) => toolOutputs(r).map((o) => o.name)) ?? [];
    expect(new Set(answered)).toEqual(new Set(['obsidian-query', 'present_to_cassette']));
  });
});
