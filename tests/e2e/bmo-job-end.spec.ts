import { expect, test } from '@playwright/test';
import { RoomServiceClient } from 'livekit-server-sdk';
import { LIVEKIT_WEBHOOK_PATH } from '../../scripts/livekit-local.ts';
import { GOODBYE_LINES } from '../../agent/job-limits.ts';
import type { AgentWorker } from '../support/agent-worker.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { startLiveKitServer, type LiveKitServer } from '../support/livekit-server.ts';
import { startWrangler, type RunningWrangler } from '../support/wrangler.ts';
import { REPLY_MS, connect, roomName, startBmoWorker } from './helpers/bmo-page.ts';

// BMO's job ends at its idle limit: BMO says goodbye, the worker deletes the room, and the visitor
// is not left, billed, in a room BMO has gone from. The page hears the room close and says, calmly,
// that BMO left, with Reconnect for a fresh conversation; never that the connection was lost. Its
// own livekit-server, edge and worker (with a short idle limit), so no other worker takes the job.

const IDLE_MINUTES = 0.1; // 6 s
let livekit: LiveKitServer | undefined;
let edge: RunningWrangler | undefined;
let worker: AgentWorker | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const edgePort = await freeTcpPort();
  livekit = await startLiveKitServer({
    webhookUrls: [`http://127.0.0.1:${edgePort}${LIVEKIT_WEBHOOK_PATH}`],
  });
  const env = {
    LIVEKIT_URL: livekit.url,
    LIVEKIT_API_KEY: livekit.apiKey,
    LIVEKIT_API_SECRET: livekit.apiSecret,
  };
  [edge, worker] = await Promise.all([
    startWrangler({ port: edgePort, vars: env }),
    startBmoWorker({ ...env, BMO_IDLE_MINUTES: String(IDLE_MINUTES) }),
  ]);
});
test.afterAll(async () => {
  await worker?.stop();
  await edge?.stop();
  await livekit?.stop();
});

test("BMO's job ends at its idle limit: the room is closed, and the page says BMO left, with Reconnect", async ({
  page,
}) => {
  test.setTimeout(120_000);
  if (!livekit || !edge || !worker) throw new Error('the setup did not start');
  await connect(page, edge.url);
  await page.evaluate(() => {
    const codes: string[] = [];
    Object.assign(window, { bmoCodes: codes });
    document.addEventListener('bmo-error', (e) => codes.push(e.detail.code));
  });
  const room = await roomName(page);
  if (!room) throw new Error('no room');

  // quiet: BMO says goodbye after the idle limit, then its job ends and its room with it
  await expect(page.getByRole('log')).toContainText(GOODBYE_LINES.idle_timeout, {
    timeout: REPLY_MS + IDLE_MINUTES * 60_000,
  });
  await expect(page.getByText('BMO left the conversation.')).toBeVisible({ timeout: REPLY_MS });
  await expect(page.getByRole('button', { name: 'Reconnect' })).toBeVisible();
  // the agent leaves, which the page shows at once, then deletes the room: wait for that
  const rooms = new RoomServiceClient(livekit.url, livekit.apiKey, livekit.apiSecret);
  await expect.poll(() => rooms.listRooms([room]), { timeout: REPLY_MS }).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { bmoCodes: string[] }).bmoCodes)).toEqual(
    ['agent_left'],
  );
});
