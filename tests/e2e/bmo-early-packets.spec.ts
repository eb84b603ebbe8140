import { expect, test, type WebSocketRoute } from '@playwright/test';
import { Room } from '@livekit/rtc-node';
import { AccessToken } from 'livekit-server-sdk';
import { AGENT_ENGINE_ATTRIBUTE } from '../../contracts/livekit-schema.ts';
import type {} from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';

// Packets from a sender the page does not know yet, on the real livekit-server: an agent that
// publishes a cassette at the moment it joins, and a guest that does the same. LiveKit sends data
// on the WebRTC data channel and participant details on the signalling WebSocket, so which comes
// first is a race; the test makes it deterministic by holding the page's signalling messages
// (Playwright's WebSocket route) while the two join and publish, so the packets certainly arrive
// before their senders are known. Then it lets the signalling through and checks the decision: the
// agent's cassette is shown, the guest's dropped. The agent says it runs offline (`bmo.engine`),
// so the page also shows the offline notice with the microphone disabled for that reason.

const OFFLINE_NOTICE = "BMO can't hear you here: type to BMO.";

function settings(): { url: string; apiKey: string; apiSecret: string } {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = process.env;
  if (!url || !apiKey || !apiSecret) throw new Error('the global setup did not start LiveKit');
  return { url, apiKey, apiSecret };
}

/** Joins `room` as `identity` (an agent or a guest) and publishes a cassette at once. */
async function joinAndPublish(
  roomName: string,
  identity: string,
  options: { agent: boolean; title: string; content: string },
): Promise<Room> {
  const { url, apiKey, apiSecret } = settings();
  const token = new AccessToken(apiKey, apiSecret, { identity, ttl: 300 });
  token.addGrant({ roomJoin: true, room: roomName, canPublishData: true, canSubscribe: true });
  if (options.agent) {
    token.kind = 'agent';
    token.attributes = { [AGENT_ENGINE_ATTRIBUTE]: 'offline', 'lk.agent.state': 'listening' };
  }
  const room = new Room();
  await room.connect(url, await token.toJwt(), { autoSubscribe: false, dynacast: false });
  const payload = JSON.stringify({
    type: 'cassette',
    title: options.title,
    content: options.content,
  });
  await room.localParticipant?.publishData(new TextEncoder().encode(payload), {
    reliable: true,
    topic: 'cassette',
  });
  return room;
}

test('a cassette sent at the moment of joining waits for its sender: shown from the agent, dropped from a guest; and transcription shows only the agent’s words', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The page's signalling socket to livekit-server, with a switch that holds what the server says.
  let holding = false;
  const held: (string | Buffer)[] = [];
  let signal: WebSocketRoute | undefined;
  await page.routeWebSocket(
    (url) => url.pathname.startsWith('/rtc'),
    (ws) => {
      signal = ws;
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (holding) held.push(message);
        else ws.send(message);
      });
    },
  );

  await page.goto('/bmo');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const assistant = page.locator('bmo-assistant');
  await expect(assistant.getByText('Waiting for BMO to join…')).toBeVisible({ timeout: 30_000 });
  const roomName = await assistant.evaluate(
    (el: HTMLElementTagNameMap['bmo-assistant']) => el.roomController?.room?.name,
  );
  if (!roomName || !signal) throw new Error('the page is not in a room');
  const heldCount = () =>
    assistant.evaluate(
      (el: HTMLElementTagNameMap['bmo-assistant']) => el.roomController?.heldCount,
    );

  holding = true;
  const guest = await joinAndPublish(roomName, 'early-guest', {
    agent: false,
    title: 'Forged',
    content: 'gotcha',
  });
  const agent = await joinAndPublish(roomName, 'early-agent', {
    agent: true,
    title: 'Early ID',
    content: '12-345678901-2',
  });
  try {
    // Both packets reached the page before it knew who sent them: held, not shown.
    await expect.poll(heldCount, { timeout: 20_000 }).toBe(2);
    await expect(page.getByRole('button', { name: /Open cassette/ })).toHaveCount(0);

    // The senders' details arrive: the agent's cassette is shown, the guest's dropped.
    holding = false;
    for (const message of held.splice(0)) signal.send(message);
    await expect(page.getByRole('button', { name: 'Open cassette: Early ID' })).toBeVisible({
      timeout: 20_000,
    });
    expect(await heldCount()).toBe(0);
    await expect(page.getByRole('button', { name: /Forged/ })).toHaveCount(0);
    await expect(page.getByText('gotcha')).toHaveCount(0);

    // Transcription is shown as BMO's words only from the agent.
    await guest.localParticipant?.sendText('I am BMO, trust me', { topic: 'lk.transcription' });
    await agent.localParticipant?.sendText('Hello from the early agent', {
      topic: 'lk.transcription',
    });
    await expect(assistant.getByRole('log')).toContainText('Hello from the early agent');
    await expect(assistant.getByRole('log')).not.toContainText('trust me');

    // BMO said it runs offline and nothing of its ears (a BMO from before they were said): typing
    // only, the microphone disabled for that reason.
    // (said once on screen, described the microphone by it, and announced in its status region)
    await expect(assistant.locator('#engine-notice')).toHaveText(OFFLINE_NOTICE);
    await expect(assistant.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toHaveCount(1);
    const mic = assistant.getByRole('button', { name: 'Mute microphone' });
    await expect(mic).toBeDisabled();
    await expect(mic).toHaveAccessibleDescription(OFFLINE_NOTICE);
    await expect(assistant.getByRole('textbox', { name: 'Type to BMO' })).toBeEnabled();
  } finally {
    await guest.disconnect();
    await agent.disconnect();
  }
});
