/**
 * The one structured event vocabulary as zod schemas: session start, agent transition, tool call,
 * error and session summary, and what a page may beacon. The edge parses a beacon with these; the
 * reader and the agent write the same shapes. The `events` pair's schema half: the vocabulary's
 * names, and the checks the browser holds its events to without zod, are `events.ts`, re-exported
 * here.
 *
 * The objects are strict: a field that is not in the schema fails validation, so a transcript, a
 * prompt or a token cannot ride along. Context summaries are counts and enums, never the user's
 * words.
 */
import { z } from 'zod';
import {
  BEACON_IDENTIFIER,
  CONNECTION_STATUSES,
  ERROR_KINDS,
  LOG_CODE,
  SESSION_TRANSPORTS,
} from './events.ts';
import { AgentName, IntentHandoff } from './reading-schema.ts';
import { Modality, ReadingEngine } from './reading-token.ts';

export {
  BEACON_IDENTIFIER,
  CONNECTION_STATUSES,
  ERROR_KINDS,
  EVENT_NAMES,
  type EventName,
  ISO_TIME,
  LOG_CODE,
  SESSION_TRANSPORTS,
  isBeaconParamValue,
  isLogCode,
  isLogEvent,
} from './events.ts';

const SessionId = z.string().min(1).max(100);
const Time = z.iso.datetime();
const Duration = z.number().int().min(0);

/** How the connection stood when something happened. */
export const ConnectionStatus = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/** The reading's modality (`contracts/reading-token.ts` `Modality`). */
export const ReadingMode = Modality;
export type ReadingMode = Modality;

/** The engine that reads (`contracts/reading-token.ts` `ReadingEngine`). */
export const ReaderEngine = ReadingEngine;
export type ReaderEngine = ReadingEngine;

/** The visitor's device, coarsely (no identifiers): enough to tell a phone from a desktop. */
export const DeviceInfo = z.strictObject({
  /** `navigator.userAgentData.platform` or `navigator.platform`, e.g. "Android", "macOS". */
  platform: z.string().max(60),
  mobile: z.boolean(),
  /** Whether the screen takes touch input. */
  touch: z.boolean(),
});
export type DeviceInfo = z.infer<typeof DeviceInfo>;

/** How a reading's session travels: WebRTC (OpenAI voice) or WebSocket (text, the local reader). */
export const SessionTransport = z.enum(SESSION_TRANSPORTS);
export type SessionTransport = z.infer<typeof SessionTransport>;

export const SessionStartEvent = z.strictObject({
  event: z.literal('session_start'),
  sessionId: SessionId,
  time: Time,
  /** An agent name (`IntentAssessment`) or, outside the reading, the agent's id (`bmo`). */
  initialAgent: z.string().min(1).max(60),
  /** When the short-lived token stops working; null where none was issued. */
  tokenExpiresAt: Time.nullable(),
  userAgent: z.string().max(400),
  mode: ReadingMode,
  engine: ReaderEngine,
  device: DeviceInfo.optional(),
  transport: SessionTransport.optional(),
});
export type SessionStartEvent = z.infer<typeof SessionStartEvent>;

/** What a handoff carried, summarised: enums and counts, never the user's words. */
export const ContextSummary = z.strictObject({
  topic: IntentHandoff.shape.topic.optional(),
  hasHiddenConcern: z.boolean().optional(),
  spreadName: z.string().max(80).optional(),
  positions: z.number().int().min(0).max(10).optional(),
  cards: z.number().int().min(0).max(20).optional(),
  interpretations: z.number().int().min(0).max(20).optional(),
});
export type ContextSummary = z.infer<typeof ContextSummary>;

export const AgentTransitionEvent = z.strictObject({
  event: z.literal('agent_transition'),
  sessionId: SessionId,
  time: Time,
  from: AgentName,
  to: AgentName,
  /** How long the previous agent was active. */
  durationMs: Duration,
  contextSummary: ContextSummary,
});
export type AgentTransitionEvent = z.infer<typeof AgentTransitionEvent>;

/** A tool's parameters as logged: short scalar values only. */
export const ToolCallParams = z.record(
  z.string().max(60),
  z.union([z.string().max(240), z.number(), z.boolean(), z.null()]),
);

export const ToolCallEvent = z.strictObject({
  event: z.literal('tool_call'),
  sessionId: SessionId,
  time: Time,
  tool: z.string().min(1).max(64),
  agent: z.string().min(1).max(60),
  params: ToolCallParams,
  result: z.enum(['success', 'error']),
  /** The ToolErrorResult code when `result` is `error`. */
  errorCode: z.string().max(40).optional(),
  durationMs: Duration,
});
export type ToolCallEvent = z.infer<typeof ToolCallEvent>;

export const ErrorKind = z.enum(ERROR_KINDS);
export type ErrorKind = z.infer<typeof ErrorKind>;

export const ErrorEvent = z.strictObject({
  event: z.literal('error'),
  sessionId: SessionId,
  time: Time,
  type: ErrorKind,
  /** `warning` for something that did not stop the session (an agent timeout, a refused pick). */
  severity: z.enum(['warning', 'error']),
  message: z.string().min(1).max(500),
  stack: z.string().max(4000).optional(),
  agent: z.string().max(60).optional(),
  connectionStatus: ConnectionStatus,
});
export type ErrorEvent = z.infer<typeof ErrorEvent>;

export const SessionSummaryEvent = z.strictObject({
  event: z.literal('session_summary'),
  sessionId: SessionId,
  time: Time,
  durationMs: Duration,
  transitions: z.number().int().min(0),
  /** Tool name → number of calls. */
  toolCalls: z.record(z.string().max(64), z.number().int().min(0)),
  cardsDrawn: z.number().int().min(0),
  averageToolMs: Duration,
  /** Agent name → total time active. */
  agentDurationsMs: z.record(z.string().max(60), Duration),
});
export type SessionSummaryEvent = z.infer<typeof SessionSummaryEvent>;

export const LogEvent = z.discriminatedUnion('event', [
  SessionStartEvent,
  AgentTransitionEvent,
  ToolCallEvent,
  ErrorEvent,
  SessionSummaryEvent,
]);
export type LogEvent = z.infer<typeof LogEvent>;

/**
 * What a page may beacon to `POST /api/events`: the same events, with codes and numbers where the
 * log vocabulary allows text. An error's message is a code the page chose (`connection_lost`) and
 * carries no stack; a tool parameter is a number, a boolean, null or an identifier (a card id, a
 * position label), never words (the page sends a phrase's length instead). So a client cannot
 * write its own text into the logs, whatever it sends.
 */
export const LogCode = z.string().regex(LOG_CODE, 'must be a code');
export const BeaconParamValue = z.union([
  z.string().regex(BEACON_IDENTIFIER, 'must be an identifier'),
  z.number(),
  z.boolean(),
  z.null(),
]);
export const BeaconErrorEvent = ErrorEvent.omit({ stack: true }).extend({ message: LogCode });
export const BeaconToolCallEvent = ToolCallEvent.extend({
  params: z.record(z.string().regex(/^[A-Za-z0-9_]{1,60}$/), BeaconParamValue),
  errorCode: LogCode.optional(),
});
export const BeaconEvent = z.discriminatedUnion('event', [
  SessionStartEvent,
  AgentTransitionEvent,
  BeaconToolCallEvent,
  BeaconErrorEvent,
  SessionSummaryEvent,
]);
export type BeaconEvent = z.infer<typeof BeaconEvent>;
