/**
 * BMO's job in a visitor's room: the webhook route (routes/livekit-webhook.ts) dispatches BMO to a
 * room when its visitor joins, with LiveKit's server API (AgentDispatchService.CreateDispatch, a
 * Twirp call over `fetch`, which workerd runs), or, when BMO has no room for them, closes the room
 * (RoomService.DeleteRoom), so a visitor refused is not left connected, billed, to an empty room. The SDK signs each call's admin token itself (a
 * `roomAdmin` grant for that one room), so nothing is kept between calls.
 */
import { AgentDispatchClient, RoomServiceClient } from 'livekit-server-sdk';
import { LIVEKIT_AGENT_NAME } from '../contracts/livekit-schema.ts';
import { ApiError } from './errors.ts';

export interface LiveKitSettings {
  url: string;
  apiKey: string;
  apiSecret: string;
}

/** The time limit of the server API call that makes the dispatch, seconds. */
const DISPATCH_API_TIMEOUT_SECONDS = 5;

/**
 * Dispatches BMO to the room; throws 502 `upstream_unavailable` when LiveKit fails. `mayExist`:
 * an earlier dispatch into this room was asked and not confirmed. A busy LiveKit can make a
 * dispatch after its caller stopped waiting (a scale run saw two jobs in one room that way: the
 * first call outlived its limit, the webhook came again, the edge asked again), so the room's
 * dispatches are read first, and BMO is not sent twice.
 */
export async function dispatchBmo(
  settings: LiveKitSettings,
  roomName: string,
  { mayExist = false }: { mayExist?: boolean } = {},
): Promise<void> {
  const dispatches = new AgentDispatchClient(settings.url, settings.apiKey, settings.apiSecret, {
    requestTimeout: DISPATCH_API_TIMEOUT_SECONDS,
  });
  try {
    if (mayExist) {
      const made = await dispatches.listDispatch(roomName);
      if (made.some((dispatch) => dispatch.agentName === LIVEKIT_AGENT_NAME)) return;
    }
    await dispatches.createDispatch(roomName, LIVEKIT_AGENT_NAME);
  } catch {
    throw new ApiError(502, 'upstream_unavailable', 'BMO is not available right now.');
  }
}

/**
 * Closes the room and disconnects whoever is in it: a visitor whose join got no job. Logged, never
 * thrown: the refusal stands either way, and LiveKit closes an empty room at its timeout.
 */
export async function closeRoom(settings: LiveKitSettings, roomName: string): Promise<void> {
  const rooms = new RoomServiceClient(settings.url, settings.apiKey, settings.apiSecret, {
    requestTimeout: DISPATCH_API_TIMEOUT_SECONDS,
  });
  try {
    await rooms.deleteRoom(roomName);
  } catch {
    console.error(JSON.stringify({ event: 'room_close_failed' }));
  }
}
