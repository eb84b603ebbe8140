/**
 * The RealtimeSession's events, turned into the reading's store, log, announcements and nudges:
 * the active agent and its handoffs, tool activity, the transcript (history plus streaming
 * deltas), the agent's audio, model and transport errors, and a dropped connection. Only the
 * session that is still current may write; a closed one's late events are ignored.
 */
import type { RealtimeSession } from '@openai/agents-realtime';
import type { ConnectionStatus, ContextSummary } from '../../../contracts/events.ts';
import { VoicePeerNotice } from '../../../contracts/realtime.ts';
import { AGENT_NAMES, type AgentName } from '../../../contracts/reading-schema.ts';
import { READING_LIMIT_CODES, type ReadingLimit } from '../../../contracts/reading-token.ts';
import { type SessionLog, describeError } from '../../events/index.ts';
import type { Announcer } from '../../stores/announcer.ts';
import type { ReadingStore } from '../../stores/reading.ts';
import type { ReadingFacts, ReadingRunContext } from '../agents/context.ts';
import type { Sdk } from './reading-options.ts';
import type { ReadingNudges } from './reading-nudges.ts';
import { mergeHistory } from '../state/resume.ts';
import { transcriptFromHistory } from '../state/transcript.ts';
import type { ReadingStrings } from '../i18n/session-en.ts';

type Session = RealtimeSession<ReadingRunContext>;

export function isAgentName(name: string): name is AgentName {
  return (AGENT_NAMES as readonly string[]).includes(name);
}

/** What a handoff log says about what the phases found: counts and enums, never words. */
export function contextSummary(facts: ReadingFacts, to: AgentName): ContextSummary {
  if (to === 'SpreadGeneration') {
    return facts.intent
      ? { topic: facts.intent.topic, hasHiddenConcern: facts.intent.hiddenConcern.trim() !== '' }
      : {};
  }
  if (to === 'Reading') {
    return {
      ...(facts.intent ? { topic: facts.intent.topic } : {}),
      ...(facts.spread
        ? { spreadName: facts.spread.name.slice(0, 80), positions: facts.spread.positions.length }
        : {}),
      cards: facts.cards.length,
    };
  }
  if (to === 'Followup') {
    return {
      cards: facts.cards.length,
      interpretations: facts.reading?.interpretations.length ?? 0,
    };
  }
  return {};
}

/**
 * The transcript as the store shows it: the session's history plus text still streaming in. After
 * a dropped connection or a reload it keeps the past history (`carry`, `restore`) and puts the new
 * session's history after it, so the transcript reads the same before and after.
 */
export class TranscriptFeed {
  #past: readonly unknown[] = [];
  #history: readonly unknown[] = [];
  #partials = new Map<string, string>();
  #store: ReadingStore;
  #cardName: (id: string) => string;
  #onChange: () => void;

  constructor(store: ReadingStore, cardName: (id: string) => string, onChange = () => {}) {
    this.#store = store;
    this.#cardName = cardName;
    this.#onChange = onChange;
  }

  /** The whole history: the past sessions' and the current one's. */
  get items(): readonly unknown[] {
    return this.#history;
  }

  history(history: readonly unknown[]): void {
    this.#history = mergeHistory(this.#past, history);
    this.#refresh();
    this.#onChange();
  }

  delta(itemId: string, delta: string): void {
    this.#partials.set(itemId, (this.#partials.get(itemId) ?? '') + delta);
    this.#refresh();
  }

  /** Keeps the history so far as the past: a new session's history goes after it. */
  carry(): void {
    this.#past = this.#history;
    this.#partials.clear();
  }

  /** Starts from a saved history (a reload). */
  restore(history: readonly unknown[]): void {
    this.#past = history;
    this.#history = history;
    this.#partials.clear();
    this.#refresh();
  }

  reset(): void {
    this.#past = [];
    this.#history = [];
    this.#partials.clear();
  }

  #refresh(): void {
    this.#store.setTranscript(transcriptFromHistory(this.#history, this.#partials, this.#cardName));
  }
}

export interface SessionEventsTarget {
  readonly store: ReadingStore;
  readonly announcer: Announcer;
  readonly nudges: ReadingNudges;
  readonly transcript: TranscriptFeed;
  isCurrent(session: Session): boolean;
  status(): ConnectionStatus;
  closing(): boolean;
  facts(): ReadingFacts;
  log(): SessionLog | undefined;
  currentAgent(): AgentName;
  /** The transport dropped while connected. */
  lostConnection(): void;
  /** The edge is ending the session at one of the reading's limits (the relay says which). */
  limitReached(limit: ReadingLimit): void;
  /** A tool ended with `{ success: false }` (its error code). */
  toolFailed(tool: string, code: string): void;
  /** The reader has something to tell the visitor (`voice_peer.notice`). */
  notice(text: string): void;
  /** The strings of the visitor's language, for what it announces. */
  strings(): ReadingStrings;
}

/** The limit an `error` event from the edge's relay names, else undefined. */
export function readingLimitOf(event: Record<string, unknown>): ReadingLimit | undefined {
  if (event.type !== 'error') return undefined;
  const error: unknown = event.error;
  const code: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : '';
  const limits = Object.keys(READING_LIMIT_CODES) as ReadingLimit[];
  return limits.find((limit) => READING_LIMIT_CODES[limit] === code);
}

/** The error code of a tool's `{ success: false, error: { code } }` output, else undefined. */
export function failedCode(result: unknown): string | undefined {
  if (typeof result !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(result);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  if (Reflect.get(parsed, 'success') !== false) return undefined;
  const error: unknown = Reflect.get(parsed, 'error');
  const code: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : '';
  return typeof code === 'string' && code ? code : 'error';
}

export function wireSession(session: Session, sdk: Sdk, target: SessionEventsTarget): void {
  const { store, nudges } = target;
  const current = () => target.isCurrent(session);

  session.on('agent_start', (_context, agent) => {
    if (!current()) return;
    nudges.cancel();
    if (isAgentName(agent.name) && store.$agent.get() !== agent.name) store.setAgent(agent.name);
  });

  session.on('agent_handoff', (_context, from, to) => {
    if (!current() || !isAgentName(from.name) || !isAgentName(to.name)) return;
    target.log()?.agentTransition(from.name, to.name, contextSummary(target.facts(), to.name));
    store.setAgent(to.name);
    const t = target.strings();
    target.announcer.announce(t.nowInPhase(t.phase(to.name)));
    nudges.phaseChanged(to.name);
  });

  session.on('agent_tool_start', () => {
    if (current()) nudges.toolStarted();
  });
  session.on('agent_tool_end', (_context, _agent, tool, result) => {
    if (!current()) return;
    nudges.toolEnded();
    const code = failedCode(result);
    if (code) target.toolFailed(tool.name, code);
  });
  session.on('agent_tool_start', () => {
    if (current()) store.setChoice(null);
  });
  session.on('agent_end', (_context, agent) => {
    if (current() && isAgentName(agent.name)) nudges.schedule();
  });

  session.on('history_updated', (history) => {
    if (current()) target.transcript.history(history);
  });

  session.on('transport_event', (event) => {
    if (!current()) return;
    // WebRTC plays the agent's voice from a media track: these say when it starts and stops.
    if (event.type === 'output_audio_buffer.started') {
      store.setAudio({ speaking: true });
      return;
    }
    if (
      event.type === 'output_audio_buffer.stopped' ||
      event.type === 'output_audio_buffer.cleared'
    ) {
      store.setAudio({ speaking: false });
      return;
    }
    const limit = readingLimitOf(event);
    if (limit) {
      target.limitReached(limit);
      return;
    }
    const notice = VoicePeerNotice.safeParse(event);
    if (notice.success) {
      target.notice(notice.data.notice);
      return;
    }
    if (
      event.type === 'response.output_text.delta' ||
      event.type === 'response.output_audio_transcript.delta'
    ) {
      const itemId: unknown = event.item_id;
      const delta: unknown = event.delta;
      if (typeof itemId === 'string' && typeof delta === 'string') {
        target.transcript.delta(itemId, delta);
      }
    }
  });

  session.on('audio_start', () => {
    if (current()) store.setAudio({ speaking: true });
  });
  session.on('audio_stopped', () => {
    if (current()) store.setAudio({ speaking: false });
  });

  session.on('error', ({ error }) => {
    if (!current() || target.status() === 'connecting') return; // connect() reports those itself
    const agent = target.currentAgent();
    if (error instanceof sdk.ModelBehaviorError) {
      target.log()?.error({
        type: 'validation',
        severity: 'warning',
        message: `The model made an invalid call: ${error.message}`,
        error,
        agent,
        connectionStatus: target.status(),
      });
      if (/handoff|JSON/i.test(error.message)) nudges.retryHandoff();
      return;
    }
    target.log()?.error({
      type: 'connection',
      message: describeError(error, 'The reading service reported an error.'),
      error,
      agent,
      connectionStatus: target.status(),
    });
  });

  session.transport.on('connection_change', (status) => {
    if (!current()) return;
    if (status === 'disconnected' && target.status() === 'connected' && !target.closing()) {
      target.lostConnection();
    }
  });
}
