/**
 * A reader session's state as plain data: the engine's own fields, and the snapshot that carries a
 * whole session (conversation, policy, log counters) into a fresh isolate, which is how a Durable
 * Object holding the socket wakes from hibernation and goes on where it was.
 */
import type { AgentName } from '../../contracts/reading.ts';
import type { TurnInput } from '../reading/policy-actions.ts';
import type { PolicyState } from '../reading/policy-state.ts';
import type { CallRecord, SessionLogState } from './session-log.ts';
import type { WireItem } from './wire.ts';

export interface EngineState {
  started: boolean;
  closed: boolean;
  /** The last number used in an id (`item_local_<n>`, `event_local_<n>`, …). */
  seq: number;
  /** The session object `session.created` and `session.updated` report. */
  session: Record<string, unknown>;
  agent: AgentName;
  /** When the active agent became active (ms since the epoch). */
  agentSince: number;
  modality: 'text' | 'audio';
  loggedStart: boolean;
  /** What happened since the last response. */
  inputs: TurnInput[];
  /** Decoded bytes appended to the input audio buffer since it was last committed or cleared. */
  audioBytes: number;
  /** Whether a `response.create` has come: items with ids before it are a resumed session's history. */
  responded: boolean;
  /** The user's words in that history, in order (history.ts rebuilds the reading from them). */
  history: string[];
}

export function initialEngineState(
  session: Record<string, unknown>,
  startedAt: number,
): EngineState {
  return {
    started: false,
    closed: false,
    seq: 0,
    session,
    agent: 'IntentAssessment',
    agentSince: startedAt,
    modality: 'audio',
    loggedStart: false,
    inputs: [],
    audioBytes: 0,
    responded: false,
    history: [],
  };
}

export interface ReaderSnapshot {
  v: 1;
  state: EngineState;
  tools: string[];
  calls: [string, CallRecord][];
  startedAt: number;
  lastActivity: number;
  conversation: WireItem[];
  policy: PolicyState;
  log: SessionLogState;
}
