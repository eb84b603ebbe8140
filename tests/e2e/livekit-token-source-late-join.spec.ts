import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { RoomServiceClient } from 'livekit-server-sdk';
import { ROOT } from '../support/paths.ts';
import {
  STARTER_ORIGIN,
  fetchStarterToken,
  joinStarterRoom,
  leaveStarterRoom,
  openStarter,
  startLocalStack,
  starterHeard,
  starterSays,
} from './helpers/starter.ts';

// LiveKit's starter fetches its token when the page loads and uses it when the visitor presses
// Start, which may be long after. A token used after its room's empty timeout has passed (within
// the token's lifetime) must still get BMO: the starter joins late, with the timeout shortened
// through npm start's environment, and BMO answers a typed question.

/** How long an empty room stays open in this test, seconds (the default is 60). */
const EMPTY_TIMEOUT_SECONDS = 2;

const GUEST_PASSWORD = /Guest password:\s*(\S+)/.exec(
  readFileSync(join(ROOT, 'agent/vault/Guest Wi-Fi.md'), 'utf8'),
)?.[1];

function rooms(): RoomServiceClient {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = process.env;
  if (!url || !apiKey || !apiSecret) throw new Error('the global setup did not start LiveKit');
  return new RoomServiceClient(url.replace(/^ws/, 'http'), apiKey, apiSecret);
}

// The page is fulfilled by Playwright, so Chromium cannot place it in the loopback address space
// and would refuse its requests to the loopback edge and LiveKit server (Local Network Access).
test.use({ permissions: ['local-network-access'] });
test.describe.configure({ timeout: 240_000 });

test("a token fetched early and used after its room's empty timeout still gets BMO, who answers a typed question", async ({
  page,
}) => {
  if (!GUEST_PASSWORD) throw new Error('the sample note has no guest password');
  const stack = await startLocalStack({
    ALLOWED_ORIGINS: STARTER_ORIGIN,
    LIVEKIT_ROOM_EMPTY_TIMEOUT_SECONDS: String(EMPTY_TIMEOUT_SECONDS),
  });
  try {
    await openStarter(page);
    const minted = Date.now();
    const roomName = await fetchStarterToken(page, stack.base);

    // the visitor waits: the empty timeout passes, and whatever room stood for this token at
    // minting is closed by LiveKit
    await expect
      .poll(() => Date.now() - minted, { timeout: 30_000 })
      .toBeGreaterThan(EMPTY_TIMEOUT_SECONDS * 1_000);
    await expect
      .poll(async () => (await rooms().listRooms([roomName])).length, { timeout: 90_000 })
      .toBe(0);

    // then presses Start: BMO comes, greets, and answers
    await joinStarterRoom(page);
    await expect
      .poll(() => starterHeard(page), {
        timeout: 90_000,
        message: 'BMO never spoke in the room the late token joined',
      })
      .not.toEqual([]);
    await starterSays(page, 'What is the guest wifi password?');
    await expect
      .poll(async () => (await starterHeard(page)).join('\n'), { timeout: 30_000 })
      .toContain(GUEST_PASSWORD);
    await leaveStarterRoom(page);
  } finally {
    await stack.stop();
  }
});
