/**
 * The browser's one way out for structured events (DESIGN.md "Events and logs"). Every event is
 * checked against `contracts/events.ts` before it leaves, then handed to the sinks: the console in
 * development, `navigator.sendBeacon` to an endpoint where one is configured (by
 * `configureEvents({ endpoint })` or `<meta name="va-events-endpoint" content="/api/events">`),
 * and any sink a test or a host page adds. No transcripts, prompts or secrets: the schemas are
 * strict, and the helpers below only ever take counts, enums and short labels.
 */
import {
  type AgentTransitionEvent,
  type BeaconEvent,
  BeaconParamValue,
  LogCode,
  type ConnectionStatus,
  type ContextSummary,
  type DeviceInfo,
  type ErrorKind,
  type LogEvent,
  LogEvent as LogEventSchema,
  type ReaderEngine,
  type ReadingMode,
  type SessionTransport,
  type ToolCallEvent,
} from '../../contracts/events.ts';
import type { AgentName } from '../../contracts/reading.ts';

export type EventSink = (event: LogEvent) => void;

interface EventsConfig {
  /** Where `sendBeacon` posts each event; null for nowhere. */
  endpoint: string | null | undefined;
  /** Whether events are written to the console. */
  console: boolean;
}

function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    // No `process` in an unbundled page: treat it as production.
    return false;
  }
}

const config: EventsConfig = { endpoint: undefined, console: isDevelopment() };
const sinks = new Set<EventSink>();

/** Sets where events go. `endpoint: null` turns the beacon off; `console` overrides the default. */
export function configureEvents(options: { endpoint?: string | null; console?: boolean }): void {
  if ('endpoint' in options) config.endpoint = options.endpoint;
  if (typeof options.console === 'boolean') config.console = options.console;
}

/** Adds a sink that receives every valid event; returns the function that removes it. */
export function addEventSink(sink: EventSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

function endpoint(): string | null {
  if (config.endpoint !== undefined) return config.endpoint;
  const meta = globalThis.document?.querySelector<HTMLMetaElement>(
    'meta[name="va-events-endpoint"]',
  );
  return meta?.content || null;
}

/**
 * The event as a beacon carries it (`BeaconEvent`): codes and numbers where the log allows text.
 * An error's message becomes its code (the message itself when it is one, else its kind and
 * severity, `connection_error`) and its stack stays in the page; a tool parameter in words
 * becomes its length.
 */
export function beaconForm(event: LogEvent): BeaconEvent {
  if (event.event === 'error') {
    const { stack, ...rest } = event;
    void stack;
    const message = LogCode.safeParse(event.message).success
      ? event.message
      : `${event.type}_${event.severity}`;
    return { ...rest, message };
  }
  if (event.event === 'tool_call') {
    const params = Object.fromEntries(
      Object.entries(event.params).map(([name, value]) => [
        name,
        BeaconParamValue.safeParse(value).success || typeof value !== 'string'
          ? value
          : value.length,
      ]),
    );
    const { errorCode, ...rest } = event;
    const code = errorCode !== undefined && LogCode.safeParse(errorCode).success ? errorCode : '';
    return { ...rest, params, ...(code ? { errorCode: code } : {}) };
  }
  return event;
}

function beacon(event: LogEvent): void {
  const url = endpoint();
  if (!url || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function')
    return;
  try {
    const body = JSON.stringify(beaconForm(event));
    navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  } catch {
    // A refused beacon (too large, page unloading) must never break the reading.
  }
}

/**
 * Emits one event. Returns false (and drops it) when it does not match the contract, so a bug that
 * would put stray fields in a log is caught here instead of leaking them.
 */
export function emitEvent(event: LogEvent): boolean {
  const parsed = LogEventSchema.safeParse(event);
  if (!parsed.success) {
    if (config.console) {
      console.warn('[events] dropped an event that does not match the contract', {
        event: event.event,
        issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      });
    }
    return false;
  }
  const valid = parsed.data;
  if (config.console) {
    const log =
      valid.event === 'error' && valid.severity === 'error' ? console.error : console.info;
    log(`[events] ${valid.event}`, valid);
  }
  beacon(valid);
  for (const sink of sinks) {
    try {
      sink(valid);
    } catch {
      // One failing sink does not stop the others.
    }
  }
  return true;
}

/** Cuts text to `max` characters, so an overlong message shortens instead of being dropped. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A readable message for anything thrown or emitted as an error. A refused WebSocket handshake
 * reaches the page as a bare DOM `Event` (whose text is "[object Event]"): that becomes `fallback`.
 */
export function describeError(error: unknown, fallback = 'Something went wrong.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  if (typeof error === 'object' && error !== null) {
    // The SDK wraps transport errors as { type: 'error', error }.
    if ('error' in error && error.error !== error) {
      const inner: unknown = error.error;
      if (inner !== undefined && inner !== null) return describeError(inner, fallback);
    }
    // A Realtime server error event: { type: 'error', error: { message } } unwrapped above, or
    // the bare { message } object.
    if ('message' in error && typeof error.message === 'string' && error.message) {
      return error.message;
    }
  }
  return fallback;
}

function userAgentData(): { platform?: unknown; mobile?: unknown } | undefined {
  const nav: unknown = globalThis.navigator;
  if (typeof nav !== 'object' || nav === null || !('userAgentData' in nav)) return undefined;
  const data: unknown = nav.userAgentData;
  if (typeof data !== 'object' || data === null) return undefined;
  return {
    platform: 'platform' in data ? data.platform : undefined,
    mobile: 'mobile' in data ? data.mobile : undefined,
  };
}

/**
 * The device a session runs on, coarsely, for the session start log (the spec's "device info"):
 * the platform, whether it is a phone or tablet, and whether it takes touch. No identifiers.
 */
export function describeDevice(): DeviceInfo | undefined {
  const nav = globalThis.navigator;
  if (!nav) return undefined;
  const data = userAgentData();
  const userAgent = typeof nav.userAgent === 'string' ? nav.userAgent : '';
  const platform =
    typeof data?.platform === 'string' && data.platform
      ? data.platform
      : typeof nav.platform === 'string' && nav.platform
        ? nav.platform
        : 'unknown';
  return {
    platform: clip(platform, 60),
    mobile:
      typeof data?.mobile === 'boolean' ? data.mobile : /Mobi|Android|iPhone|iPad/i.test(userAgent),
    touch: typeof nav.maxTouchPoints === 'number' && nav.maxTouchPoints > 0,
  };
}

export interface SessionLogOptions {
  /** The clock, in milliseconds. */
  now?: () => number;
  /** Where events go; the module's `emitEvent` by default. */
  emit?: (event: LogEvent) => boolean;
}

export interface SessionStartInput {
  initialAgent: string;
  tokenExpiresAt: string | null;
  mode: ReadingMode;
  engine: ReaderEngine;
  userAgent?: string;
  /** The device (see `describeDevice()`); logged only when given. */
  device?: DeviceInfo;
  /** How the session travels; logged only when given. */
  transport?: SessionTransport;
}

export interface ToolCallInput {
  tool: string;
  agent: string;
  params: ToolCallEvent['params'];
  result: 'success' | 'error';
  errorCode?: string;
  durationMs: number;
}

export interface ErrorInput {
  type: ErrorKind;
  message: string;
  severity?: 'warning' | 'error';
  error?: unknown;
  agent?: string;
  connectionStatus: ConnectionStatus;
}

/**
 * One session's events with its id and clock filled in, and the running figures that become the
 * session summary (transitions, tool calls by type, cards drawn, average tool time, time per agent).
 */
export class SessionLog {
  readonly sessionId: string;
  #now: () => number;
  #emit: (event: LogEvent) => boolean;
  #startedAt: number | undefined;
  #agent: string | undefined;
  #agentSince = 0;
  #agentDurations = new Map<string, number>();
  #transitions = 0;
  #toolCalls = new Map<string, number>();
  #toolMs = 0;
  #toolCount = 0;
  #cardsDrawn = 0;
  #ended = false;

  constructor(sessionId: string, options: SessionLogOptions = {}) {
    this.sessionId = sessionId;
    this.#now = options.now ?? Date.now;
    this.#emit = options.emit ?? emitEvent;
  }

  #time(): string {
    return new Date(this.#now()).toISOString();
  }

  /** Logs the session start and starts the clock of the first agent. */
  start(input: SessionStartInput): void {
    this.#startedAt = this.#now();
    this.#agent = input.initialAgent;
    this.#agentSince = this.#startedAt;
    this.#emit({
      event: 'session_start',
      sessionId: this.sessionId,
      time: this.#time(),
      initialAgent: input.initialAgent,
      tokenExpiresAt: input.tokenExpiresAt,
      userAgent: clip(input.userAgent ?? globalThis.navigator?.userAgent ?? 'unknown', 400),
      mode: input.mode,
      engine: input.engine,
      ...(input.device ? { device: input.device } : {}),
      ...(input.transport ? { transport: input.transport } : {}),
    });
  }

  /** The agent that is active now, if the session started. */
  get agent(): string | undefined {
    return this.#agent;
  }

  /** How long the current agent has been active. */
  get agentActiveMs(): number {
    return this.#agent === undefined ? 0 : Math.max(0, this.#now() - this.#agentSince);
  }

  #closeAgent(at: number): number {
    if (this.#agent === undefined) return 0;
    const duration = Math.max(0, at - this.#agentSince);
    this.#agentDurations.set(this.#agent, (this.#agentDurations.get(this.#agent) ?? 0) + duration);
    return duration;
  }

  /** Logs a handoff and moves the agent clock to the new agent. */
  agentTransition(from: AgentName, to: AgentName, contextSummary: ContextSummary): void {
    const at = this.#now();
    const durationMs = Math.round(this.#closeAgent(at));
    this.#agent = to;
    this.#agentSince = at;
    this.#transitions += 1;
    const event: AgentTransitionEvent = {
      event: 'agent_transition',
      sessionId: this.sessionId,
      time: this.#time(),
      from,
      to,
      durationMs,
      contextSummary,
    };
    this.#emit(event);
  }

  toolCall(input: ToolCallInput): void {
    this.#toolCalls.set(input.tool, (this.#toolCalls.get(input.tool) ?? 0) + 1);
    this.#toolMs += Math.max(0, input.durationMs);
    this.#toolCount += 1;
    const params: ToolCallEvent['params'] = {};
    for (const [key, value] of Object.entries(input.params)) {
      params[key] = typeof value === 'string' ? clip(value, 240) : value;
    }
    this.#emit({
      event: 'tool_call',
      sessionId: this.sessionId,
      time: this.#time(),
      tool: input.tool,
      agent: input.agent,
      params,
      result: input.result,
      ...(input.errorCode ? { errorCode: input.errorCode } : {}),
      durationMs: Math.round(Math.max(0, input.durationMs)),
    });
  }

  cardDrawn(): void {
    this.#cardsDrawn += 1;
  }

  error(input: ErrorInput): void {
    const stack =
      input.error instanceof Error && typeof input.error.stack === 'string'
        ? clip(input.error.stack, 4000)
        : undefined;
    this.#emit({
      event: 'error',
      sessionId: this.sessionId,
      time: this.#time(),
      type: input.type,
      severity: input.severity ?? 'error',
      message: clip(input.message.trim() || 'Unknown error', 500),
      ...(stack ? { stack } : {}),
      ...(input.agent ? { agent: input.agent } : {}),
      connectionStatus: input.connectionStatus,
    });
  }

  /** Logs the session summary, once, for a session that started; later calls do nothing. */
  end(): void {
    if (this.#ended || this.#startedAt === undefined) return;
    this.#ended = true;
    const at = this.#now();
    this.#closeAgent(at);
    this.#agent = undefined;
    const round = (value: number): number => Math.round(value);
    this.#emit({
      event: 'session_summary',
      sessionId: this.sessionId,
      time: this.#time(),
      durationMs: round(this.#startedAt === undefined ? 0 : Math.max(0, at - this.#startedAt)),
      transitions: this.#transitions,
      toolCalls: Object.fromEntries(this.#toolCalls),
      cardsDrawn: this.#cardsDrawn,
      averageToolMs: this.#toolCount === 0 ? 0 : round(this.#toolMs / this.#toolCount),
      agentDurationsMs: Object.fromEntries(
        [...this.#agentDurations].map(([agent, ms]) => [agent, round(ms)]),
      ),
    });
  }

  get ended(): boolean {
    return this.#ended;
  }
}
