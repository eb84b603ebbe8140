/**
 * A reader session as data: what its host gives it (`ReaderSessionOptions`), the engine's own
 * fields, and the snapshot that carries a whole session (conversation, policy, log counters) into
 * a fresh isolate, which is how a Durable Object holding the socket wakes from hibernation and
 * goes on where it was.
 */
import type { LogEvent } from '../../contracts/events-schema.ts';
import type { SupportedLang } from '../../contracts/locale.ts';
import type { AgentName } from '../../contracts/reading-schema.ts';
import type { Transcriber } from '../hearing/transcriber.ts';
import type { TurnInput } from '../reading/policy-actions.ts';
import type { PolicyState } from '../reading/policy-state.ts';
import type { CallRecord, SessionLogState } from './session-log.ts';
import type { InboundBudgetState } from './limits.ts';
import type { WireItem } from './wire.ts';

export interface ReaderSessionOptions {
  /** Sends one server event (the host serialises it as a text frame). */
  send(event: object): void;
  /** Milliseconds since the epoch; tests and benchmarks may fix it. */
  now?(): number;
  /** The reading session id from the token, for logs. */
  sessionId?: string;
  /** The reading's checked language, from the token (English when absent). */
  lang?: SupportedLang;
  /** When the token that opened this session expires (epoch seconds), for logs. */
  tokenExpiresAt?: number;
  userAgent?: string;
  /** Structured log events (contracts/events.ts); no user words ever go in them. */
  onLog?(event: LogEvent): void;
  /** Closes the socket with a code, after a cap ended the session (limits.ts). */
  close?(code: number, reason: string): void;
  /** Idle time and session lifetime, ms (defaults in limits.ts). */
  idleMs?: number;
  sessionMs?: number;
  /** A session to carry on: a Durable Object woken from hibernation. */
  restore?: ReaderSnapshot;
  /** Hears committed audio turns (a local speech recognizer); without one they follow a demo script. */
  transcriber?: Transcriber;
  /** Something changed outside a frame (a turn was heard): a host that saves snapshots saves one. */
  changed?(): void;
}

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
  /** A `response.create` waiting for a committed turn's words (hearing.ts). */
  deferredResponse?: { modalities?: ('text' | 'audio')[] } | undefined;
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
  /** What is left of the inbound budget (absent in a snapshot from before it was kept). */
  budget?: InboundBudgetState;
}

/** A snapshot's fields, made whole: what an older reader did not keep, and what a process loses. */
export function restoredState(snapshot: ReaderSnapshot): EngineState {
  const state = snapshot.state;
  // A snapshot without these fields (saved by a reader that kept no history) has answered.
  state.responded ??= true;
  state.history ??= [];
  // A turn being heard when the object hibernated was lost with its process.
  state.inputs = state.inputs.map((input) =>
    input.kind === 'user_audio' && input.itemId ? { kind: 'unheard', reason: 'failed' } : input,
  );
  return state;
}
