/**
 * The LiveKit token API as zod schemas: what the page asks for and what the edge answers, in our
 * shape and in LiveKit's own token-source shape, and the attributes' closed lists. The `livekit`
 * pair's schema half: the names, the fields' rules and the page's check are `livekit.ts`,
 * re-exported here.
 */
import { z } from 'zod';
import { SupportedLangSchema } from './locale-schema.ts';
import {
  ACCESS_LEVELS,
  AGENT_ABILITIES,
  AGENT_ENGINES,
  LIVEKIT_URL_PROTOCOL,
  PARTICIPANT_NAME_MAX,
  TIME_ZONE_MAX,
  isPrintable,
  isTimeZone,
} from './livekit.ts';

export {
  ACCESS_ATTRIBUTE,
  ACCESS_LEVELS,
  AGENT_ABILITIES,
  AGENT_ENGINES,
  AGENT_ENGINE_ATTRIBUTE,
  AGENT_HEARING_ATTRIBUTE,
  AGENT_SPEECH_ATTRIBUTE,
  AGENT_STATE_ATTRIBUTE,
  CHAT_TOPIC,
  LANG_ATTRIBUTE,
  LIVEKIT_AGENT_NAME,
  LIVEKIT_TOKEN_SOURCE_REFUSED,
  LIVEKIT_URL_PROTOCOL,
  PARTICIPANT_NAME_MAX,
  TIME_ZONE_ATTRIBUTE,
  TIME_ZONE_MAX,
  TRANSCRIPTION_TOPIC,
  agentAbilityOf,
  agentEngineOf,
  isPrintable,
  isTimeZone,
  liveKitTokenResponseOf,
  liveKitUrlOf,
  participantNameOf,
  timeZoneOf,
} from './livekit.ts';

/** What BMO may read for a visitor (`bmo.access`). */
export const AccessLevel = z.enum(ACCESS_LEVELS);
export type AccessLevel = z.infer<typeof AccessLevel>;

/** The engine BMO thinks with (`bmo.engine`). */
export const AgentEngine = z.enum(AGENT_ENGINES);
export type AgentEngine = z.infer<typeof AgentEngine>;

/** What BMO's participant says of its ears and its voice (`bmo.hearing`, `bmo.speech`). */
export const AgentAbility = z.enum(AGENT_ABILITIES);
export type AgentAbility = z.infer<typeof AgentAbility>;

/** The name BMO and the room show for the visitor: plain text, 1 to 40 characters. */
const ParticipantName = z
  .string()
  .trim()
  .min(1)
  .max(PARTICIPANT_NAME_MAX)
  .refine(isPrintable, 'must be plain text: no control characters or direction overrides');

export const LiveKitTokenRequest = z.object({
  /** The name BMO and the room show for the visitor (default "Visitor"). */
  participantName: ParticipantName.optional(),
  /** The visitor's IANA time zone, from `Intl.DateTimeFormat().resolvedOptions().timeZone`. */
  timeZone: z
    .string()
    .trim()
    .min(1)
    .max(TIME_ZONE_MAX)
    .refine(isTimeZone, 'must be an IANA time zone name such as "Europe/Paris"')
    .optional(),
  /** The language BMO answers in, one of the supported tags (default English). */
  lang: SupportedLangSchema.optional(),
});
export type LiveKitTokenRequest = z.infer<typeof LiveKitTokenRequest>;

export const LiveKitTokenResponse = z.object({
  /** The LiveKit server's WebSocket URL. */
  serverUrl: z.url({ protocol: LIVEKIT_URL_PROTOCOL }),
  /** A fresh room for this session, `bmo-<random>`. */
  roomName: z.string().startsWith('bmo-'),
  /** A short-lived participant JWT for that room only. */
  participantToken: z.string().min(1),
  participantName: z.string().min(1),
  /** When the token stops admitting the participant, epoch seconds. A joined session carries on. */
  expiresAt: z.number().int().positive(),
});
export type LiveKitTokenResponse = z.infer<typeof LiveKitTokenResponse>;

/**
 * LiveKit's standard token request, as `livekit-client`'s `TokenSource.endpoint()` sends it (the
 * proto field names of `livekit.TokenSourceRequest`). The edge reads `participant_name`; it
 * accepts `room_name` and ignores it, since it makes every room itself. The fields in
 * `LIVEKIT_TOKEN_SOURCE_REFUSED` would let the page choose what the edge decides and are refused.
 */
export const LiveKitTokenSourceRequest = z.object({
  /** Ignored: each token is for a fresh room the edge names. */
  room_name: z.string().max(128).optional(),
  /** The same as `participantName`. */
  participant_name: ParticipantName.optional(),
});
export type LiveKitTokenSourceRequest = z.infer<typeof LiveKitTokenSourceRequest>;

/**
 * The token answer: our connection details plus LiveKit's `TokenSourceResponse` fields
 * (`server_url`, `participant_token`), so `TokenSource.endpoint()` reads it as is.
 */
export const LiveKitTokenSourceResponse = LiveKitTokenResponse.extend({
  server_url: LiveKitTokenResponse.shape.serverUrl,
  participant_token: LiveKitTokenResponse.shape.participantToken,
});
export type LiveKitTokenSourceResponse = z.infer<typeof LiveKitTokenSourceResponse>;
