import { expect, test } from '@playwright/test';
import { LIVEKIT_WEBHOOK_PATH } from '../../scripts/livekit-local.ts';
import type { AgentWorker } from '../support/agent-worker.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { startLiveKitServer, type LiveKitServer } from '../support/livekit-server.ts';
import { startWrangler, type RunningWrangler } from '../support/wrangler.ts';
import {
  REPLY_MS,
  holdACassette,
  keptAndGoesOn,
  ready,
  recordAnnouncements,
  roomName,
  startBmoWorker,
} from './helpers/bmo-page.ts';

// Fault (docs/faults.md): `livekit-server` restarts mid-session. This file runs its own server (not the
// shared one, which other files use), its own edge minting tokens for it, and its own worker; the
// server is stopped and started again on the same ports with the same keys, as a supervisor
// restarting it would.

let livekit: LiveKitServer | undefined;
let edge: RunningWrangler | undefined;
let worker: AgentWorker | undefined;
/** Where this file's server posts its webhooks: its own edge, which starts BMO's jobs. */
let webhookUrls: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const edgePort = await freeTcpPort();
  webhookUrls = [`http://127.0.0.1:${edgePort}${LIVEKIT_WEBHOOK_PATH}`];
  livekit = await startLiveKitServer({ webhookUrls });
  const env = {
    LIVEKIT_URL: livekit.url,
    LIVEKIT_API_KEY: livekit.apiKey,
    LIVEKIT_API_SECRET: livekit.apiSecret,
  };
  [edge, worker] = await Promise.all([
    startWrangler({ port: edgePort, vars: env }),
    startBmoWorker(env),
  ]);
});
// On a failure, what the worker said last (its events and the SDK's warnings, visitor text
// redacted) and which of BMO's tracks the page had subscribed to (BMO's voice plays, and its
// words are released, only once the visitor subscribes), printed so that a CI log carries them.
test.afterEach(async ({ page }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || !worker) return;
  const tracks = await page
    .locator('bmo-assistant')
    .evaluate((el: HTMLElementTagNameMap['bmo-assistant']) =>
      [...(el.roomController?.room?.remoteParticipants.values() ?? [])].map((p) => ({
        identity: p.identity,
        tracks: [...p.trackPublications.values()].map((t) => `${t.kind} ${t.isSubscribed}`),
      })),
    )
    .catch((error: unknown) => String(error));
  process.stdout.write(
    `bmo-faults-server: the page's remote tracks: ${JSON.stringify(tracks)}\nthe worker's last lines:\n${worker.output.slice(-60).join('\n')}\n`,
  );
});
test.afterAll(async () => {
  await worker?.stop();
  await edge?.stop();
  await livekit?.stop();
});

test('livekit-server restarts mid-session: the page reconnects to BMO and keeps the cassette and the transcript', async ({
  page,
}) => {
  test.setTimeout(120_000);
  if (!livekit || !edge || !worker) throw new Error('the setup did not start');
  const before = await holdACassette(page, edge.url);
  const heard = await recordAnnouncements(page);
  await page.evaluate(() => {
    const changes: string[] = [];
    Object.assign(window, { bmoChanges: changes });
    document.addEventListener('bmo-connection-change', (e) => changes.push(e.detail.connection));
    document.addEventListener('bmo-error', (e) => changes.push(e.detail.code));
  });
  const changes = () =>
    page.evaluate(() => [...(window as unknown as { bmoChanges: string[] }).bmoChanges]);

  // The server crashes and is started again on the same address, with the same keys.
  const { ports, apiKey, apiSecret } = livekit;
  await livekit.kill();
  await expect(page.getByRole('textbox', { name: 'Type to BMO' })).toBeDisabled();
  livekit = await startLiveKitServer({ reuse: { ports, apiKey, apiSecret }, webhookUrls });

  // The page rejoins the same room on its own, and so does BMO (its job reconnects, or the
  // server dispatches BMO into the room it has just made again): the page says BMO is back.
  await ready(page);
  await expect
    .poll(heard, { timeout: REPLY_MS })
    .toContainEqual(expect.stringMatching(/^BMO is back\./));
  await expect(page.locator('bmo-assistant').getByRole('alert')).toHaveText('');
  const seen = await changes();
  expect(seen[0], 'it said it was reconnecting').toBe('reconnecting');
  expect(seen.at(-1)).toBe('connected');
  expect(seen, 'it never gave the connection up').not.toContain('connection_lost');
  expect(await roomName(page)).toBe(before.room);
  await keptAndGoesOn(page, before);
});
