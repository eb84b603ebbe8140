/**
 * BMO's rooms on the LiveKit server: the LiveKit token route creates each visitor's room with BMO's
 * dispatch through the server API (RoomService.CreateRoom, a Twirp call over `fetch`) at minting.
 *
 * The route awaits that call, so what it costs beyond the network is kept small: the API client
 * and its admin token (grant `roomCreate` only, what the SDK would sign for every call) are made
 * once per isolate and reused until half the token's lifetime has passed. They are keyed by the
 * URL, key and secret they were made with, so a changed setting takes effect on the next request.
 * Only finished values are kept (a client and a signed string), never a pending promise, which
 * belongs to the request that made it.
 */
import { AccessToken, RoomAgentDispatch, RoomServiceClient } from 'livekit-server-sdk';
import { LIVEKIT_AGENT_NAME } from '../contracts/livekit.ts';
import { ApiError } from './errors.ts';

export interface LiveKitSettings {
  url: string;
  apiKey: string;
  apiSecret: string;
}

/** The time limit of the server API call that creates the room, seconds. */
const ROOM_API_TIMEOUT_SECONDS = 5;
/** The admin token's lifetime, seconds; it is signed again after half of it. */
export const ADMIN_TOKEN_TTL_SECONDS = 600;

let cached: { settings: LiveKitSettings; client: RoomServiceClient; renewAt: number } | undefined;

const sameSettings = (a: LiveKitSettings, b: LiveKitSettings): boolean =>
  a.url === b.url && a.apiKey === b.apiKey && a.apiSecret === b.apiSecret;

/** The server API client for these settings, with a current admin token. */
async function roomService(settings: LiveKitSettings, nowMs: number): Promise<RoomServiceClient> {
  if (cached && sameSettings(cached.settings, settings) && nowMs < cached.renewAt) {
    return cached.client;
  }
  const admin = new AccessToken(settings.apiKey, settings.apiSecret, {
    ttl: ADMIN_TOKEN_TTL_SECONDS,
  });
  admin.addGrant({ roomCreate: true });
  const client = new RoomServiceClient(settings.url, settings.apiKey, settings.apiSecret, {
    requestTimeout: ROOM_API_TIMEOUT_SECONDS,
    token: await admin.toJwt(),
  });
  cached = { settings, client, renewAt: nowMs + (ADMIN_TOKEN_TTL_SECONDS * 1000) / 2 };
  return client;
}

/** Creates the room with BMO's dispatch; throws 502 `upstream_unavailable` when LiveKit fails. */
export async function createBmoRoom(
  settings: LiveKitSettings,
  roomName: string,
  emptyTimeout: number,
  nowMs: number = Date.now(),
): Promise<void> {
  try {
    const rooms = await roomService(settings, nowMs);
    await rooms.createRoom({
      name: roomName,
      emptyTimeout,
      departureTimeout: emptyTimeout,
      agents: [new RoomAgentDispatch({ agentName: LIVEKIT_AGENT_NAME })],
    });
  } catch {
    // The next request signs afresh: a refused admin token is not kept for minutes.
    cached = undefined;
    throw new ApiError(502, 'upstream_unavailable', 'BMO is not available right now.');
  }
}
