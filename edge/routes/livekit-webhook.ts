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
 *   `BMO_SESSIONS_PER_CLIENT` slots (or the join gets no job, logged `bmo_session_refused`); then
 *   the edge dispatches `bmo` to the room. A token used again, in the open room or in one
 *   livekit-server made anew after it closed, finds the room past `minted` and starts nothing.
 * - `room_finished`: the room's object marks it finished and frees its client's slot.
 * - Every other event, and rooms or participants that are not BMO's visitors', are acknowledged
 *   and ignored (the agent's own join among them).
 *
 * Fails closed: without LiveKit's settings or the `BMO_ROOMS` binding, it answers 503.
 */
import { Hono } from 'hono';
import { type WebhookEvent, WebhookReceiver } from 'livekit-server-sdk';
import type { AppEnv, Bindings } from '../env.ts';
import { type BmoRooms, requireBmoRooms, sessionLimit } from '../bmo-rooms.ts';
import { ApiError } from '../errors.ts';
import { dispatchBmo, type LiveKitSettings } from '../livekit-rooms.ts';
import { BMO_ROOM_PATTERN, VISITOR_IDENTITY_PATTERN, liveKitSettings } from './livekit-token.ts';

/** The first visitor's join of a minted room: BMO's one job there, within the client's limit. */
async function startJob(
  env: Bindings,
  rooms: BmoRooms,
  settings: LiveKitSettings,
  roomName: string,
): Promise<void> {
  const claim = await rooms.room(roomName, { op: 'join' });
  if (!claim.ok || claim.client === undefined) return;
  const client = claim.client;
  const limit = sessionLimit(env);
  if (limit !== undefined) {
    const slot = await rooms.client(client, {
      op: 'acquire',
      room: roomName,
      limit,
      now: Date.now(),
    });
    if (!slot.ok) {
      console.log(JSON.stringify({ event: 'bmo_session_refused', active: slot.active, limit }));
      await rooms.room(roomName, { op: 'settle', dispatched: false });
      return;
    }
  }
  try {
    await dispatchBmo(settings, roomName);
  } catch (error) {
    if (limit !== undefined) await rooms.client(client, { op: 'release', room: roomName });
    await rooms.room(roomName, { op: 'settle', dispatched: false });
    throw error;
  }
  await rooms.room(roomName, { op: 'settle', dispatched: true });
  console.log(JSON.stringify({ event: 'bmo_dispatched' }));
}

/** The room closed: its job is over, and so is the client's slot for it. */
async function finishRoom(rooms: BmoRooms, roomName: string): Promise<void> {
  const finished = await rooms.room(roomName, { op: 'finish' });
  if (finished.client !== undefined) {
    await rooms.client(finished.client, { op: 'release', room: roomName });
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
      await finishRoom(rooms, roomName);
    }
  }
  return c.json({ ok: true }, 200);
});
