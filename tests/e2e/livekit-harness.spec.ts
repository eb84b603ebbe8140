import { expect, test } from '@playwright/test';
import { Room, RoomEvent } from '@livekit/rtc-node';
import { AccessToken } from 'livekit-server-sdk';
import { join } from 'node:path';
import { ROOT } from '../support/paths.ts';

// The LiveKit harness works for real: a livekit-client participant in Chromium and an rtc-node
// participant (the agent worker's SDK) exchange reliable data packets on a topic through the
// `livekit-server --dev` that the global setup started.

function settings(): { url: string; apiKey: string; apiSecret: string } {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = process.env;
  if (!url || !apiKey || !apiSecret) throw new Error('the global setup did not start LiveKit');
  return { url, apiKey, apiSecret };
}

async function token(identity: string, room: string): Promise<string> {
  const { apiKey, apiSecret } = settings();
  const at = new AccessToken(apiKey, apiSecret, { identity, ttl: 300 });
  at.addGrant({ roomJoin: true, room, canPublish: true, canSubscribe: true, canPublishData: true });
  return at.toJwt();
}

// The harness page below is fulfilled by Playwright, so Chromium cannot place it in the loopback
// address space and would refuse its requests to the loopback LiveKit server (Local Network
// Access). The hosted page, served from loopback itself, needs no such grant.
test.use({ permissions: ['local-network-access'] });

test('a browser participant and a Node participant exchange reliable packets on a topic', async ({
  page,
}) => {
  const { url } = settings();
  const roomName = `harness-${Date.now()}`;
  const node = new Room();
  const received: { text: string; topic: string | undefined; from: string | undefined }[] = [];
  node.on(RoomEvent.DataReceived, (payload, participant, _kind, topic) => {
    received.push({ text: new TextDecoder().decode(payload), topic, from: participant?.identity });
  });
  await node.connect(url, await token('node-peer', roomName), {
    autoSubscribe: false,
    dynacast: false,
  });

  try {
    // A bare page on the test origin (a loopback origin, so Chromium lets it reach the loopback
    // LiveKit server) that loads livekit-client's own bundle.
    await page.route('**/__harness', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>harness</title><script src="/__harness/livekit-client.js"></script>',
      }),
    );
    await page.route('**/__harness/livekit-client.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        path: join(ROOT, 'node_modules/livekit-client/dist/livekit-client.umd.js'),
      }),
    );
    await page.goto('/__harness');
    const browserToken = await token('browser-peer', roomName);
    // The browser joins, waits for the Node peer's packet on topic "harness", then answers.
    const inBrowser = page.evaluate(
      async ({ url, browserToken }) => {
        const lk = (window as unknown as { LivekitClient: typeof import('livekit-client') })
          .LivekitClient;
        const room = new lk.Room();
        const got = new Promise<{
          text: string;
          topic: string | undefined;
          from: string | undefined;
        }>((resolve) => {
          room.on(lk.RoomEvent.DataReceived, (payload, participant, _kind, topic) => {
            resolve({
              text: new TextDecoder().decode(payload),
              topic,
              from: participant?.identity,
            });
          });
        });
        await room.connect(url, browserToken);
        const packet = await got;
        await room.localParticipant.publishData(new TextEncoder().encode('pong'), {
          reliable: true,
          topic: 'harness',
        });
        // The browser stays in the room until the page closes: Node's receipt of the reply is
        // awaited below, not guessed with a sleep here.
        return packet;
      },
      { url, browserToken },
    );

    // Send once the browser is in the room (a packet sent before it joins is not kept).
    await expect
      .poll(() => [...node.remoteParticipants.values()].map((p) => p.identity), { timeout: 15_000 })
      .toContain('browser-peer');
    await node.localParticipant?.publishData(new TextEncoder().encode('ping'), {
      reliable: true,
      topic: 'harness',
    });

    expect(await inBrowser).toEqual({ text: 'ping', topic: 'harness', from: 'node-peer' });
    await expect
      .poll(() => received, { timeout: 10_000 })
      .toEqual([{ text: 'pong', topic: 'harness', from: 'browser-peer' }]);
  } finally {
    await node.disconnect();
  }
});
