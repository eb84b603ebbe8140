/**
 * The LiveKit token API (`POST /api/livekit/token`): what the page asks for and what the edge
 * answers. The response follows LiveKit's own connection-details convention (`serverUrl`,
 * `roomName`, `participantToken`, `participantName`), so LiveKit's client helpers read it as is.
 */
import { z } from 'zod';

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
 * The attribute BMO's own participant sets with the engine it thinks with: `openai` (talks and
 * listens) or `offline` (the local language model: typed chat only, no speech).
 */
export const AGENT_ENGINE_ATTRIBUTE = 'bmo.engine';
export const AgentEngine = z.enum(['openai', 'offline']);
export type AgentEngine = z.infer<typeof AgentEngine>;

/** True when the runtime knows `value` as an IANA time zone name. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Control characters and the bidirectional overrides that would disguise a name. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const LiveKitTokenRequest = z.object({
  /** The name BMO and the room show for the visitor (default "Visitor"). */
  participantName: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine(
      (name) => !UNPRINTABLE.test(name),
      'must be plain text: no control characters or direction overrides',
    )
    .optional(),
  /** The visitor's IANA time zone, from `Intl.DateTimeFormat().resolvedOptions().timeZone`. */
  timeZone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(isTimeZone, 'must be an IANA time zone name such as "Europe/Paris"')
    .optional(),
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
