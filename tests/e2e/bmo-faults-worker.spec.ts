import { expect, test } from '@playwright/test';
import type { AgentWorker } from '../support/agent-worker.ts';
import {
  JOB_BOOT_MS,
  REPLY_MS,
  cassette,
  holdACassette,
  keptAndGoesOn,
  ready,
  recordAnnouncements,
  roomName,
  startBmoWorker,
  transcript,
} from './helpers/bmo-page.ts';

// Fault (docs/faults.md): the BMO worker process dies mid-session. On the real parts: the built page
// under `wrangler dev`, the shared `livekit-server --dev`, and a worker this test starts, kills
// with SIGKILL (a crash, not a shutdown) and replaces. Reconnect asks the edge for a fresh token
// (the route fails on the way, and is retried), which dispatches BMO into a new room.

function liveKitEnv(): Record<string, string> {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: key, LIVEKIT_API_SECRET: secret } = process.env;
  if (!url || !key || !secret) throw new Error('the global setup did not start LiveKit');
  return { LIVEKIT_URL: url, LIVEKIT_API_KEY: key, LIVEKIT_API_SECRET: secret };
}

const workers: AgentWorker[] = [];
const starting: Promise<unknown>[] = [];
test.afterAll(async () => {
  await Promise.allSettled(starting);
  await Promise.all(workers.map((w) => w.stop()));
});

test('the worker dies mid-session: the page says BMO left and keeps the cassette and transcript; Reconnect (through a token route that fails once) brings BMO back in a new room', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const first = await startBmoWorker(liveKitEnv());
  workers.push(first);
  const before = await holdACassette(page);
  expect(before.cassette.title).toBe('PhilHealth ID');

  // The worker and its job process are killed at once. A new worker comes up (as a supervisor
  // would restart it) while livekit-server notices that BMO's participant is gone (about 20 s).
  await first.kill();
  const secondStarting = startBmoWorker(liveKitEnv()).then((worker) => {
    workers.push(worker);
    return worker;
  });
  starting.push(secondStarting);
  secondStarting.catch(() => undefined); // its failure is reported where it is awaited
  const alert = page.locator('bmo-assistant').getByRole('alert');
  await expect(alert).toContainText('BMO left the conversation.', { timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Type to BMO' })).toBeDisabled();
  expect(await cassette(page), 'the cassette it shows is kept').toEqual(before.cassette);
  expect(await transcript(page), 'the transcript is kept').toEqual(before.transcript);

  const second = await secondStarting;

  // The token route fails on the first attempt; the retry reaches the edge. (A route that hangs
  // is in bmo-faults-token.spec.ts.)
  const attempts: number[] = [];
  await page.route('**/api/livekit/token', async (route) => {
    attempts.push(performance.now());
    if (attempts.length === 1) return route.abort('connectionfailed');
    return route.continue();
  });
  const heard = await recordAnnouncements(page);
  await page.getByRole('button', { name: 'Reconnect' }).click();
  await ready(page);
  await expect(alert).toHaveText('');
  expect(attempts).toHaveLength(2);
  const [a1 = 0, a2 = 0] = attempts;
  expect(a2 - a1, 'a backoff before the retry').toBeGreaterThanOrEqual(150);
  await expect
    .poll(heard, { timeout: REPLY_MS })
    .toEqual(expect.arrayContaining(["Still trying to reach BMO's server…"]));
  await expect
    .poll(heard, { timeout: REPLY_MS })
    .toContainEqual(expect.stringMatching(/^BMO is back\./));

  // A new job in a new room, on the new worker.
  const newRoom = await roomName(page);
  expect(newRoom).toBeDefined();
  expect(newRoom).not.toBe(before.room);
  await second.waitForEvent((e) => e.event === 'job_start' && e.room === newRoom, JOB_BOOT_MS);

  // Nothing lost, and the session goes on with the new BMO.
  await keptAndGoesOn(page, before);
});
