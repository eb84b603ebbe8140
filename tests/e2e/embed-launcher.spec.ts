import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {} from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import { startAgentWorker, type AgentWorker } from '../support/agent-worker.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { ROOT } from '../support/paths.ts';
import { askBmo } from './helpers/bmo-chat.ts';
import { expect, test } from './helpers/fixtures.ts';

// A site owner puts BMO in a corner of a plain page on another origin (`variant="launcher"`,
// loaded by script tag from /embed/bmo.js). All real: the edge under wrangler, livekit-server and
// the agent worker with no OpenAI key (the offline BMO) searching the sample vault, whose guest
// Wi-Fi note is public.

const GUEST_PASSWORD = /Guest password:\s*(\S+)/.exec(
  readFileSync(join(ROOT, 'agent/vault/Guest Wi-Fi.md'), 'utf8'),
)?.[1];

let worker: AgentWorker | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = process.env;
  if (!url || !apiKey || !apiSecret) throw new Error('the global setup did not start LiveKit');
  // `start` mode, as `npm start` runs it: prewarmed job processes, so BMO joins at once.
  worker = await startAgentWorker(
    {
      LIVEKIT_URL: url,
      LIVEKIT_API_KEY: apiKey,
      LIVEKIT_API_SECRET: apiSecret,
      BMO_AGENT_HTTP_PORT: String(await freeTcpPort()),
    },
    { mode: 'start', echo: process.env.ECHO_WORKER === '1' },
  );
});

test.afterAll(async () => {
  await worker?.stop();
});

test.describe.configure({ timeout: 180_000 });

test('a launcher on another site opens BMO in a panel where a typed question is answered; closed, the conversation goes on on the same connection, a cassette that arrives with the panel closed shows on the badge, and the panel’s End leaves the room', async ({
  page,
  site,
}) => {
  if (!GUEST_PASSWORD) throw new Error('the sample vault has no guest password');
  await site.open({
    family: 'bmo',
    body: `<main><h1>My site</h1><p><a href="#contact">Contact us</a></p></main>
      <bmo-assistant variant="launcher" api-base="${site.edge}"></bmo-assistant>`,
  });

  const launcher = page.getByRole('button', { name: /^BMO( \(\d+ new\))?$/ });
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  // The page's own link stays reachable beside the closed launcher.
  await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'BMO' });
  await expect(panel).toBeVisible();

  // The assistant shows in the panel through its slot: found from the page, as a visitor sees it.
  const assistant = page.locator('bmo-assistant');
  await assistant.getByRole('button', { name: 'Connect without microphone' }).click();
  const box = assistant.getByRole('textbox', { name: 'Type to BMO' });
  await expect(box).toBeEnabled({ timeout: 60_000 });
  const reply = await askBmo(assistant, 'What time is it in Tokyo?');
  await expect(reply, 'BMO answered in the panel').toContainText(/\d{1,2}:\d\d [AP]M .*Tokyo/, {
    timeout: 30_000,
  });

  // Closed, the conversation goes on, on the same connection: the site asks for a code, and its
  // cassette counts. Every change of BMO's connection from here on is recorded.
  await assistant.evaluate((el: HTMLElementTagNameMap['bmo-assistant']) => {
    const seen: string[] = [];
    Object.assign(window, { connectionChanges: seen });
    el.addEventListener('bmo-connection-change', (event) => seen.push(event.detail.connection));
  });
  const connectionChanges = () =>
    page.evaluate(() => (window as unknown as { connectionChanges: string[] }).connectionChanges);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
  await page
    .locator('bmo-assistant')
    .evaluate(async (el: HTMLElementTagNameMap['bmo-assistant']) => {
      await el.send('What is the guest Wi-Fi password?');
    });
  await expect(launcher).toHaveAccessibleName('BMO (1 new)', { timeout: 30_000 });
  await expect(assistant.locator('[part="badge"]')).toHaveText('1');

  await launcher.click();
  await expect(launcher).toHaveAccessibleName('BMO');
  await assistant.getByRole('button', { name: /^Open cassette: / }).click();
  await expect(assistant.locator('bmo-cassette-slot').getByRole('dialog')).toContainText(
    GUEST_PASSWORD,
  );
  await page.keyboard.press('Escape');
  expect(await connectionChanges(), 'closing and opening kept the connection').toEqual([]);

  // The panel's End ends the conversation itself: the room is left, and Connect is offered again.
  await panel.getByRole('button', { name: 'End' }).click();
  await expect.poll(connectionChanges).toEqual(['disconnected']);
  await expect(assistant.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  await expect(box).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'End' })).toHaveCount(0);
});
