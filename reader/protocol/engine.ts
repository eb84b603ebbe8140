/**
 * The local reader's protocol engine: one `ReaderSession` per WebSocket, speaking the subset of
 * the Realtime GA protocol that `@openai/agents-realtime` uses, with the reading policy behind it.
 * One thing: one session's state machine, every client event in and every server event out, its
 * parts (conversation, turns, input audio, responses, log, limits) in the modules named below.
 *
 * Host-agnostic: it takes text frames through `handleMessage` and hands server events to `send`;
 * the workerd route and the Node host only move frames. Nothing here is shared between sessions.
 *
 * Protocol rules it keeps (from the SDK's parser and sequencer):
 * - every server event has an `event_id`; every `response.create` gets `response.created` and,
 *   always, `response.done` (the SDK serialises creates on them);
 * - a function call is dispatched by an output item of type `function_call` with status
 *   `completed` and a `response_id`; at most one call per response, and the reader waits for its
 *   output before going on;
 * - a malformed, unknown or unsupported client event gets an `error` event naming it (its
 *   `event_id` when it had one) and the connection carries on.
 * Responses are produced in full as soon as they can be: at once, or, when a spoken turn is
 * still being heard, once its words come (input-audio.ts). The conversation lives in
 * conversation.ts, the turns to answer in turns.ts, response writing in responses.ts, logs in
 * session-log.ts.
 */
import type { RealtimeClientEvent, RealtimeSessionConfig } from '../../contracts/realtime.ts';
import type { AgentName } from '../../contracts/reading-schema.ts';
import { inferAgent } from '../reading/agents.ts';
import { resumeReading } from '../reading/history.ts';
import { Conversation } from './conversation.ts';
import { applySessionUpdate } from './session-config.ts';
import { parseFrame } from './frames.ts';
import { type ItemContext, createItem, existingItemEvent } from './item-events.ts';
import { ReaderPolicy, type ReaderAction, type TurnInput } from '../reading/policy.ts';
import { type Modality, type ResponseSink, writeResponse } from './responses.ts';
import { type CallRecord, SessionLog } from './session-log.ts';
import {
  type EngineState,
  type ReaderSessionOptions,
  type ReaderSnapshot,
  initialEngineState,
  restoredState,
} from './engine-state.ts';
import { CLOSE_POLICY, InboundBudget, SessionClock, deadlineError, utf8Length } from './limits.ts';
import { clip } from '../../contracts/text.ts';
import { defaultSession } from './wire.ts';
import { queueInput, settleHeard } from './turns.ts';
import { InputAudioBuffer } from './input-audio.ts';

export type { ReaderSessionOptions, ReaderSnapshot } from './engine-state.ts';

export class ReaderSession {
  readonly #send: (event: object) => void;
  readonly #now: () => number;
  readonly #options: ReaderSessionOptions;
  readonly #policy: ReaderPolicy;
  readonly #clock: SessionClock;
  readonly #sessionObjectId: string;
  readonly #log: SessionLog;
  readonly #conversation: Conversation;
  readonly #sink: ResponseSink;
  readonly #items: ItemContext;
  readonly #budget: InboundBudget;
  readonly #input: InputAudioBuffer;

  /** The session's own plain fields (engine-state.ts); snapshots copy them whole. */
  #s: EngineState;
  #tools = new Set<string>();
  #calls = new Map<string, CallRecord>();

  constructor(options: ReaderSessionOptions) {
    this.#options = options;
    this.#send = options.send;
    this.#now = options.now ?? Date.now;
    const restore = options.restore;
    const startedAt = restore?.startedAt ?? this.#now();
    this.#clock = new SessionClock(startedAt, options);
    this.#budget = new InboundBudget(restore?.budget);
    this.#log = new SessionLog(options.sessionId, options.onLog);
    this.#conversation = new Conversation((item) =>
      this.#emit('conversation.item.deleted', { item_id: item.id }),
    );
    this.#policy = new ReaderPolicy(restore?.policy, options.lang);
    this.#sessionObjectId = `sess_local_${(options.sessionId ?? 'anonymous').replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}`;
    this.#s = restore
      ? restoredState(restore)
      : initialEngineState(
          defaultSession(this.#sessionObjectId, Math.floor(this.#clock.expiresAt / 1000)),
          startedAt,
        );
    if (restore) {
      this.#tools = new Set(restore.tools);
      this.#calls = new Map(restore.calls);
      this.#clock.lastActivity = restore.lastActivity;
      this.#conversation.load(restore.conversation);
      this.#log.load(restore.log);
    }
    this.#items = {
      conversation: this.#conversation,
      calls: this.#calls,
      emit: (type, body) => this.#emit(type, body),
      error: (code, message, eventId, param) => this.#error(code, message, eventId, param),
      id: (kind) => this.#id(kind),
      queue: (input, replayed) => queueInput(this.#s, input, replayed),
      logTool: (answered) => this.#log.tool(answered, answered.output, this.#now()),
    };
    this.#input = new InputAudioBuffer({
      items: this.#items,
      state: () => this.#s,
      transcriber: options.transcriber,
      lang: options.lang ?? 'en',
      session: () => this.#s.session,
      emit: (type, body) => this.#emit(type, body),
      heard: (itemId, input) => this.#heard(itemId, input),
    });
    this.#sink = {
      emit: (type, body) => this.#emit(type, body),
      id: (kind) => this.#id(kind),
      conversation: this.#conversation,
      conversationId: `conv_${this.#sessionObjectId}`,
      onCall: (callId, name, args) => {
        this.#calls.set(callId, {
          name,
          args,
          agent: this.#s.agent,
          startedAt: this.#now(),
          answered: false,
        });
        this.#log.countCall(name);
      },
    };
  }

  /** The active agent, as learnt from the declared tools. */
  get agent(): AgentName {
    return this.#s.agent;
  }

  get closed(): boolean {
    return this.#s.closed;
  }

  /** When the session must next be checked for idleness or expiry (ms since the epoch). */
  get deadline(): number {
    return this.#clock.deadline();
  }

  /** Ends the session if it has been idle too long or reached its expiry; true if it ended. */
  enforceDeadlines(): boolean {
    if (this.#s.closed) return true;
    const due = this.#clock.due(this.#now());
    if (!due) return false;
    const ending = deadlineError(due, this.#clock.idleMs);
    this.#end(ending.code, ending.message, ending.closeCode);
    return true;
  }

  /** The session as plain data, to carry it on elsewhere (`restore`). */
  snapshot(): ReaderSnapshot {
    return {
      v: 1,
      state: this.#s,
      tools: [...this.#tools],
      calls: [...this.#calls],
      startedAt: this.#clock.startedAt,
      lastActivity: this.#clock.lastActivity,
      conversation: this.#conversation.items(),
      policy: this.#policy.state,
      log: this.#log.toJSON(),
      budget: this.#budget.state,
    };
  }

  /** Says why the session ends, closes the socket with `code` and logs the summary. */
  #end(code: string, message: string, closeCode: number): void {
    this.#error(code, message, undefined, null);
    this.close();
    try {
      this.#options.close?.(closeCode, code);
    } catch {
      // The socket is already gone.
    }
  }

  /** Sends `session.created`. The hosts call it once the socket is open; `handleMessage` calls it too. */
  start(): void {
    if (this.#s.started || this.#s.closed) return;
    this.#s.started = true;
    this.#emit('session.created', { session: this.#s.session });
  }

  /** Handles one text frame from the client. Never throws. */
  handleMessage(raw: string): void {
    if (this.#s.closed || this.enforceDeadlines()) return;
    this.start();
    this.#answerDeferred();
    this.#clock.lastActivity = this.#now();
    const parsed = parseFrame(raw, this.#budget, this.#now());
    if (!parsed.ok) {
      if (parsed.closeCode) this.#end(parsed.code, parsed.message, parsed.closeCode);
      else this.#error(parsed.code, parsed.message, parsed.eventId, parsed.param);
      return;
    }
    const eventId = parsed.event.event_id;
    try {
      this.#dispatch(parsed.event);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#error(
        'internal',
        `The offline reader failed on this event: ${clip(message, 200)}`,
        eventId,
        null,
        'server_error',
      );
    }
  }

  /**
   * Spends a frame the host answers itself (the WebRTC peer's `output_audio_buffer.clear`) from
   * the session's inbound budget, as every frame is; false when the session has ended, for this
   * frame or before.
   */
  charge(raw: string): boolean {
    if (this.#s.closed || this.enforceDeadlines()) return false;
    this.#clock.lastActivity = this.#now();
    const over = this.#budget.frame(utf8Length(raw), this.#now());
    if (over) this.#end('rate_limit_exceeded', over, CLOSE_POLICY);
    return !this.#s.closed;
  }

  /** Answers a binary frame: the protocol is JSON text only. */
  handleBinary(): void {
    if (this.#s.closed || this.enforceDeadlines()) return;
    this.start();
    this.#clock.lastActivity = this.#now();
    this.#error(
      'invalid_event',
      'Binary frames are not supported: send JSON text frames.',
      undefined,
    );
  }

  /** Ends the session: later frames are ignored and the summary is logged. */
  close(): void {
    if (this.#s.closed) return;
    this.#s.closed = true;
    const now = this.#now();
    this.#addAgentTime(now);
    const summary = this.#policy.summary;
    this.#log.summary(now, this.#clock.startedAt, summary.cardsDrawn + summary.clarificationCards);
  }

  // ------------------------------------------------------------------ dispatch

  #dispatch(event: RealtimeClientEvent): void {
    switch (event.type) {
      case 'session.update':
        this.#sessionUpdate(event.session, event.event_id);
        return;
      case 'conversation.item.create':
        createItem(this.#items, event.item, event.previous_item_id, event.event_id);
        return;
      case 'conversation.item.retrieve':
      case 'conversation.item.truncate':
      case 'conversation.item.delete':
        existingItemEvent(this.#items, event);
        return;
      case 'input_audio_buffer.append':
        this.#input.append(event.audio);
        return;
      case 'input_audio_buffer.clear':
        this.#input.clear();
        return;
      case 'input_audio_buffer.commit':
        this.#input.commit(event.event_id);
        return;
      case 'response.create':
        this.#respond(event.response?.output_modalities);
        return;
      case 'response.cancel':
        // Responses finish before the next frame is read, so there is never one to cancel.
        return;
    }
  }

  #sessionUpdate(patch: RealtimeSessionConfig, eventId: string | undefined): void {
    const applied = applySessionUpdate(this.#s.session, patch);
    if ('error' in applied)
      return this.#error(applied.error.code, applied.error.message, eventId, applied.error.param);
    this.#s.session = applied.session;
    if (applied.modality) this.#s.modality = applied.modality;
    if (applied.tools) {
      this.#tools = applied.tools;
      this.#setAgent(inferAgent(this.#tools));
    }
    if (!this.#s.loggedStart && (applied.tools || applied.modality)) {
      this.#s.loggedStart = true;
      this.#log.sessionStart(this.#now(), this.#s.agent, this.#s.modality, this.#options);
    }
    this.#emit('session.updated', {
      session: this.#s.session,
      ...(applied.ignored.length > 0 ? { ignored_fields: applied.ignored } : {}),
    });
  }

  #setAgent(next: AgentName): void {
    if (next === this.#s.agent) return;
    const now = this.#now();
    const from = this.#s.agent;
    const durationMs = Math.max(0, Math.round(now - this.#s.agentSince));
    this.#addAgentTime(now);
    this.#s.agent = next;
    this.#log.transition(now, from, next, durationMs, this.#policy.summary);
  }

  #addAgentTime(now: number): void {
    this.#log.addAgentTime(this.#s.agent, now - this.#s.agentSince);
    this.#s.agentSince = now;
  }

  // ------------------------------------------------------------------ conversation items

  /** A committed turn was heard (or not): its outcome replaces the turn among the inputs. */
  #heard(itemId: string, input: TurnInput): void {
    if (this.#s.closed) return;
    settleHeard(this.#s, itemId, input);
    if (input.kind === 'user_text') this.#conversation.setTranscript(itemId, input.text);
    this.#answerDeferred();
    this.#options.changed?.();
  }

  // ------------------------------------------------------------------ responses

  /** A `response.create` that waited for a turn's words, once every turn is heard. */
  #answerDeferred(): void {
    const deferred = this.#s.deferredResponse;
    if (!deferred || this.#input.busy) return;
    this.#s.deferredResponse = undefined;
    this.#respond(deferred.modalities);
  }

  #respond(modalities: readonly Modality[] | undefined): void {
    if (this.#input.busy) {
      // The reader answers words: a response asked for while a turn is being heard waits for them.
      this.#s.deferredResponse = modalities ? { modalities: [...modalities] } : {};
      return;
    }
    const modality = modalities
      ? modalities.includes('audio')
        ? 'audio'
        : 'text'
      : this.#s.modality;
    if (!this.#s.responded) {
      // The first response.create: a resumed session's history becomes what the policy knows.
      this.#s.responded = true;
      resumeReading(this.#policy.state, this.#s.agent, this.#s.session, this.#s.history);
      this.#s.history = [];
    }
    const inputs = this.#s.inputs;
    this.#s.inputs = [];
    const awaiting = [...this.#calls.values()].find((record) => !record.answered);
    let actions: ReaderAction[];
    try {
      actions = this.#policy.respond({
        agent: this.#s.agent,
        tools: this.#tools,
        inputs,
        awaitingTool: awaiting?.name,
        modality,
        hears: this.#input.on,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#log.error(
        this.#now(),
        this.#s.agent,
        'validation',
        'error',
        `The reading policy failed: ${message}`,
      );
      actions = [{ kind: 'say', text: this.#policy.words.apology }];
    }
    writeResponse(this.#sink, actions, modality, inputs);
  }

  // ------------------------------------------------------------------ plumbing

  #id(kind: 'item' | 'resp' | 'call' | 'event'): string {
    this.#s.seq += 1;
    return `${kind}_local_${this.#s.seq}`;
  }

  #emit(type: string, body: Record<string, unknown>): void {
    if (this.#s.closed) return;
    this.#send({ event_id: this.#id('event'), type, ...body });
  }

  #error(
    code: string,
    message: string,
    eventId: string | undefined,
    param: string | null = null,
    type: 'invalid_request_error' | 'server_error' = 'invalid_request_error',
  ): void {
    this.#emit('error', {
      error: { type, code, message, param, event_id: eventId ?? null },
    });
    const server = type === 'server_error';
    this.#log.error(
      this.#now(),
      this.#s.agent,
      server ? 'unsupported' : 'validation',
      server ? 'error' : 'warning',
      `${code}: ${message}`,
    );
  }
}
