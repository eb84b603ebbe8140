/**
 * What a reader session logs about itself, as the spec's structured events: tool calls (with our
 * own labels and ids as parameters, never the user's words), time spent per agent, and the
 * session summary. Nothing here reaches the client.
 */
import type { LogEvent } from '../../contracts/events-schema.ts';
import { DrawCardResult, ToolErrorResult, type AgentName } from '../../contracts/reading-schema.ts';
import { DRAW_CARD, SHOW_CARD } from '../reading/policy-actions.ts';
import type { ReaderPolicy } from '../reading/policy.ts';
import { clip } from '../../contracts/text.ts';

export interface CallRecord {
  name: string;
  args: Record<string, unknown>;
  agent: AgentName;
  startedAt: number;
  answered: boolean;
}

/** What the log has counted so far, as plain data (for a snapshot). */
export interface SessionLogState {
  toolCounts: [string, number][];
  agentDurations: [string, number][];
  toolMs: number;
  toolDone: number;
  transitions: number;
}

export class SessionLog {
  readonly #sessionId: string;
  readonly #sink: ((event: LogEvent) => void) | undefined;
  #toolCounts = new Map<string, number>();
  #agentDurations = new Map<string, number>();
  #toolMs = 0;
  #toolDone = 0;
  transitions = 0;

  constructor(sessionId: string | undefined, sink: ((event: LogEvent) => void) | undefined) {
    this.#sessionId = clip(sessionId ?? 'local', 100);
    this.#sink = sink;
  }

  toJSON(): SessionLogState {
    return {
      toolCounts: [...this.#toolCounts],
      agentDurations: [...this.#agentDurations],
      toolMs: this.#toolMs,
      toolDone: this.#toolDone,
      transitions: this.transitions,
    };
  }

  load(state: SessionLogState): void {
    this.#toolCounts = new Map(state.toolCounts);
    this.#agentDurations = new Map(state.agentDurations);
    this.#toolMs = state.toolMs;
    this.#toolDone = state.toolDone;
    this.transitions = state.transitions;
  }

  get sessionId(): string {
    return this.#sessionId;
  }

  write(event: LogEvent): void {
    try {
      this.#sink?.(event);
    } catch {
      // A failing logger must not break the reading.
    }
  }

  sessionStart(
    now: number,
    agent: AgentName,
    modality: 'text' | 'audio',
    options: { tokenExpiresAt?: number; userAgent?: string },
  ): void {
    this.write({
      event: 'session_start',
      sessionId: this.#sessionId,
      time: new Date(now).toISOString(),
      initialAgent: agent,
      tokenExpiresAt:
        options.tokenExpiresAt === undefined
          ? null
          : new Date(options.tokenExpiresAt * 1000).toISOString(),
      userAgent: clip(options.userAgent ?? '', 400),
      mode: modality === 'audio' ? 'voice' : 'text',
      engine: 'local',
    });
  }

  transition(
    now: number,
    from: AgentName,
    to: AgentName,
    durationMs: number,
    summary: ReaderPolicy['summary'],
  ): void {
    this.transitions += 1;
    this.write({
      event: 'agent_transition',
      sessionId: this.#sessionId,
      time: new Date(now).toISOString(),
      from,
      to,
      durationMs,
      contextSummary: {
        ...(summary.topic ? { topic: summary.topic } : {}),
        ...(summary.spreadName ? { spreadName: summary.spreadName } : {}),
        positions: summary.positions,
        cards: Math.min(summary.cardsDrawn, 20),
        interpretations: Math.min(summary.interpretations, 20),
      },
    });
  }

  error(
    now: number,
    agent: AgentName,
    type: 'validation' | 'unsupported',
    severity: 'error' | 'warning',
    message: string,
  ): void {
    this.write({
      event: 'error',
      sessionId: this.#sessionId,
      time: new Date(now).toISOString(),
      type,
      severity,
      message: clip(message, 500),
      agent,
      connectionStatus: 'connected',
    });
  }

  countCall(name: string): void {
    this.#toolCounts.set(name, (this.#toolCounts.get(name) ?? 0) + 1);
  }

  addAgentTime(agent: AgentName, ms: number): void {
    this.#agentDurations.set(agent, (this.#agentDurations.get(agent) ?? 0) + Math.max(0, ms));
  }

  /** Logs a function call whose output came back. */
  tool(record: CallRecord, output: string, now: number): void {
    const durationMs = Math.max(0, Math.round(now - record.startedAt));
    this.#toolMs += durationMs;
    this.#toolDone += 1;
    let parsed: unknown = output;
    try {
      parsed = JSON.parse(output);
    } catch {
      // Plain text output (the SDK's own error text, or a handoff's).
    }
    const failure = ToolErrorResult.safeParse(parsed);
    const failed =
      failure.success ||
      (record.name === DRAW_CARD && !DrawCardResult.safeParse(parsed).success) ||
      (record.name === SHOW_CARD && typeof parsed === 'string');
    // Parameters as logged: only our own labels and ids, never the user's words.
    const params: Record<string, string | boolean> = {};
    if (typeof record.args.positionLabel === 'string')
      params.positionLabel = clip(record.args.positionLabel, 60);
    if (typeof record.args.cardId === 'string') params.cardId = record.args.cardId;
    if (typeof record.args.reversed === 'boolean') params.reversed = record.args.reversed;
    this.write({
      event: 'tool_call',
      sessionId: this.#sessionId,
      time: new Date(now).toISOString(),
      tool: record.name,
      agent: record.agent,
      params,
      result: failed ? 'error' : 'success',
      ...(failure.success ? { errorCode: failure.data.error.code } : {}),
      durationMs,
    });
  }

  summary(now: number, startedAt: number, cardsDrawn: number): void {
    this.write({
      event: 'session_summary',
      sessionId: this.#sessionId,
      time: new Date(now).toISOString(),
      durationMs: Math.max(0, Math.round(now - startedAt)),
      transitions: this.transitions,
      toolCalls: Object.fromEntries(this.#toolCounts),
      cardsDrawn,
      averageToolMs: this.#toolDone === 0 ? 0 : Math.round(this.#toolMs / this.#toolDone),
      agentDurationsMs: Object.fromEntries(
        [...this.#agentDurations].map(([name, ms]) => [name, Math.round(ms)]),
      ),
    });
  }
}
