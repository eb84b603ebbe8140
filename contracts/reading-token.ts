/**
 * The reading token route (`POST /api/voice/token`, its public path; it serves text readings too):
 * what the page asks for and what the edge answers. One shape for both engines, and the token is
 * always ours, never an OpenAI secret: a voice reading's call token with `callUrl` (its WebRTC
 * call through the edge), or a WebSocket's token with `url`, the edge's relay to OpenAI or, without
 * an OpenAI key, the offline reader. And what the edge says when it ended a session at a limit.
 */
import { z } from 'zod';
import { SupportedLangSchema } from './locale-schema.ts';
import { MODALITIES, READING_ENGINES } from './reading-lists.ts';

/** The Realtime model when `OPENAI_REALTIME_MODEL` does not name one (edge, reader and agent). */
export const DEFAULT_REALTIME_MODEL = 'gpt-realtime';

/** Whether a reading is spoken or typed: the same agents, another output modality. */
export const Modality = z.enum(MODALITIES);
export type Modality = z.infer<typeof Modality>;

export const ReadingTokenRequest = z.object({
  /** The page's reading session id; a local reader token carries it. */
  sessionId: z.uuid(),
  /** Whether the reading is spoken or typed (same agents, different output modality). */
  mode: Modality,
  /**
   * A voice reading's transport: `webrtc` (the default where the edge takes calls) or `websocket`,
   * the fallback where WebRTC cannot connect.
   */
  transport: z.enum(['webrtc', 'websocket']).optional(),
  /**
   * The reading's language, one of the supported tags (contracts/locale.ts); absent: English. The
   * offline reader's token carries it; OpenAI's agents are told it in their instructions.
   */
  lang: SupportedLangSchema.optional(),
});
export type ReadingTokenRequest = z.infer<typeof ReadingTokenRequest>;

/** Which engine reads: the offline `local` reader inside the edge, or OpenAI's Realtime API. */
export const ReadingEngine = z.enum(READING_ENGINES);
export type ReadingEngine = z.infer<typeof ReadingEngine>;

export const ReadingTokenResponse = z.object({
  engine: ReadingEngine,
  /**
   * Short-lived, good for one session: `ek_call_…`, `ek_relay_…` or `ek_local_…`, never an OpenAI
   * secret. `ek_` because the browser SDK refuses keys without that prefix.
   */
  token: z.string().startsWith('ek_'),
  /** When the token stops opening sessions, epoch seconds. A session already open carries on. */
  expiresAt: z.number().int().positive(),
  /** The Realtime model; pass the same one to `new RealtimeSession(agent, { model })`. */
  model: z.string().min(1),
  /**
   * The WebSocket to open with `token` (`ws:`/`wss:`): the edge's relay to OpenAI, or the offline
   * reader. Absent for a voice call, which posts its offer to `callUrl`.
   */
  url: z.url({ protocol: /^wss?$/ }).optional(),
  /**
   * A voice call through the edge: where `OpenAIRealtimeWebRTC` posts its offer (`baseUrl`), with
   * `token`, a call token good for one call.
   */
  callUrl: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The reading's cost cap, minutes (the deployer's `READING_MAX_MINUTES`): the page ends the
   * reading this long after it first started, counting reconnects and reloads, with a notice a
   * minute before. Absent: no cap (local development by default).
   */
  maxSessionMinutes: z.number().int().min(1).max(1440).optional(),
  /**
   * The offline reader only: whether it hears this reading's spoken turns (a local speech
   * recognizer runs and hears its language). False or absent: a spoken turn follows a demo script.
   */
  hears: z.boolean().optional(),
});
export type ReadingTokenResponse = z.infer<typeof ReadingTokenResponse>;

/**
 * Which of a reading's limits the edge ended its session at: its minutes (`READING_MAX_MINUTES`) or
 * its tokens (`READING_MAX_TOKENS`). The page then ends the reading and says so, rather than
 * reconnecting.
 */
export const ReadingLimit = z.enum(['minutes', 'tokens']);
export type ReadingLimit = z.infer<typeof ReadingLimit>;

/**
 * The `error` event's `code` the relay sends the page just before it closes a session at a limit
 * (the WebSocket has no other way to say why).
 */
export const READING_LIMIT_CODES: Record<ReadingLimit, string> = {
  minutes: 'reading_minute_cap',
  tokens: 'reading_token_budget',
};

/**
 * `GET /api/voice/calls/{callId}` with the call's token: whether the edge hung the call up at a
 * limit (`ended`), so a page whose call closed knows whether to call again. A WebRTC call that
 * closes says nothing of why.
 */
export const VoiceCallState = z.object({
  callId: z.string().min(1).max(120),
  ended: ReadingLimit.nullable(),
});
export type VoiceCallState = z.infer<typeof VoiceCallState>;
