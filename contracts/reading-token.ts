/**
 * The reading token route (`POST /api/voice/token`, its public path; it serves text readings too):
 * what the page asks for and what the edge answers. One shape for both engines: with an OpenAI key the token is an OpenAI client secret and the page
 * connects to OpenAI; without one it is a local reader token and `url` is the reader's WebSocket.
 */
import { z } from 'zod';
import { SupportedLangSchema } from './locale-schema.ts';

/** The Realtime model when `OPENAI_REALTIME_MODEL` does not name one (edge, reader and agent). */
export const DEFAULT_REALTIME_MODEL = 'gpt-realtime';

/** Whether a reading is spoken or typed: the same agents, another output modality. */
export const Modality = z.enum(['voice', 'text']);
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
export const ReadingEngine = z.enum(['local', 'openai']);
export type ReadingEngine = z.infer<typeof ReadingEngine>;

export const ReadingTokenResponse = z.object({
  engine: ReadingEngine,
  /** Short-lived: an `ek_…` client secret. The browser SDK refuses keys without that prefix. */
  token: z.string().startsWith('ek_'),
  /** When the token stops opening sessions, epoch seconds. A session already open carries on. */
  expiresAt: z.number().int().positive(),
  /** The Realtime model; pass the same one to `new RealtimeSession(agent, { model })`. */
  model: z.string().min(1),
  /** The local reader's WebSocket (`ws:`/`wss:`); absent for OpenAI, whose default URL the SDK knows. */
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
 * What OpenAI's `POST /v1/realtime/client_secrets` answers (the fields we use). Parsed at the
 * edge, so a changed or broken upstream answer is an error, never passed to the page.
 */
export const OpenAIClientSecret = z.object({
  value: z.string().startsWith('ek_'),
  expires_at: z.number().int().positive(),
});
export type OpenAIClientSecret = z.infer<typeof OpenAIClientSecret>;
