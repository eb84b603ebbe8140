/**
 * The room's pure rules: which packets and streams the page accepts, and the words for what went
 * wrong. No connection, no store: unit-tested in
 * tests/unit/web-components/bmo/session/rules.test.ts and
 * tests/unit/web-components/bmo/session/intake.test.ts.
 */
import type { ParticipantKind } from 'livekit-client';
import {
  CASSETTE_TOPIC,
  parseCassette,
  type CassetteMessage,
} from '../../../contracts/cassette.ts';
import {
  AGENT_ENGINE_ATTRIBUTE,
  AGENT_HEARING_ATTRIBUTE,
  AGENT_SPEECH_ATTRIBUTE,
  type LiveKitTokenRequest,
  agentAbilityOf,
  agentEngineOf,
  participantNameOf,
  timeZoneOf,
} from '../../../contracts/livekit.ts';
import { EdgeError } from '../../shared/edge-client.ts';
import { microphoneProblem } from '../../shared/microphone-error.ts';
import type { BmoAgentState, BmoEngine, BmoError, BmoHearing } from '../../stores/bmo.ts';
import type { SupportedLang } from '../../../contracts/locale.ts';
import type { BmoStrings } from '../i18n/conversation-en.ts';
import { BMO_EN } from '../i18n/conversation-en.ts';

/** `ParticipantKind.AGENT` in the LiveKit protocol (`ParticipantInfo.Kind`). */
export const AGENT_PARTICIPANT_KIND: ParticipantKind = 4;
export const TRANSCRIPTION_TOPIC = 'lk.transcription';
export const CHAT_TOPIC = 'lk.chat';
export const AGENT_STATE_ATTRIBUTE = 'lk.agent.state';
export const DEFAULT_AGENT_JOIN_TIMEOUT_MS = 15_000;
/** How long one attempt at the token route may take before it is given up on (and retried). */
export const TOKEN_ATTEMPT_TIMEOUT_MS = 5_000;
/** Text streams on the cassette topic are cut off past this many bytes, whatever they declare. */
export const MAX_CASSETTE_STREAM_BYTES = 4 * 1024 * 1024;
/** A transcription stream (one of BMO's lines) stops being read past this many bytes. */
export const MAX_TRANSCRIPTION_STREAM_BYTES = 64 * 1024;

export type CassetteDropReason = 'wrong_topic' | 'not_agent' | 'invalid';
export type CassettePacketDecision =
  | { accept: true; cassette: CassetteMessage }
  | { accept: false; reason: CassetteDropReason; error: string };

/**
 * Whether a cassette message may reach the slot: it must come on topic `cassette`, from an agent
 * participant, and parse as the contract's `CassetteMessage`.
 */
export function acceptCassettePacket(input: {
  participantKind: ParticipantKind | undefined;
  topic: string | undefined;
  payload: Uint8Array | string;
}): CassettePacketDecision {
  if (input.topic !== CASSETTE_TOPIC) {
    return { accept: false, reason: 'wrong_topic', error: `Topic is not "${CASSETTE_TOPIC}".` };
  }
  if (input.participantKind !== AGENT_PARTICIPANT_KIND) {
    return {
      accept: false,
      reason: 'not_agent',
      error: 'Sent by a participant that is not an agent.',
    };
  }
  const parsed = parseCassette(input.payload);
  if (!parsed.ok) return { accept: false, reason: 'invalid', error: parsed.error };
  return { accept: true, cassette: parsed.cassette };
}

/** What the page knows of a stream's or packet's sender when it arrives. */
export type SenderStatus = 'agent' | 'other' | 'unknown';

/**
 * Who sent something, from what the room knows: an `agent`, a participant that is not (`other`,
 * dropped), or a sender whose details have not arrived yet (`unknown`, held until they do). An
 * empty identity is a hidden participant: never an agent.
 */
export function senderStatus(
  identity: string | undefined,
  kindOf: (identity: string) => ParticipantKind | undefined,
): SenderStatus {
  if (!identity) return 'other';
  const kind = kindOf(identity);
  if (kind === undefined) return 'unknown';
  return kind === AGENT_PARTICIPANT_KIND ? 'agent' : 'other';
}

/**
 * Whose line a `lk.transcription` stream is, or `drop`. BMO's lines come from the agent; the
 * visitor's own spoken words come from the agent too, under the visitor's identity (the server lets
 * only an agent send on another's behalf, and never echoes the page's own streams back). Anything
 * from another participant is not shown as BMO's words.
 */
export function transcriptionSpeaker(
  identity: string,
  localIdentity: string,
  sender: SenderStatus,
): 'user' | 'agent' | 'drop' | 'unknown' {
  if (identity && identity === localIdentity) return 'user';
  if (sender === 'agent') return 'agent';
  return sender === 'unknown' ? 'unknown' : 'drop';
}

/** How long after (re)joining a cassette identical to the one on show counts as the agent's re-send. */
export const REJOIN_RESEND_WINDOW_MS = 10_000;

/**
 * Whether an incoming cassette is the agent re-sending what the slot already shows, because the
 * page rejoined the room (the agent re-sends the current cassette on every join, since the server
 * keeps no packets). Such a re-send is not a new cassette: no eject, no insert, no announcement.
 */
export function isRejoinResend(
  current: { title: string; content: string } | null,
  incoming: { title: string; content: string },
  msSinceJoin: number,
): boolean {
  return (
    current !== null &&
    current.title === incoming.title &&
    current.content === incoming.content &&
    msSinceJoin >= 0 &&
    msSinceJoin < REJOIN_RESEND_WINDOW_MS
  );
}

/** BMO's face for the agent's `lk.agent.state` attribute. */
export function agentStateFromAttribute(value: string | undefined): BmoAgentState {
  switch (value) {
    case 'listening':
    case 'idle':
      return 'listening';
    case 'thinking':
      return 'thinking';
    case 'speaking':
      return 'speaking';
    default:
      // 'initializing', or no state yet.
      return 'connecting';
  }
}

/** The engine BMO's participant names in `bmo.engine`; anything else is not known yet. */
export function engineFromAttribute(value: string | undefined): BmoEngine | undefined {
  return agentEngineOf(value);
}

/** What BMO's participant says it has: its engine, its ears and its voice. */
export interface BmoAbilities {
  engine: BmoEngine | undefined;
  hearing: BmoHearing | undefined;
  speech: BmoHearing | undefined;
}

/**
 * BMO's engine, ears and voice from its participant's attributes. A BMO that names its engine but
 * not its ears is one from before they were said: offline, it hears nothing.
 */
export function abilitiesFromAttributes(attributes: Record<string, string>): BmoAbilities {
  const engine = engineFromAttribute(attributes[AGENT_ENGINE_ATTRIBUTE]);
  const said = agentAbilityOf(attributes[AGENT_HEARING_ATTRIBUTE]);
  return {
    engine,
    hearing: said ?? (engine === 'offline' ? 'off' : undefined),
    speech: agentAbilityOf(attributes[AGENT_SPEECH_ATTRIBUTE]),
  };
}

/** What the visitor has, in plain words under BMO's face; null when talking and listening work. */
export function abilitiesNotice(has: BmoAbilities, t: BmoStrings = BMO_EN): string | null {
  if (has.hearing === 'off') return t.offlineNotice;
  if (has.hearing === 'down') return t.noticeHearingDown;
  if (has.speech === 'off' || has.speech === 'down') return t.noticeTextAnswers;
  if (has.engine === 'offline' && has.hearing === 'on') return t.noticeOfflineVoice;
  return null;
}

/**
 * The page's words for a microphone that would not start, from the one classifier
 * (shared/microphone-error.ts): blocked, or missing or busy.
 */
export function microphoneError(error: unknown, t: BmoStrings = BMO_EN): BmoError {
  if (microphoneProblem(error) === 'blocked')
    return { code: 'mic_denied', message: t.errorMicDenied };
  return { code: 'mic_unavailable', message: t.errorMicUnavailable };
}

/**
 * The page's words for a room the token was good for but that could not be joined. The token
 * route answered, so the edge is up: what failed is the LiveKit server behind it (down, or up but
 * unable to open rooms, as a node whose Redis is gone answers every join with a WebSocket error).
 * The SDK's own text ("could not establish signal connection…") stays in the log, not the page.
 * `reason` is livekit-client's `ConnectionErrorReason`: 0 is NotAllowed (the server refused the
 * token itself).
 */
export function roomProblem(error: unknown, t: BmoStrings = BMO_EN): BmoError {
  const reason =
    error instanceof Error && 'reason' in error
      ? (error as { reason?: unknown }).reason
      : undefined;
  return {
    code: 'connect_failed',
    message: reason === 0 ? t.errorRoomRefused : t.errorRoomUnavailable,
  };
}

/**
 * The page's words for a token request that failed, from the edge client's `EdgeError` (its code,
 * status and the edge's own message), in BMO's voice.
 */
export function tokenProblem(
  error: unknown,
  tokenUrl: string,
  pageUrl: string | undefined,
  t: BmoStrings = BMO_EN,
): BmoError {
  if (!(error instanceof EdgeError))
    return { code: 'connect_failed', message: t.errorConnectFailed };
  const detail = error.detail;
  switch (error.code) {
    case 'not_configured':
      return {
        code: 'not_configured',
        message: `${t.errorNotConfigured}${detail ? ` (${detail})` : ''}`,
      };
    case 'rate_limited':
      return {
        code: 'connect_failed',
        message: t.errorRateLimited,
      };
    case 'forbidden_origin':
      return {
        code: 'connect_failed',
        message: t.errorForbiddenOrigin,
      };
    case 'network':
      return { code: 'connect_failed', message: unreachableMessage(tokenUrl, pageUrl, t) };
    case 'invalid_response':
      return {
        code: 'connect_failed',
        message: t.errorInvalidResponse,
      };
    default: {
      const how = detail ? `: ${detail}` : error.status ? ` (HTTP ${error.status})` : '';
      return { code: 'connect_failed', message: t.errorConnectFailedBecause(how) };
    }
  }
}

/**
 * The page's words for a token route it could not reach at all. A browser cannot tell a network
 * failure from another origin's refusal (a server that does not allow this site answers without
 * CORS headers, so the page never sees why), so for a token route on another origin it says both.
 */
export function unreachableMessage(
  tokenUrl: string,
  pageUrl: string | undefined,
  t: BmoStrings = BMO_EN,
): string {
  const plain = t.errorUnreachable;
  let url: URL;
  try {
    url = new URL(tokenUrl, pageUrl);
  } catch {
    return plain; // a relative route: the page's own server
  }
  if (pageUrl !== undefined && url.origin === new URL(pageUrl).origin) return plain;
  return t.errorUnreachableAt(url.host);
}

/** The token request: the browser's time zone and a name, each left out when the contract refuses it. */
export function tokenRequestBody(input: {
  participantName?: string | undefined;
  timeZone?: string | undefined;
  lang?: SupportedLang | undefined;
}): LiveKitTokenRequest {
  const body: LiveKitTokenRequest = {};
  const name = participantNameOf(input.participantName);
  if (name) body.participantName = name;
  const zone = timeZoneOf(input.timeZone);
  if (zone) body.timeZone = zone;
  // English is the agent's default: only another supported language is sent.
  if (input.lang && input.lang !== 'en') body.lang = input.lang;
  return body;
}
