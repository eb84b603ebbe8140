/**
 * The local reader's protocol engine: one `ReaderSession` per WebSocket, speaking the subset of
 * the Realtime GA protocol that `@openai/agents-realtime` uses, with the reading policy behind it.
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
 * Responses are produced synchronously and in full: there is no audio, so nothing to pace.
 * The conversation lives in conversation.ts, response writing in responses.ts, logs in
 * session-log.ts.
 */
import type { LogEvent } from '../../contracts/events.ts';
import type { RealtimeClientEvent, RealtimeSessionConfig } from '../../contracts/realtime.ts';
import type { AgentName } from '../../contracts/reading.ts';
import { inferAgent } from './agents.ts';
import { Conversation } from './conversation.ts';
import { applySessionUpdate } from './session-config.ts';
import { parseFrame } from './frames.ts';
import { type ItemContext, commitAudio, createItem } from './item-events.ts';
import { ReaderPolicy, type ReaderAction, type TurnInput } from './policy.ts';
import { type Modality, type ResponseSink, writeResponse } from './responses.ts';
import { type CallRecord, SessionLog } from './session-log.ts';
import { clip } from './text.ts';
import { type WireItem, decodedLength, defaultSession } from './wire.ts';

export interface ReaderSessionOptions {
  /** Sends one server event (the host serialises it as a text frame). */
  send(event: object): void;
  /** Milliseconds since the epoch; tests and benchmarks may fix it. */
  now?(): number;
  /** The reading session id from the token, for logs. */
  sessionId?: string;
  /** When the token that opened this session expires (epoch seconds), for logs. */
  tokenExpiresAt?: number;
  userAgent?: string;
  /** Structured log events (contracts/events.ts); no user words ever go in them. */
  onLog?(event: LogEvent): void;
}

const MAX_PENDING_INPUTS = 20;

export class ReaderSession {
  readonly #send: (event: object) => void;
  readonly #now: () => number;
  readonly #options: ReaderSessionOptions;
  readonly #policy = new ReaderPolicy();
  readonly #startedAt: number;
  readonly #sessionObjectId: string;
  readonly #log: SessionLog;
  readonly #conversation: Conversation;
  readonly #sink: ResponseSink;
  readonly #items: ItemContext;

  #started = false;
  #closed = false;
  #seq = 0;
  #session: Record<string, unknown>;
  #tools = new Set<string>();
  #agent: AgentName = 'IntentAssessment';
  #agentSince: number;
  #modality: Modality = 'audio';
  #loggedStart = false;
  #inputs: TurnInput[] = [];
  #calls = new Map<string, CallRecord>();
  #audioBytes = 0;

  constructor(options: ReaderSessionOptions) {
    this.#options = options;
    this.#send = options.send;
    this.#now = options.now ?? Date.now;
    this.#startedAt = this.#now();
    this.#agentSince = this.#startedAt;
    this.#log = new SessionLog(options.sessionId, options.onLog);
    this.#conversation = new Conversation(() => {
      // Evicted items are forgotten; the client keeps its own copy.
    });
    this.#sessionObjectId = `sess_local_${(options.sessionId ?? 'anonymous').replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}`;
    this.#session = defaultSession(
      this.#sessionObjectId,
      Math.floor(this.#startedAt / 1000) + 60 * 60,
    );
    this.#sink = {
      emit: (type, body) => this.#emit(type, body),
      id: (kind) => this.#id(kind),
      conversation: this.#conversation,
      conversationId: `conv_${this.#sessionObjectId}`,
      onCall: (callId, name, args) => {
        this.#calls.set(callId, {
          name,
          args,
          agent: this.#agent,
          startedAt: this.#now(),
          answered: false,
        });
        this.#log.countCall(name);
      },
    };
    this.#items = {
      conversation: this.#conversation,
      calls: this.#calls,
      emit: (type, body) => this.#emit(type, body),
      error: (code, message, eventId, param) => this.#error(code, message, eventId, param),
      id: (kind) => this.#id(kind),
      queue: (input) => this.#queue(input),
      logTool: (answered) => this.#log.tool(answered, answered.output, this.#now()),
    };
  }

  /** The active agent, as learnt from the declared tools. */
  get agent(): AgentName {
    return this.#agent;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Sends `session.created`. The hosts call it once the socket is open; `handleMessage` calls it too. */
  start(): void {
    if (this.#started || this.#closed) return;
    this.#started = true;
    this.#emit('session.created', { session: this.#session });
  }

  /** Handles one text frame from the client. Never throws. */
  handleMessage(raw: string): void {
    if (this.#closed) return;
    this.start();
    const parsed = parseFrame(raw);
    if (!parsed.ok) {
      this.#error(parsed.code, parsed.message, parsed.eventId, parsed.param);
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

  /** Answers a binary frame: the protocol is JSON text only. */
  handleBinary(): void {
    if (this.#closed) return;
    this.start();
    this.#error(
      'invalid_event',
      'Binary frames are not supported: send JSON text frames.',
      undefined,
    );
  }

  /** Ends the session: later frames are ignored and the summary is logged. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const now = this.#now();
    this.#addAgentTime(now);
    const summary = this.#policy.summary;
    this.#log.summary(now, this.#startedAt, summary.cardsDrawn + summary.clarificationCards);
  }

  // ------------------------------------------------------------------ dispatch

  #dispatch(event: RealtimeClientEvent): void {
    switch (event.type) {
      case 'session.update':
        this.#sessionUpdate(event.session);
        return;
      case 'conversation.item.create':
        createItem(this.#items, event.item, event.previous_item_id, event.event_id);
        return;
      case 'conversation.item.retrieve': {
        const item = this.#findItem(event.item_id, event.event_id);
        if (item) this.#emit('conversation.item.retrieved', { item });
        return;
      }
      case 'conversation.item.truncate': {
        const item = this.#findItem(event.item_id, event.event_id);
        if (item) {
          this.#emit('conversation.item.truncated', {
            item_id: item.id,
            content_index: event.content_index,
            audio_end_ms: event.audio_end_ms,
          });
        }
        return;
      }
      case 'conversation.item.delete': {
        const item = this.#findItem(event.item_id, event.event_id);
        if (item) {
          this.#conversation.remove(item);
          this.#emit('conversation.item.deleted', { item_id: item.id });
        }
        return;
      }
      case 'input_audio_buffer.append':
        this.#audioBytes += decodedLength(event.audio);
        return;
      case 'input_audio_buffer.clear':
        this.#audioBytes = 0;
        this.#emit('input_audio_buffer.cleared', {});
        return;
      case 'input_audio_buffer.commit':
        commitAudio(this.#items, this.#audioBytes, event.event_id);
        this.#audioBytes = 0;
        return;
      case 'response.create':
        this.#respond(event.response?.output_modalities);
        return;
      case 'response.cancel':
        // Responses finish before the next frame is read, so there is never one to cancel.
        return;
    }
  }

  #sessionUpdate(patch: RealtimeSessionConfig): void {
    const applied = applySessionUpdate(this.#session, patch);
    this.#session = applied.session;
    if (applied.modality) this.#modality = applied.modality;
    if (applied.tools) {
      this.#tools = applied.tools;
      this.#setAgent(inferAgent(this.#tools));
    }
    if (!this.#loggedStart && (applied.tools || applied.modality)) {
      this.#loggedStart = true;
      this.#log.sessionStart(this.#now(), this.#agent, this.#modality, this.#options);
    }
    this.#emit('session.updated', {
      session: this.#session,
      ...(applied.ignored.length > 0 ? { ignored_fields: applied.ignored } : {}),
    });
  }

  #setAgent(next: AgentName): void {
    if (next === this.#agent) return;
    const now = this.#now();
    const from = this.#agent;
    const durationMs = Math.max(0, Math.round(now - this.#agentSince));
    this.#addAgentTime(now);
    this.#agent = next;
    this.#log.transition(now, from, next, durationMs, this.#policy.summary);
  }

  #addAgentTime(now: number): void {
    this.#log.addAgentTime(this.#agent, now - this.#agentSince);
    this.#agentSince = now;
  }

  // ------------------------------------------------------------------ conversation items

  #findItem(itemId: string, eventId: string | undefined): WireItem | undefined {
    const item = this.#conversation.find(itemId);
    if (!item) {
      this.#error(
        'item_not_found',
        `No conversation item has the id "${clip(itemId, 80)}".`,
        eventId,
        'item_id',
      );
    }
    return item;
  }

  #queue(input: TurnInput): void {
    this.#inputs.push(input);
    if (this.#inputs.length > MAX_PENDING_INPUTS) this.#inputs.shift();
  }

  // ------------------------------------------------------------------ responses

  #respond(modalities: readonly Modality[] | undefined): void {
    const modality = modalities
      ? modalities.includes('audio')
        ? 'audio'
        : 'text'
      : this.#modality;
    const inputs = this.#inputs;
    this.#inputs = [];
    const awaiting = [...this.#calls.values()].find((record) => !record.answered);
    let actions: ReaderAction[];
    try {
      actions = this.#policy.respond({
        agent: this.#agent,
        tools: this.#tools,
        inputs,
        awaitingTool: awaiting?.name,
        modality,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#log.error(
        this.#now(),
        this.#agent,
        'validation',
        'error',
        `The reading policy failed: ${message}`,
      );
      actions = [
        {
          kind: 'say',
          text: "I'm sorry, something went wrong on my side. Could you say that again?",
        },
      ];
    }
    writeResponse(this.#sink, actions, modality, inputs);
  }

  // ------------------------------------------------------------------ plumbing

  #id(kind: 'item' | 'resp' | 'call' | 'event'): string {
    this.#seq += 1;
    return `${kind}_local_${this.#seq}`;
  }

  #emit(type: string, body: Record<string, unknown>): void {
    if (this.#closed) return;
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
      this.#agent,
      server ? 'unsupported' : 'validation',
      server ? 'error' : 'warning',
      `${code}: ${message}`,
    );
  }
}
