/**
 * LiveKit's token convention on `POST /api/livekit/token`: the request body `livekit-client`'s
 * `TokenSource.endpoint()` sends (snake_case, `livekit.TokenSourceRequest`) read into our own
 * request, and our answer given LiveKit's `server_url` and `participant_token` as well.
 *
 * The edge still decides the room, the identity, the attributes and the dispatch: a body naming
 * any of `LIVEKIT_TOKEN_SOURCE_REFUSED` is refused with a 400 that names each such field, so
 * nothing of it can reach a token.
 */
import { z } from 'zod';
import {
  LIVEKIT_TOKEN_SOURCE_REFUSED,
  LiveKitTokenSourceRequest,
  type LiveKitTokenRequest,
  type LiveKitTokenResponse,
  type LiveKitTokenSourceResponse,
} from '../../contracts/livekit.ts';

type RefusedField = (typeof LIVEKIT_TOKEN_SOURCE_REFUSED)[number];

/** A LiveKit request field the edge decides: present at all (even empty or null), it is refused. */
const refusedField = (field: RefusedField) =>
  z
    .unknown()
    .refine((value) => value === undefined, {
      message: `${field} is decided by the edge, never by the client: leave it out`,
    })
    .optional();

/** The fields of LiveKit's token request, to extend the route's own request schema with. */
export const tokenSourceFields = {
  ...LiveKitTokenSourceRequest.shape,
  ...(Object.fromEntries(
    LIVEKIT_TOKEN_SOURCE_REFUSED.map((field) => [field, refusedField(field)]),
  ) as Record<RefusedField, ReturnType<typeof refusedField>>),
};

/**
 * Our request from a body in either convention: `participantName` is ours, `participant_name`
 * LiveKit's (ours wins when both are sent). `room_name` is dropped: the edge makes every room.
 */
export function fromTokenSourceRequest(
  body: LiveKitTokenRequest & LiveKitTokenSourceRequest,
): LiveKitTokenRequest {
  const participantName = body.participantName ?? body.participant_name;
  return {
    ...(participantName === undefined ? {} : { participantName }),
    ...(body.timeZone === undefined ? {} : { timeZone: body.timeZone }),
  };
}

/** Our answer with LiveKit's `TokenSourceResponse` fields added (our camelCase fields kept). */
export function withTokenSourceFields(body: LiveKitTokenResponse): LiveKitTokenSourceResponse {
  return { ...body, server_url: body.serverUrl, participant_token: body.participantToken };
}
