import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { RoomServiceClient } from 'livekit-server-sdk';
import { ACCESS_ATTRIBUTE } from '../../contracts/livekit-schema.ts';
import { ROOT } from '../support/paths.ts';
import {
  STARTER_ORIGIN,
  type LocalStack,
  fetchStarterToken,
  joinStarterRoom,
  leaveStarterRoom,
  openStarter,
  startLocalStack,
  starterHeard,
  starterSays,
} from './helpers/starter.ts';

// LiveKit's own client finds our token route by LiveKit's convention: in Chromium,
// `TokenSource.endpoint('/api/livekit/token')` from livekit-client fetches credentials from the
// running edge and the page joins the room on the real `livekit-server --dev` of the global
// setup. A client asking to choose its own identity or attributes gets the edge's 400 instead.
// LiveKit's starter shape of client (`agentName: 'bmo'`, on another origin) talks to BMO on
// `npm start` given its settings through the environment, with today's livekit-client and with the
// one `agent-starter-react`'s lockfile pins, which decodes the token's room configuration strictly.

function rooms(): RoomServiceClient {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = process.env;
  if (!url || !apiKey || !apiSecret) throw new Error('the global setup did not start LiveKit');
  return new RoomServiceClient(url.replace(/^ws/, 'http'), apiKey, apiSecret);
}

// The page below is fulfilled by Playwright, so Chromium cannot place it in the loopback address
// space and would refuse its requests to the loopback LiveKit server (Local Network Access).
test.use({ permissions: ['local-network-access'] });

test.beforeEach(async ({ page }) => {
  // A bare page on the edge's own origin that loads livekit-client's bundle: its token requests
  // go to the edge's real route.
  await page.route('**/__token-source', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>token source</title><script src="/__token-source/livekit-client.js"></script>',
    }),
  );
  await page.route('**/__token-source/livekit-client.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      path: join(ROOT, 'node_modules/livekit-client/dist/livekit-client.umd.js'),
    }),
  );
  await page.goto('/__token-source');
});

type LiveKitClient = typeof import('livekit-client');

test("livekit-client's TokenSource.endpoint() gets credentials from the edge and joins the room on the real server", async ({
  page,
}) => {
  const joined = await page.evaluate(async () => {
    const lk = (window as unknown as { LivekitClient: LiveKitClient }).LivekitClient;
    const source = lk.TokenSource.endpoint('/api/livekit/token');
    const details = await source.fetch({ participantName: 'Finn', roomName: 'chosen-by-page' });
    const room = new lk.Room();
    await room.connect(details.serverUrl, details.participantToken);
    (window as unknown as { joinedRoom: unknown }).joinedRoom = room;
    return {
      state: room.state,
      room: room.name,
      identity: room.localParticipant.identity,
      name: room.localParticipant.name,
      attributes: room.localParticipant.attributes,
    };
  });
  expect(joined.state).toBe('connected');
  // the edge chose the room and the identity, not the page
  expect(joined.room).toMatch(/^bmo-[0-9a-f]{16}$/);
  expect(joined.identity).toMatch(/^visitor-[0-9a-f]{16}$/);
  expect(joined.name).toBe('Finn');
  expect(Object.keys(joined.attributes)).toContain(ACCESS_ATTRIBUTE);

  // the server sees that participant in that room
  await expect
    .poll(async () => (await rooms().listParticipants(joined.room)).map((p) => p.identity), {
      timeout: 10_000,
    })
    .toEqual([joined.identity]);

  await page.evaluate(async () => {
    const room = (window as unknown as { joinedRoom: { disconnect(): Promise<void> } }).joinedRoom;
    await room.disconnect();
  });
});

test('TokenSource.endpoint() asking for its own identity and attributes is refused with a 400 naming them, and joins nothing', async ({
  page,
}) => {
  const roomsBefore = new Set((await rooms().listRooms()).map((r) => r.name));
  const refusal = await page.evaluate(async () => {
    const lk = (window as unknown as { LivekitClient: LiveKitClient }).LivekitClient;
    const source = lk.TokenSource.endpoint('/api/livekit/token');
    try {
      await source.fetch({
        participantIdentity: 'chosen-identity',
        participantAttributes: { 'bmo.access': 'owner' },
      });
      return 'minted';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  });
  expect(refusal).toContain('400');
  expect(refusal).toContain('participant_identity');
  expect(refusal).toContain('participant_attributes');
  expect(refusal).not.toContain('eyJ');
  const roomsAfter = (await rooms().listRooms()).map((r) => r.name);
  expect(roomsAfter.filter((name) => !roomsBefore.has(name))).toEqual([]);
});

/** The public note's password, as the sample vault writes it (a visitor reads public notes only). */
const GUEST_PASSWORD = /Guest password:\s*(\S+)/.exec(
  readFileSync(join(ROOT, 'agent/vault/Guest Wi-Fi.md'), 'utf8'),
)?.[1];

test.describe("LiveKit's starter shape of client on npm start", () => {
  // npm start boots the edge and BMO's worker; a job then starts for the room
  test.describe.configure({ timeout: 180_000 });
  let stack: LocalStack | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // the starter's origin is allowed through the environment alone, as docs/settings.md says
    stack = await startLocalStack({ ALLOWED_ORIGINS: STARTER_ORIGIN });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  for (const [client, which] of [
    ['livekit-client', "today's livekit-client"],
    ['livekit-client-2-17', 'the livekit-client its lockfile pins (2.17.2)'],
  ] as const) {
    test(`TokenSource.endpoint() with agentName 'bmo', on ${which}, from an origin allowed in npm start's environment, gets BMO's answer to a typed question`, async ({
      page,
    }) => {
      if (!stack || !GUEST_PASSWORD) throw new Error('no stack, or no password in the sample note');
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await openStarter(page, client);
      expect(await fetchStarterToken(page, stack.base)).toMatch(/^bmo-[0-9a-f]{16}$/);
      await joinStarterRoom(page);
      // BMO's greeting: its session is up and reads the chat
      await expect.poll(() => starterHeard(page), { timeout: 90_000 }).not.toEqual([]);
      await starterSays(page, 'What is the guest wifi password?');
      await expect
        .poll(async () => (await starterHeard(page)).join('\n'), { timeout: 30_000 })
        .toContain(GUEST_PASSWORD);
      await leaveStarterRoom(page);
      expect(errors).toEqual([]);
    });
  }
});
