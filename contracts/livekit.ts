/**
 * BMO's LiveKit names and the LiveKit token API (`POST /api/livekit/token`): what the page asks
 * for and what the edge answers. The response follows LiveKit's own connection-details convention
 * (`serverUrl`, `roomName`, `participantToken`, `participantName`), so LiveKit's client helpers
 * read it as is.
 *
 * The zod-free half of the `livekit` pair (see `api.ts`): the names, the rules a token request's
 * fields keep, and the check BMO's session reads a token answer with. `livekit-schema.ts` holds
 * the request and answer as zod schemas (the edge parses with them) and re-exports this.
 */
import type { SupportedLang } from './locale.ts';
import { integer, isObject, text } from './checks.ts';

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
export const ACCESS_LEVELS = ['owner', 'visitor'] as const;

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
export const AGENT_ENGINES = ['openai', 'offline'] as const;
export type AgentEngine = (typeof AGENT_ENGINES)[number];

/** The engine a `bmo.engine` attribute names, or undefined for anything else. */
export function agentEngineOf(value: unknown): AgentEngine | undefined {
  return AGENT_ENGINES.find((engine) => engine === value);
}

/**
 * What BMO's participant says of its ears (`bmo.hearing`: does it hear the visitor's microphone)
 * and of its voice (`bmo.speech`: does it answer aloud): `on`; `off`, not in this session (no
 * speech recognizer runs, or the visitor's language is not one it hears; a typed-chat model);
 * `down`, the part stopped working during the session (BMO says it could not hear, or answers in
 * text) and may come back. Absent: not said yet.
 */
export const AGENT_HEARING_ATTRIBUTE = 'bmo.hearing';
export const AGENT_SPEECH_ATTRIBUTE = 'bmo.speech';
export const AGENT_ABILITIES = ['on', 'off', 'down'] as const;
export type AgentAbility = (typeof AGENT_ABILITIES)[number];

/** The ability a `bmo.hearing` or `bmo.speech` attribute names, or undefined for anything else. */
export function agentAbilityOf(value: unknown): AgentAbility | undefined {
  return AGENT_ABILITIES.find((ability) => ability === value);
}

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

/** The longest participant name and time zone a token request may carry, once trimmed. */
export const PARTICIPANT_NAME_MAX = 40;
export const TIME_ZONE_MAX = 64;

/** Control characters and the bidirectional overrides that would disguise a name. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Whether a name is plain text: no control characters or direction overrides. */
export function isPrintable(name: string): boolean {
  return !UNPRINTABLE.test(name);
}

/** A participant name as a token request carries it (trimmed, plain, 1 to 40), or undefined. */
export function participantNameOf(value: unknown): string | undefined {
  const name = typeof value === 'string' ? value.trim() : '';
  return name.length >= 1 && name.length <= PARTICIPANT_NAME_MAX && isPrintable(name)
    ? name
    : undefined;
}

/** A time zone as a token request carries it (trimmed, a zone the runtime knows), or undefined. */
export function timeZoneOf(value: unknown): string | undefined {
  const zone = typeof value === 'string' ? value.trim() : '';
  return zone.length >= 1 && zone.length <= TIME_ZONE_MAX && isTimeZone(zone) ? zone : undefined;
}

/** What the page asks for: each field optional, each refused by the edge when it breaks its rule. */
export interface LiveKitTokenRequest {
  /** The name BMO and the room show for the visitor (default "Visitor"). */
  participantName?: string | undefined;
  /** The visitor's IANA time zone, from `Intl.DateTimeFormat().resolvedOptions().timeZone`. */
  timeZone?: string | undefined;
  /** The language BMO answers in, one of the supported tags (default English). */
  lang?: SupportedLang | undefined;
}

/** What the edge answers: a fresh room's connection details. */
export interface LiveKitTokenResponse {
  /** The LiveKit server's WebSocket URL (`ws:`, `wss:`, `http:` or `https:`). */
  serverUrl: string;
  /** A fresh room for this session, `bmo-<random>`. */
  roomName: string;
  /** A short-lived participant JWT for that room only. */
  participantToken: string;
  participantName: string;
  /** When the token stops admitting the participant, epoch seconds. A joined session carries on. */
  expiresAt: number;
}

/** The protocols a LiveKit server's URL may have. */
export const LIVEKIT_URL_PROTOCOL = /^(wss?|https?)$/;

/**
 * The URL a LiveKit server answers at, as a token answer names it: trimmed, its tabs and line
 * breaks dropped as the URL parser drops them, or undefined when it does not parse as a URL of
 * one of `LIVEKIT_URL_PROTOCOL`'s protocols.
 */
export function liveKitUrlOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  try {
    const protocol = new URL(trimmed).protocol.slice(0, -1);
    return LIVEKIT_URL_PROTOCOL.test(protocol) ? trimmed.replace(/[\t\n\r]/g, '') : undefined;
  } catch {
    return undefined;
  }
}

const nonEmpty = /* @__PURE__ */ text(1);
const epochSeconds = /* @__PURE__ */ integer(1);

/** A token answer as the page reads it, or undefined when it is not the contract's. */
export function liveKitTokenResponseOf(value: unknown): LiveKitTokenResponse | undefined {
  if (!isObject(value)) return undefined;
  const serverUrl = liveKitUrlOf(value.serverUrl);
  const { roomName, participantToken, participantName, expiresAt } = value;
  return serverUrl !== undefined &&
    typeof roomName === 'string' &&
    roomName.startsWith('bmo-') &&
    nonEmpty(participantToken) &&
    nonEmpty(participantName) &&
    epochSeconds(expiresAt)
    ? { serverUrl, roomName, participantToken, participantName, expiresAt }
    : undefined;
}

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
