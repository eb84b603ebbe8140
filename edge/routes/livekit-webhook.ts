/**
 * `POST /api/livekit/webhook` (mounted at `/api/livekit`): LiveKit's webhooks, which start BMO's
 * job when a visitor joins and free the client's slot when the room closes.
 *
 * Each request must carry LiveKit's signature: a JWT signed with the API secret whose `sha256`
 * claim is the body's hash, checked by livekit-server-sdk's `WebhookReceiver`; anything else is
 * refused (401) before it is read. The livekit-server posts here because its configuration names
 * this URL (`webhook: { api_key, urls }`, see scripts/livekit-local.ts).
 *
 * - `participant_joined` of a visitor (an identity the token route made, `visitor-…`) in one of
 *   BMO's rooms (`bmo-…`): the room's object (bmo-rooms.ts) lets only the first join of a minted
 *   room through; deployed, the client's object then takes one of its
 *   `BMO_SESSIONS_PER_CLIENT` slots and the site's ceiling (ceiling.ts) one of BMO's sessions
 *   within the network's share (or the join gets no job, logged `bmo_session_refused` or
 *   `bmo_full`, and the room is closed); then the edge dispatches `bmo` to the room. A token used again, in the open room or in one
 *   livekit-server made anew after it closed, finds the room past `minted` and starts nothing.
 * - `room_finished`: the room's object marks it finished and frees its client's slot and the
 *   site's lease.
 * - Every other event, and rooms or participants that are not BMO's visitors', are acknowledged
 *   and ignored (the agent's own join among them).
 *
 * Fails closed: without LiveKit's settings or the `BMO_ROOMS` binding, it answers 503.
 */
import { Hono } from 'hono';
import { type WebhookEvent, WebhookReceiver } from 'livekit-server-sdk';
import { type AppEnv, type Bindings, intSetting } from '../env.ts';
import { type BmoRooms, JOB_SLACK_MS, requireBmoRooms, sessionLimit } from '../bmo-rooms.ts';
import { bmoNetworkLimit, ceilingLimits, releaseLease, siteCeiling } from '../ceiling.ts';
import { ApiError } from '../errors.ts';
import { closeRoom, dispatchBmo, type LiveKitSettings } from '../livekit-rooms.ts';
import {
  BMO_ROOM_PATTERN,
  DEFAULT_BMO_MAX_SESSION_MINUTES,
  VISITOR_IDENTITY_PATTERN,
  liveKitSettings,
} from './livekit-token.ts';

/** When a job dispatched now is over whatever happens: its cap, and some slack. */
function jobUntil(env: Bindings, now: number): number {
  const minutes = intSetting(
    env.BMO_MAX_SESSION_MINUTES,
    DEFAULT_BMO_MAX_SESSION_MINUTES,
    1,
    24 * 60,
  );
  return now + minutes * 60_000 + JOB_SLACK_MS;
}

/**
 * The first visitor's join of a minted room: BMO's one job there, within the client's limit and
 * the site's (BMO's sessions, and the visitor's network's share of them). A join refused closes
 * the room, so the visitor is not left connected to a room BMO never comes to.
 */
async function startJob(
  env: Bindings,
  rooms: BmoRooms,
  settings: LiveKitSettings,
  roomName: string,
): Promise<void> {
  const claim = await rooms.room(roomName, { op: 'join' });
  if (!claim.ok || claim.client === undefined) return;
  const client = claim.client;
  const now = Date.now();
  const until = jobUntil(env, now);
  const limit = sessionLimit(env);
  const ceiling = siteCeiling(env);
  const refuse = async (event: Record<string, unknown>) => {
    console.log(JSON.stringify(event));
    await rooms.room(roomName, { op: 'settle', dispatched: false });
    await closeRoom(settings, roomName);
  };
  if (limit !== undefined) {
    const slot = await rooms.client(client, { op: 'acquire', room: roomName, limit, now, until });
    if (!slot.ok) {
      await refuse({ event: 'bmo_session_refused', active: slot.active, limit });
      return;
    }
  }
  const release = async () => {
    if (limit !== undefined) await rooms.client(client, { op: 'release', room: roomName });
    await releaseLease(env, `bmo:${roomName}`);
  };
  if (ceiling) {
    const lease = await ceiling.ask({
      op: 'lease',
      kind: 'bmo',
      id: `bmo:${roomName}`,
      now,
      until,
      limit: ceilingLimits(env).bmo,
      ...(claim.network !== undefined
        ? { network: claim.network, networkLimit: bmoNetworkLimit(env) }
        : {}),
    });
    if (!lease.ok) {
      await release();
      await refuse({ event: 'bmo_full', reason: lease.reason, bmo: lease.bmo });
      return;
    }
  }
  try {
    await dispatchBmo(settings, roomName, { mayExist: claim.dispatchAsked === true });
  } catch (error) {
    await release();
    // LiveKit did not confirm the dispatch, but may have made it: the next join looks first
    await rooms.room(roomName, { op: 'settle', dispatched: false, asked: true });
    throw error;
  }
  await rooms.room(roomName, { op: 'settle', dispatched: true, jobUntil: until });
  console.log(JSON.stringify({ event: 'bmo_dispatched' }));
}

/** The room closed: its job is over, and so are the client's slot and the site's lease for it. */
async function finishRoom(env: Bindings, rooms: BmoRooms, roomName: string): Promise<void> {
  const finished = await rooms.room(roomName, { op: 'finish' });
  if (finished.client !== undefined) {
    await rooms.client(finished.client, { op: 'release', room: roomName });
    await releaseLease(env, `bmo:${roomName}`);
  }
}

export const livekitWebhookRoutes = new Hono<AppEnv>().post('/webhook', async (c) => {
  const settings = liveKitSettings(c.env);
  const rooms = requireBmoRooms(c.env);
  const body = await c.req.text();
  let event: WebhookEvent;
  try {
    event = await new WebhookReceiver(settings.apiKey, settings.apiSecret).receive(
      body,
      c.req.header('authorization'),
    );
  } catch {
    console.log(JSON.stringify({ event: 'livekit_webhook_refused' }));
    throw new ApiError(401, 'unauthorized', 'Not a webhook signed by this LiveKit server.');
  }
  const roomName = event.room?.name ?? '';
  if (BMO_ROOM_PATTERN.test(roomName)) {
    if (
      event.event === 'participant_joined' &&
      VISITOR_IDENTITY_PATTERN.test(event.participant?.identity ?? '')
    ) {
      await startJob(c.env, rooms, settings, roomName);
    } else if (event.event === 'room_finished') {
      await finishRoom(c.env, rooms, roomName);
    }
  }
  return c.json({ ok: true }, 200);
});
