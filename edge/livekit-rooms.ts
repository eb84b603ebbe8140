/**
 * BMO's job in a visitor's room: the webhook route (routes/livekit-webhook.ts) dispatches BMO to a
 * room when its visitor joins, with LiveKit's server API (AgentDispatchService.CreateDispatch, a
 * Twirp call over `fetch`, which workerd runs). The SDK signs each call's admin token itself (a
 * `roomAdmin` grant for that one room), so nothing is kept between calls.
 */
import { AgentDispatchClient } from 'livekit-server-sdk';
import { LIVEKIT_AGENT_NAME } from '../contracts/livekit.ts';
import { ApiError } from './errors.ts';

export interface LiveKitSettings {
  url: string;
  apiKey: string;
  apiSecret: string;
}

/** The time limit of the server API call that makes the dispatch, seconds. */
const DISPATCH_API_TIMEOUT_SECONDS = 5;

/** Dispatches BMO to the room; throws 502 `upstream_unavailable` when LiveKit fails. */
export async function dispatchBmo(settings: LiveKitSettings, roomName: string): Promise<void> {
  const dispatches = new AgentDispatchClient(settings.url, settings.apiKey, settings.apiSecret, {
    requestTimeout: DISPATCH_API_TIMEOUT_SECONDS,
  });
  try {
    await dispatches.createDispatch(roomName, LIVEKIT_AGENT_NAME);
  } catch {
    throw new ApiError(502, 'upstream_unavailable', 'BMO is not available right now.');
  }
}
