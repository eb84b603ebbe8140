/**
 * LiveKit's token convention on `POST /api/livekit/token`: the request body `livekit-client`'s
 * `TokenSource.endpoint()` sends (snake_case, `livekit.TokenSourceRequest`) read into our own
 * request, and our answer given LiveKit's `server_url` and `participant_token` as well.
 *
 * The edge still decides the room, the identity, the attributes and the dispatch: a body naming
 * any of `LIVEKIT_TOKEN_SOURCE_REFUSED` is refused with a 400 that names each such field, so
 * nothing of it can reach a token. One `room_config` is the exception, because it asks for
 * nothing the edge does not already do: the one that names only our own agent,
 * `{ agents: [{ agent_name: 'bmo' }] }`, which `TokenSource.endpoint()` sends when the app sets
 * `agentName: 'bmo'` (LiveKit's documented way to ask for explicit dispatch). It is read and
 * dropped: the edge dispatches `bmo` for every visitor itself.
 */
import { z } from 'zod';
import {
  LIVEKIT_AGENT_NAME,
  LIVEKIT_TOKEN_SOURCE_REFUSED,
  LiveKitTokenSourceRequest,
  type LiveKitTokenRequest,
  type LiveKitTokenResponse,
  type LiveKitTokenSourceResponse,
} from '../../contracts/livekit-schema.ts';

type RefusedField = (typeof LIVEKIT_TOKEN_SOURCE_REFUSED)[number];

/**
 * The room configuration that asks only for what the edge does anyway: our own agent, dispatched
 * with no metadata and no deployment (`agentName: 'bmo'` and nothing else in `TokenSource`'s
 * options). Any other key, agent, or second dispatch makes it a room setting, refused.
 */
const OwnAgentOnly = z.strictObject({
  agents: z.tuple([z.strictObject({ agent_name: z.literal(LIVEKIT_AGENT_NAME) })]),
});

/** True for a value the edge may read as not sent: absent, or the no-op `room_config`. */
function isNoOp(field: RefusedField, value: unknown): boolean {
  if (value === undefined) return true;
  return field === 'room_config' && OwnAgentOnly.safeParse(value).success;
}

const REFUSAL_HINT: Partial<Record<RefusedField, string>> = {
  room_config: `; the one accepted names only this edge's agent: { agents: [{ agent_name: '${LIVEKIT_AGENT_NAME}' }] }`,
};

/** A LiveKit request field the edge decides: present at all (even empty or null), it is refused. */
const refusedField = (field: RefusedField) =>
  z
    .unknown()
    .refine((value) => isNoOp(field, value), {
      message: `${field} is decided by the edge, never by the client: leave it out${REFUSAL_HINT[field] ?? ''}`,
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
 * LiveKit's (ours wins when both are sent). `room_name` is dropped: the edge makes every room; so
 * is the no-op `room_config` that names only our own agent.
 */
export function fromTokenSourceRequest(
  body: LiveKitTokenRequest & LiveKitTokenSourceRequest,
): LiveKitTokenRequest {
  const participantName = body.participantName ?? body.participant_name;
  return {
    ...(participantName === undefined ? {} : { participantName }),
    ...(body.timeZone === undefined ? {} : { timeZone: body.timeZone }),
    ...(body.lang === undefined ? {} : { lang: body.lang }),
  };
}

/** Our answer with LiveKit's `TokenSourceResponse` fields added (our camelCase fields kept). */
export function withTokenSourceFields(body: LiveKitTokenResponse): LiveKitTokenSourceResponse {
  return { ...body, server_url: body.serverUrl, participant_token: body.participantToken };
}
