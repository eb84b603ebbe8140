/**
 * Minting holds no worker, on a real `livekit-server` posting its webhooks to the edge's own code
 * (deployed settings): tokens make no room and no dispatch; a visitor's join makes exactly one
 * dispatch of `bmo` in a room with the token's timeouts; the same token joining again, after its room closed, makes none; a client
 * runs at most `BMO_SESSIONS_PER_CLIENT` jobs at once; a webhook not signed by the server is
 * refused. Everything is read through LiveKit's RoomService and AgentDispatch APIs.
 */
import { Room, dispose } from '@livekit/rtc-node';
import { AccessToken, AgentDispatchClient, RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../../contracts/api-schema.ts';
import {
  LIVEKIT_AGENT_NAME,
  type LiveKitTokenResponse,
} from '../../../contracts/livekit-schema.ts';
import { app } from '../../../edge/app.ts';
import type { Bindings } from '../../../edge/env.ts';
import { ROOM_EMPTY_TIMEOUT_SECONDS } from '../../../edge/routes/livekit-token.ts';
import { type LiveKitServer, startLiveKitServer } from '../../support/livekit-server.ts';
import { deployed, memoryRooms } from '../../support/edge-env.ts';
import { type EdgeForLiveKit, startEdgeForLiveKit } from '../../support/edge-for-livekit.ts';
import { until } from '../../support/wait.ts';

const LIMIT = 2;
const SITE_BMO = 6;

describe('BMO starts on join, once per room', () => {
  let livekit: LiveKitServer | undefined;
  let edge: EdgeForLiveKit | undefined;
  let env: Bindings = {};
  let rooms: RoomServiceClient;
  let dispatches: AgentDispatchClient;
  const joined: Room[] = [];

  beforeAll(async () => {
    edge = await startEdgeForLiveKit();
    livekit = await startLiveKitServer({ webhookUrls: [edge.webhookUrl] });
    env = deployed({
      LIVEKIT_URL: livekit.url,
      LIVEKIT_API_KEY: livekit.apiKey,
      LIVEKIT_API_SECRET: livekit.apiSecret,
      BMO_SESSIONS_PER_CLIENT: String(LIMIT),
      DAILY_TOKEN_MINUTES: '100000',
      // BMO's sessions across the site, and a network's share of them: a third of six
      BMO_MAX_SESSIONS: String(SITE_BMO),
      BMO_NETWORK_SHARE: '34',
    });
    edge.use(env);
    const api = livekit.url.replace(/^ws/, 'http');
    rooms = new RoomServiceClient(api, livekit.apiKey, livekit.apiSecret);
    dispatches = new AgentDispatchClient(api, livekit.apiKey, livekit.apiSecret);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(joined.map((room) => room.disconnect()));
    await livekit?.stop();
    await edge?.stop();
    await dispose();
  }, 30_000);

  function setup() {
    if (!edge || !livekit) throw new Error('setup failed');
    return edge;
  }

  async function join(details: LiveKitTokenResponse): Promise<Room> {
    const room = new Room();
    joined.push(room);
    await room.connect(details.serverUrl, details.participantToken, {
      autoSubscribe: false,
      dynacast: false,
    });
    return room;
  }

  /** Resolves once the edge has answered the webhook for the `nth` join of this room (1-based). */
  function joinHandled(room: string, nth = 1) {
    const edge = setup();
    return until(
      () => {
        const seen = edge.handled.filter(
          (h) => h.event === 'participant_joined' && h.room === room && h.identity.startsWith('v'),
        );
        return seen.length >= nth && seen[nth - 1];
      },
      `the edge answering join ${nth} of ${room}`,
      20_000,
    );
  }

  const bmoDispatches = async (room: string) =>
    (await dispatches.listDispatch(room)).filter((d) => d.agentName === LIVEKIT_AGENT_NAME);

  it('mints 20 tokens with no room and no dispatch; one join makes one dispatch; the same token after its room closed makes none', async () => {
    const edge = setup();
    const minted = await Promise.all(Array.from({ length: 20 }, () => edge.token()));
    const names = minted.map((details) => details.roomName);
    expect(new Set(names).size).toBe(20);
    expect(await rooms.listRooms(names)).toEqual([]);
    // (a dispatch lives in its room: with no room, AgentDispatch has nothing to list, and asking
    // it about a missing room waits out its RPC timeout, so it is asked about rooms that exist)

    const [first] = minted;
    if (!first) throw new Error('no token');
    const visitor = await join(first);
    expect((await joinHandled(first.roomName)).status).toBe(200);
    expect((await bmoDispatches(first.roomName)).length).toBe(1);
    // the room the join made keeps the timeouts the token's room configuration set (the
    // server's own defaults are 300 s empty and 20 s after the last departure)
    const [made] = await rooms.listRooms([first.roomName]);
    expect([made?.emptyTimeout, made?.departureTimeout]).toEqual([
      ROOM_EMPTY_TIMEOUT_SECONDS,
      ROOM_EMPTY_TIMEOUT_SECONDS,
    ]);
    // the others are still nothing on the server: no room, so no dispatch
    expect((await rooms.listRooms(names)).map((r) => r.name)).toEqual([first.roomName]);
    expect((await rooms.listRooms()).filter((r) => names.includes(r.name)).length).toBe(1);

    // the room closes (its job with it); LiveKit tells the edge
    await visitor.disconnect();
    await rooms.deleteRoom(first.roomName);
    await until(
      () => edge.handled.some((h) => h.event === 'room_finished' && h.room === first.roomName),
      'room_finished reaching the edge',
      20_000,
    );

    // the token, used again within its lifetime, joins a room livekit-server makes anew
    await join(first);
    expect((await joinHandled(first.roomName, 2)).status).toBe(200);
    expect((await rooms.listRooms([first.roomName])).length).toBe(1);
    expect(await bmoDispatches(first.roomName)).toEqual([]);
  }, 60_000);

  it(`runs at most ${LIMIT} BMO jobs for one client at once, refusing its next token until one ends`, async () => {
    const edge = setup();
    const client = '198.51.100.20';
    const tokens = await Promise.all(Array.from({ length: LIMIT + 1 }, () => edge.token(client)));
    // headless, it joins every room it minted before any job started
    await Promise.all(tokens.map((details) => join(details)));
    await Promise.all(tokens.map((details) => joinHandled(details.roomName)));
    // the join that got no job is not left in a room BMO never comes to: the edge closed its room
    // before answering the webhook, so only the rooms with a job are open
    const open = (await rooms.listRooms(tokens.map((t) => t.roomName))).map((r) => r.name);
    expect(open.length).toBe(LIMIT);
    const counts = await Promise.all(
      tokens.map(async (t) =>
        open.includes(t.roomName) ? (await bmoDispatches(t.roomName)).length : 0,
      ),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(LIMIT);

    // its next token is refused with words the page shows; another client is not
    const refused = await edge.mint(client);
    expect(refused.status).toBe(429);
    const body = ApiErrorBody.parse(await refused.json());
    expect(body.error.code).toBe('too_many_sessions');
    expect(body.error.message).toContain(`${LIMIT} conversations with BMO`);
    expect((await edge.mint('203.0.113.21')).status).toBe(200);

    // one of its jobs ends (the room closes): it may mint again
    const running = tokens.find((_, i) => counts[i] === 1);
    if (!running) throw new Error('no running job');
    await rooms.deleteRoom(running.roomName);
    await until(
      () => edge.handled.some((h) => h.event === 'room_finished' && h.room === running.roomName),
      'room_finished reaching the edge',
      20_000,
    );
    expect((await edge.mint(client)).status).toBe(200);
  }, 60_000);

  it("keeps BMO's reserve: many clients of one /48 hold its share, and a visitor from elsewhere still gets BMO", async () => {
    const edge = setup();
    const share = Math.floor((SITE_BMO * 34) / 100);
    // six clients, six /64s of one tunnel broker's /48, one conversation each
    const crowd = Array.from({ length: 6 }, (_, i) => `2001:db8:4:${i + 1}::1`);
    const minted: LiveKitTokenResponse[] = [];
    const refusals: string[] = [];
    for (const client of crowd) {
      const response = await edge.mint(client);
      if (response.ok) {
        const details = (await response.json()) as LiveKitTokenResponse;
        minted.push(details);
        await join(details);
        await joinHandled(details.roomName);
      } else {
        refusals.push(ApiErrorBody.parse(await response.json()).error.code);
      }
    }
    // the refused joins' rooms were closed; each open one has BMO
    const open = (await rooms.listRooms(minted.map((t) => t.roomName))).map((r) => r.name);
    expect(open.length).toBe(share);
    for (const name of open) expect((await bmoDispatches(name)).length).toBe(1);
    expect(refusals.length).toBe(crowd.length - share);
    expect(new Set(refusals)).toEqual(new Set(['bmo_full']));
    // a visitor from another network is let in, and BMO is dispatched to them
    const newcomer = await edge.token('2001:db8:99::1');
    await join(newcomer);
    await joinHandled(newcomer.roomName);
    expect((await bmoDispatches(newcomer.roomName)).length).toBe(1);
  }, 60_000);

  it('refuses a webhook not signed by the server, and fails closed without the rooms binding', async () => {
    if (!livekit) throw new Error('setup failed');
    const body = JSON.stringify({
      event: 'participant_joined',
      room: { name: 'bmo-0123456789abcdef' },
      participant: { identity: 'visitor-0123456789abcdef' },
    });
    const forged = new AccessToken(livekit.apiKey, 'not-the-server-secret-but-long-enough-32b');
    forged.sha256 = 'anything';
    const post = (authorization: string | undefined, bindings: Bindings = env) =>
      app.fetch(
        new Request('http://127.0.0.1:8787/api/livekit/webhook', {
          method: 'POST',
          headers: {
            'content-type': 'application/webhook+json',
            ...(authorization ? { authorization } : {}),
          },
          body,
        }),
        bindings,
      );
    for (const authorization of [await forged.toJwt(), undefined, 'Bearer junk']) {
      const response = await post(authorization);
      expect(response.status).toBe(401);
      expect(ApiErrorBody.parse(await response.json()).error.code).toBe('unauthorized');
    }
    const unbound = { ...env, BMO_ROOMS: undefined };
    expect((await post(await forged.toJwt(), unbound)).status).toBe(503);
    const mint = await app.fetch(
      new Request('http://127.0.0.1:8787/api/livekit/token', {
        method: 'POST',
        headers: { origin: 'http://127.0.0.1:8787', 'content-type': 'application/json' },
        body: '{}',
      }),
      { ...env, BMO_ROOMS: undefined, CLIENT_BUDGETS: deployed().CLIENT_BUDGETS },
    );
    expect(mint.status).toBe(503);
    // a fresh namespace is the binding present: the route answers
    expect((await post(undefined, { ...env, BMO_ROOMS: memoryRooms() })).status).toBe(401);
  });
});
