import { expect, test } from '@playwright/test';
import { LIVEKIT_WEBHOOK_PATH, freshKeys } from '../../scripts/livekit-local.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { type LiveKitServer, startLiveKitServer } from '../support/livekit-server.ts';
import { type RedisServer, startRedis } from '../support/redis-server.ts';
import { clusterNodeConfig } from '../support/scale-cluster.ts';
import { type RunningWrangler, startWrangler } from '../support/wrangler.ts';
import { BMO_EN } from '../../web-components/bmo/i18n/conversation-en.ts';

// Fault (docs/faults.md): the Redis a multi-node LiveKit deployment shares is gone. This file runs
// its own Redis, a `livekit-server` node configured with it (as each node of a cluster is) and its
// own edge minting tokens for that node; no BMO worker, since no room can be opened. Redis is
// stopped before the visitor comes: the token route still answers (it only signs), and the node
// answers every join with an error.

let redis: RedisServer | undefined;
let livekit: LiveKitServer | undefined;
let edge: RunningWrangler | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const keys = freshKeys('redis');
  const edgePort = await freeTcpPort();
  const webhooks = [`http://127.0.0.1:${edgePort}${LIVEKIT_WEBHOOK_PATH}`];
  redis = await startRedis();
  const address = redis.address;
  livekit = await startLiveKitServer({
    keys,
    config: (ports, nodeKeys) => clusterNodeConfig(ports, nodeKeys, address, webhooks),
  });
  edge = await startWrangler({
    port: edgePort,
    vars: {
      LIVEKIT_URL: livekit.url,
      LIVEKIT_API_KEY: keys.apiKey,
      LIVEKIT_API_SECRET: keys.apiSecret,
    },
  });
});
test.afterAll(async () => {
  await edge?.stop();
  await livekit?.stop();
  await redis?.stop();
});

test("the deployment's Redis is stopped: a visitor who connects gets a token but no room, and the page says in plain words that BMO's server is not taking conversations, with Retry", async ({
  page,
}) => {
  test.setTimeout(60_000);
  if (!redis || !edge) throw new Error('the setup did not start');
  await redis.stop();

  const tokens: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/livekit/token')) tokens.push(response.status());
  });
  await page.goto(`${edge.url}/bmo`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();

  const alert = page.locator('bmo-assistant').getByRole('alert');
  await expect(alert).toContainText(BMO_EN.errorRoomUnavailable, { timeout: 30_000 });
  expect(tokens, 'the token route answered: the edge needs no Redis').toContain(200);
  await expect(alert).not.toContainText(/signal|websocket|handshake/i);
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Type to BMO' })).toBeDisabled();
});
