/**
 * The one structured event vocabulary for the spec's logging requirements: session start, agent
 * transition, tool call, error and session summary. The browser emits these through
 * `web-components/events/`; the edge and the agent may write the same shapes as JSON lines.
 *
 * Every event names itself in `event` and carries `sessionId` and `time` (ISO 8601). The objects
 * are strict: a field that is not in the vocabulary fails the check, so a transcript, a prompt or a
 * token cannot ride along. Context summaries are counts and enums, never the user's words.
 *
 * The zod-free half of the `events` pair (see `api.ts`): the vocabulary as checks, which the
 * browser holds every event to before it leaves. `events-schema.ts` holds the same vocabulary as
 * zod schemas (the edge parses a beacon with them) and re-exports the names.
 */
import {
  type Checked,
  boolean,
  either,
  finite,
  integer,
  nullable,
  object,
  oneOf,
  optional,
  record,
  text,
} from './checks.ts';
import { AGENT_NAMES } from './reading.ts';
import { MODALITIES, READING_ENGINES, READING_TOPICS } from './reading-lists.ts';

export const EVENT_NAMES = [
  'session_start',
  'agent_transition',
  'tool_call',
  'error',
  'session_summary',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** How the connection stood when something happened. */
export const CONNECTION_STATUSES = [
  'idle',
  'connecting',
  'connected',
  'disconnected',
  'error',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** The reading's modality (`MODALITIES` in `contracts/reading.ts`). */
export type ReadingMode = (typeof MODALITIES)[number];

/** The engine that reads (`READING_ENGINES` in `contracts/reading.ts`). */
export type ReaderEngine = (typeof READING_ENGINES)[number];

/** How a reading's session travels: WebRTC (OpenAI voice) or WebSocket (text, the local reader). */
export const SESSION_TRANSPORTS = ['webrtc', 'websocket'] as const;
export type SessionTransport = (typeof SESSION_TRANSPORTS)[number];

export const ERROR_KINDS = [
  'connection',
  'tool',
  'validation',
  'timeout',
  'unsupported',
  'microphone',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** An ISO 8601 time in UTC, as `Date.prototype.toISOString` writes it (zod's `z.iso.datetime()`). */
export const ISO_TIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$/;

/** A log code: the message of a beaconed error, a tool's error code (`connection_lost`). */
export const LOG_CODE = /^[a-z][a-z0-9_.-]{0,63}$/;
/** A tool parameter a beacon may carry as text: an identifier (a card id, a position label). */
export const BEACON_IDENTIFIER = /^[A-Za-z0-9_.-]{1,60}$/;

const sessionId = /* @__PURE__ */ text(1, 100);
const time = /* @__PURE__ */ text(0, Infinity, ISO_TIME);
const duration = /* @__PURE__ */ integer(0);

/** The visitor's device, coarsely (no identifiers): enough to tell a phone from a desktop. */
const deviceInfo = /* @__PURE__ */ object(
  {
    /** `navigator.userAgentData.platform` or `navigator.platform`, e.g. "Android", "macOS". */
    platform: text(0, 60),
    mobile: boolean,
    /** Whether the screen takes touch input. */
    touch: boolean,
  },
  true,
);
export type DeviceInfo = Checked<typeof deviceInfo>;

const sessionStart = /* @__PURE__ */ object(
  {
    event: oneOf('session_start'),
    sessionId,
    time,
    /** An agent name (`IntentAssessment`) or, outside the reading, the agent's id (`bmo`). */
    initialAgent: text(1, 60),
    /** When the short-lived token stops working; null where none was issued. */
    tokenExpiresAt: nullable(time),
    userAgent: text(0, 400),
    mode: oneOf(...MODALITIES),
    engine: oneOf(...READING_ENGINES),
    device: optional(deviceInfo),
    transport: optional(oneOf(...SESSION_TRANSPORTS)),
  },
  true,
);
export type SessionStartEvent = Checked<typeof sessionStart>;

/** What a handoff carried, summarised: enums and counts, never the user's words. */
const contextSummary = /* @__PURE__ */ object(
  {
    topic: optional(oneOf(...READING_TOPICS)),
    hasHiddenConcern: optional(boolean),
    spreadName: optional(text(0, 80)),
    positions: optional(integer(0, 10)),
    cards: optional(integer(0, 20)),
    interpretations: optional(integer(0, 20)),
  },
  true,
);
export type ContextSummary = Checked<typeof contextSummary>;

const agentTransition = /* @__PURE__ */ object(
  {
    event: oneOf('agent_transition'),
    sessionId,
    time,
    from: oneOf(...AGENT_NAMES),
    to: oneOf(...AGENT_NAMES),
    /** How long the previous agent was active. */
    durationMs: duration,
    contextSummary,
  },
  true,
);
export type AgentTransitionEvent = Checked<typeof agentTransition>;

/** A tool's parameters as logged: short scalar values only. */
const toolCallParams = /* @__PURE__ */ record(
  text(0, 60),
  either(text(0, 240), finite, boolean, oneOf(null)),
);

const toolCall = /* @__PURE__ */ object(
  {
    event: oneOf('tool_call'),
    sessionId,
    time,
    tool: text(1, 64),
    agent: text(1, 60),
    params: toolCallParams,
    result: oneOf('success', 'error'),
    /** The ToolErrorResult code when `result` is `error`. */
    errorCode: optional(text(0, 40)),
    durationMs: duration,
  },
  true,
);
export type ToolCallEvent = Checked<typeof toolCall>;

const error = /* @__PURE__ */ object(
  {
    event: oneOf('error'),
    sessionId,
    time,
    type: oneOf(...ERROR_KINDS),
    /** `warning` for something that did not stop the session (an agent timeout, a refused pick). */
    severity: oneOf('warning', 'error'),
    message: text(1, 500),
    stack: optional(text(0, 4000)),
    agent: optional(text(0, 60)),
    connectionStatus: oneOf(...CONNECTION_STATUSES),
  },
  true,
);
export type ErrorEvent = Checked<typeof error>;

const sessionSummary = /* @__PURE__ */ object(
  {
    event: oneOf('session_summary'),
    sessionId,
    time,
    durationMs: duration,
    transitions: integer(0),
    /** Tool name → number of calls. */
    toolCalls: record(text(0, 64), integer(0)),
    cardsDrawn: integer(0),
    averageToolMs: duration,
    /** Agent name → total time active. */
    agentDurationsMs: record(text(0, 60), duration),
  },
  true,
);
export type SessionSummaryEvent = Checked<typeof sessionSummary>;

/** Whether a value is one of the five events, with no field beyond its own. */
export const isLogEvent = /* @__PURE__ */ either(
  sessionStart,
  agentTransition,
  toolCall,
  error,
  sessionSummary,
);
export type LogEvent = Checked<typeof isLogEvent>;

/** Whether a text is a log code (`LogCode` in `events-schema.ts`). */
export const isLogCode = (value: unknown): boolean => logCode(value);
const logCode = /* @__PURE__ */ text(0, Infinity, LOG_CODE);

/** Whether a tool parameter may go in a beacon as it is (`BeaconParamValue`). */
export const isBeaconParamValue = (value: unknown): boolean => beaconParamValue(value);
const beaconParamValue = /* @__PURE__ */ either(
  text(0, Infinity, BEACON_IDENTIFIER),
  finite,
  boolean,
  oneOf(null),
);

/**
 * What a page may beacon to `POST /api/events`: the same events, with codes and numbers where the
 * log vocabulary allows text (`BeaconEvent` in `events-schema.ts`, which the edge parses with). An
 * error's message is a code and carries no stack; a tool parameter is a number, a boolean, null
 * or an identifier, never words.
 */
export type BeaconEvent =
  | SessionStartEvent
  | AgentTransitionEvent
  | {
      [K in keyof ToolCallEvent]: K extends 'params'
        ? Record<string, string | number | boolean | null>
        : ToolCallEvent[K];
    }
  | Omit<ErrorEvent, 'stack'>
  | SessionSummaryEvent;
