/**
 * The LiveKit token API (`POST /api/livekit/token`): what the page asks for and what the edge
 * answers. The response follows LiveKit's own connection-details convention (`serverUrl`,
 * `roomName`, `participantToken`, `participantName`), so LiveKit's client helpers read it as is.
 */
import { z } from 'zod';
import { SupportedLangSchema } from './locale-schema.ts';

/** The agent the token dispatches into the room (the worker registers under this name). */
export const LIVEKIT_AGENT_NAME = 'bmo';

/** LiveKit's own names the page and the agent both use: typed chat in, transcriptions out. */
export const CHAT_TOPIC = 'lk.chat';
export const TRANSCRIPTION_TOPIC = 'lk.transcription';
/** The attribute an agent participant sets with its state (`listening`, `thinking`, …). */
export const AGENT_STATE_ATTRIBUTE = 'lk.agent.state';

/** The participant attribute carrying the visitor's IANA time zone, read by `get_current_time`. */
export const TIME_ZONE_ATTRIBUTE = 'tz';

/**
 * The participant attribute the edge writes into a visitor's token with what BMO may read for them:
 * `owner` (every note) or `visitor` (public notes only). A participant cannot change attributes
 * that a token grants; the agent reads this one from the token, never from anything the page sends.
 */
export const ACCESS_ATTRIBUTE = 'bmo.access';
export const AccessLevel = z.enum(['owner', 'visitor']);
export type AccessLevel = z.infer<typeof AccessLevel>;

/**
 * The participant attribute the edge writes into a visitor's token with the language BMO answers
 * in: one of the supported tags (contracts/locale.ts), checked by the edge from the token request;
 * absent for English. The agent reads it from the token and parses it again, so no free text from
 * the page ever reaches BMO's instructions.
 */
export const LANG_ATTRIBUTE = 'bmo.lang';

/**
 * The attribute BMO's own participant sets with the engine it thinks with: `openai` (OpenAI's
 * models) or `offline` (the local language model). Whether it hears and speaks is said apart, in
 * the two attributes below.
 */
export const AGENT_ENGINE_ATTRIBUTE = 'bmo.engine';
export const AgentEngine = z.enum(['openai', 'offline']);
export type AgentEngine = z.infer<typeof AgentEngine>;

/**
 * What BMO's participant says of its ears (`bmo.hearing`: does it hear the visitor's microphone)
 * and of its voice (`bmo.speech`: does it answer aloud): `on`; `off`, not in this session (no
 * speech recognizer runs, or the visitor's language is not one it hears; a typed-chat model);
 * `down`, the part stopped working during the session (BMO says it could not hear, or answers in
 * text) and may come back. Absent: not said yet.
 */
export const AGENT_HEARING_ATTRIBUTE = 'bmo.hearing';
export const AGENT_SPEECH_ATTRIBUTE = 'bmo.speech';
export const AgentAbility = z.enum(['on', 'off', 'down']);
export type AgentAbility = z.infer<typeof AgentAbility>;

/**
 * Zone names already accepted: building an `Intl.DateTimeFormat` per check is the largest part of
 * the token route's own work (profiled in workerd), and a visitor's zone is one of a few hundred.
 * Only valid names are kept, and at most `KNOWN_ZONES_MAX` (case variants are valid too).
 */
const knownZones = new Set<string>();
const KNOWN_ZONES_MAX = 1000;

/** True when the runtime knows `value` as an IANA time zone name. */
export function isTimeZone(value: string): boolean {
  if (knownZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.add(value);
  return true;
}

/** Control characters and the bidirectional overrides that would disguise a name. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The name BMO and the room show for the visitor: plain text, 1 to 40 characters. */
const ParticipantName = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine(
    (name) => !UNPRINTABLE.test(name),
    'must be plain text: no control characters or direction overrides',
  );

export const LiveKitTokenRequest = z.object({
  /** The name BMO and the room show for the visitor (default "Visitor"). */
  participantName: ParticipantName.optional(),
  /** The visitor's IANA time zone, from `Intl.DateTimeFormat().resolvedOptions().timeZone`. */
  timeZone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(isTimeZone, 'must be an IANA time zone name such as "Europe/Paris"')
    .optional(),
  /** The language BMO answers in, one of the supported tags (default English). */
  lang: SupportedLangSchema.optional(),
});
export type LiveKitTokenRequest = z.infer<typeof LiveKitTokenRequest>;

export const LiveKitTokenResponse = z.object({
  /** The LiveKit server's WebSocket URL. */
  serverUrl: z.url({ protocol: /^(wss?|https?)$/ }),
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
 * Token request fields the edge decides and a client may not send (answered with 400 naming them);
 * only a `room_config` naming our own agent alone, which changes nothing, is let through.
 */
export const LIVEKIT_TOKEN_SOURCE_REFUSED = [
  'participant_identity',
  'participant_attributes',
  'participant_metadata',
  'room_config',
] as const;

/**
 * The token answer: our connection details plus LiveKit's `TokenSourceResponse` fields
 * (`server_url`, `participant_token`), so `TokenSource.endpoint()` reads it as is.
 */
export const LiveKitTokenSourceResponse = LiveKitTokenResponse.extend({
  server_url: LiveKitTokenResponse.shape.serverUrl,
  participant_token: LiveKitTokenResponse.shape.participantToken,
});
export type LiveKitTokenSourceResponse = z.infer<typeof LiveKitTokenSourceResponse>;
