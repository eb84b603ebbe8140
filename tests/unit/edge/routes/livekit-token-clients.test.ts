/**
 * The participant token as the LiveKit clients that sites pin read it. `livekit-client`'s
 * `TokenSource` decodes the token it caches (to know when it expires and what room it names); from
 * 2.15.8, where `TokenSource` came, to 2.18.2 it decodes the room configuration strictly and
 * throws on a field it does not know. So the token is read here by the oldest client we support
 * (2.15.8), by the one LiveKit's `agent-starter-react` lockfile pins (2.17.2), and by today's,
 * through the public API a starter uses: `fetch()` twice (the second answers from the cache,
 * after decoding it) and `getCachedResponseJwtPayload()`.
 */
import { Hono } from 'hono';
import * as oldest from 'livekit-client-2-15';
import * as starter from 'livekit-client-2-17';
import * as today from 'livekit-client';
import { AccessToken, RoomConfiguration } from 'livekit-server-sdk';
import { describe, expect, it } from 'vitest';
import { LiveKitTokenSourceResponse } from '../../../../contracts/livekit-schema.ts';
import type { AppEnv, Bindings } from '../../../../edge/env.ts';
import {
  ROOM_EMPTY_TIMEOUT_SECONDS,
  livekitTokenRoutes,
} from '../../../../edge/routes/livekit-token.ts';
import { memoryCeiling, memoryRooms } from '../../../support/edge-env.ts';

const KEY = 'APItestkey';
const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const ENV: Bindings = {
  BMO_ROOMS: memoryRooms(),
  SITE_CEILING: memoryCeiling(),
  LIVEKIT_URL: 'wss://livekit.example.test',
  LIVEKIT_API_KEY: KEY,
  LIVEKIT_API_SECRET: SECRET,
};
const app = new Hono<AppEnv>().route('/api/livekit', livekitTokenRoutes);

/** What the route answers a starter's `TokenSource.endpoint()`, in LiveKit's convention. */
async function mint(): Promise<{ serverUrl: string; participantToken: string }> {
  const response = await app.request(
    '/api/livekit/token',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ room_config: { agents: [{ agent_name: 'bmo' }] } }),
    },
    ENV,
  );
  expect(response.status).toBe(200);
  const body = LiveKitTokenSourceResponse.parse(await response.json());
  return { serverUrl: body.server_url, participantToken: body.participant_token };
}

/** The parts of `livekit-client` the three versions share. */
interface Client {
  version: string;
  TokenSource: {
    custom(fetch: () => Promise<{ serverUrl: string; participantToken: string }>): {
      fetch(options: { agentName?: string }): Promise<unknown>;
      getCachedResponseJwtPayload(): {
        video?: { room?: string };
        roomConfig?: { emptyTimeout?: number; departureTimeout?: number };
      } | null;
    };
  };
}

const CLIENTS: [string, Client][] = [
  ['the oldest we support', oldest],
  ["agent-starter-react's lockfile", starter],
  ['today', today],
];

describe('the participant token, read by the LiveKit clients sites pin', () => {
  it('pins the versions it names', () => {
    expect(CLIENTS.map(([, client]) => client.version).slice(0, 2)).toEqual(['2.15.8', '2.17.2']);
  });

  it.each(CLIENTS)(
    "is decoded by livekit-client's TokenSource (%s), room and timeouts as the edge set them",
    async (_, client) => {
      const source = client.TokenSource.custom(mint);
      await source.fetch({ agentName: 'bmo' });
      // the same options again: the client decodes its cached token to decide it is still good
      await source.fetch({ agentName: 'bmo' });
      const payload = source.getCachedResponseJwtPayload();
      expect(payload?.video?.room).toMatch(/^bmo-[0-9a-f]{16}$/);
      expect(payload?.roomConfig).toMatchObject({
        emptyTimeout: ROOM_EMPTY_TIMEOUT_SECONDS,
        departureTimeout: ROOM_EMPTY_TIMEOUT_SECONDS,
      });
    },
  );

  it('would fail the older clients had the configuration been signed as the server SDK writes it', async () => {
    // The check above can see the fault it guards against: the same timeouts in the SDK's own
    // RoomConfiguration, every field written out, `tags` among them.
    const token = new AccessToken(KEY, SECRET, { identity: 'visitor-0000000000000000', ttl: 60 });
    token.addGrant({ room: 'bmo-0000000000000000', roomJoin: true });
    token.roomConfig = new RoomConfiguration({ emptyTimeout: 60, departureTimeout: 60 });
    const details = { serverUrl: ENV.LIVEKIT_URL ?? '', participantToken: await token.toJwt() };
    for (const client of [oldest, starter] as Client[]) {
      const source = client.TokenSource.custom(() => Promise.resolve(details));
      await source.fetch({});
      expect(() => source.getCachedResponseJwtPayload()).toThrow(/"tags" is unknown/);
    }
    const source = (today as Client).TokenSource.custom(() => Promise.resolve(details));
    await source.fetch({});
    expect(source.getCachedResponseJwtPayload()?.roomConfig?.emptyTimeout).toBe(60);
  });
});
