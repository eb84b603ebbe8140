/**
 * One session's log: its start, agent transitions, tool calls, errors and summary as structured
 * events, each with the session id, passed through `emitEvent` (emit.ts) and its schema checks.
 */
import type {
  AgentTransitionEvent,
  ConnectionStatus,
  ContextSummary,
  DeviceInfo,
  ErrorKind,
  LogEvent,
  ReaderEngine,
  ReadingMode,
  SessionTransport,
  ToolCallEvent,
} from '../../contracts/events.ts';
import type { AgentName } from '../../contracts/reading-schema.ts';
import { clip } from './describe.ts';
import { emitEvent } from './emit.ts';

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
