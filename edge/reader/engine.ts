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
 */
import type { LogEvent } from '../../contracts/events.ts';
import {
  CLIENT_EVENT_TYPES,
  RealtimeClientEvent,
  type RealtimeClientItem,
  type RealtimeContentPart,
  type RealtimeSessionConfig,
} from '../../contracts/realtime.ts';
import { DEFAULT_REALTIME_MODEL } from '../../contracts/voice.ts';
import { DrawCardResult, ToolErrorResult, type AgentName } from '../../contracts/reading.ts';
import { inferAgent } from './agents.ts';
import { DRAW_CARD, ReaderPolicy, SHOW_CARD, type ReaderAction, type TurnInput } from './policy.ts';
import { clip, words } from './text.ts';

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

type WireItem = Record<string, unknown> & { id: string; type: string };

interface CallRecord {
  name: string;
  args: Record<string, unknown>;
  agent: AgentName;
  startedAt: number;
  answered: boolean;
}

const MAX_PENDING_INPUTS = 20;
const MAX_ITEMS = 500;
const DELTA_WORDS = 6;
const MODEL = DEFAULT_REALTIME_MODEL;

/** The session as `session.created` reports it before any update. */
function defaultSession(id: string, expiresAt: number): Record<string, unknown> {
  return {
    type: 'realtime',
    object: 'realtime.session',
    id,
    model: MODEL,
    output_modalities: ['audio'],
    instructions: '',
    tools: [],
    tool_choice: 'auto',
    max_output_tokens: 'inf',
    tracing: null,
    truncation: 'auto',
    prompt: null,
    expires_at: expiresAt,
    include: null,
    audio: {
      input: {
        format: { type: 'audio/pcm', rate: 24000 },
        transcription: null,
        noise_reduction: null,
        turn_detection: null,
      },
      output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'alloy', speed: 1 },
    },
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Session config merge: nested objects merge, everything else (arrays, null) replaces. */
function mergeConfig(
  base: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] =
      isPlainObject(current) && isPlainObject(value) ? mergeConfig(current, value) : value;
  }
  return merged;
}

/** Splits text into delta chunks of a few words each, keeping the spacing. */
function chunks(text: string): string[] {
  const pieces = text.match(/\S+\s*/g) ?? [text];
  const out: string[] = [];
  for (let index = 0; index < pieces.length; index += DELTA_WORDS) {
    out.push(pieces.slice(index, index + DELTA_WORDS).join(''));
  }
  return out;
}

function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/** What a user message says: its text, an audio transcript, or "audio nobody transcribed". */
function userInput(content: readonly RealtimeContentPart[]): TurnInput | undefined {
  const texts: string[] = [];
  let audio = false;
  for (const part of content) {
    if (part.type === 'input_text') texts.push(part.text);
    else if (part.type === 'input_audio') {
      if (typeof part.transcript === 'string' && part.transcript.trim() !== '') {
        texts.push(part.transcript);
      } else audio = true;
    }
  }
  if (texts.length > 0) return { kind: 'user_text', text: texts.join(' ') };
  return audio ? { kind: 'user_audio' } : undefined;
}

/** Stored content drops raw audio: the reader never needs the bytes back. */
function storedContent(content: readonly RealtimeContentPart[]): RealtimeContentPart[] {
  return content.map((part) =>
    part.type === 'input_audio'
      ? { type: 'input_audio', transcript: part.transcript ?? null }
      : part,
  );
}

export class ReaderSession {
  readonly #send: (event: object) => void;
  readonly #now: () => number;
  readonly #options: ReaderSessionOptions;
  readonly #policy = new ReaderPolicy();
  readonly #startedAt: number;
  readonly #sessionObjectId: string;

  #started = false;
  #closed = false;
  #seq = 0;
  #session: Record<string, unknown>;
  #tools = new Set<string>();
  #agent: AgentName = 'IntentAssessment';
  #agentSince: number;
  #agentDurations = new Map<string, number>();
  #transitions = 0;
  #modality: 'text' | 'audio' = 'audio';
  #loggedStart = false;
  #items: WireItem[] = [];
  #inputs: TurnInput[] = [];
  #calls = new Map<string, CallRecord>();
  #audioBytes = 0;
  #toolCounts = new Map<string, number>();
  #toolMs = 0;
  #toolDone = 0;

  constructor(options: ReaderSessionOptions) {
    this.#options = options;
    this.#send = options.send;
    this.#now = options.now ?? Date.now;
    this.#startedAt = this.#now();
    this.#agentSince = this.#startedAt;
    this.#sessionObjectId = `sess_local_${(options.sessionId ?? 'anonymous').replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}`;
    this.#session = defaultSession(
      this.#sessionObjectId,
      Math.floor(this.#startedAt / 1000) + 60 * 60,
    );
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
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      this.#error('invalid_json', 'The event is not valid JSON.', undefined);
      return;
    }
    const eventId =
      isPlainObject(json) && typeof json.event_id === 'string' ? json.event_id : undefined;
    if (!isPlainObject(json) || typeof json.type !== 'string') {
      this.#error(
        'invalid_event',
        'An event must be a JSON object with a string "type".',
        eventId,
        'type',
      );
      return;
    }
    if (!CLIENT_EVENT_TYPES.includes(json.type)) {
      this.#error(
        'unknown_event',
        `The offline reader does not support the event type "${clip(json.type, 80)}". Supported types: ${CLIENT_EVENT_TYPES.join(', ')}.`,
        eventId,
        'type',
      );
      return;
    }
    const parsed = RealtimeClientEvent.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.map(String).join('.') ?? '';
      this.#error(
        'invalid_event',
        `Invalid ${json.type} event${path ? ` at ${path}` : ''}: ${issue?.message ?? 'does not match the schema'}.`,
        eventId,
        path || null,
      );
      return;
    }
    try {
      this.#dispatch(parsed.data);
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
    this.#log({
      event: 'session_summary',
      sessionId: this.#logSessionId(),
      time: new Date(now).toISOString(),
      durationMs: Math.max(0, Math.round(now - this.#startedAt)),
      transitions: this.#transitions,
      toolCalls: Object.fromEntries(this.#toolCounts),
      cardsDrawn: this.#policy.summary.cardsDrawn + this.#policy.summary.clarificationCards,
      averageToolMs: this.#toolDone === 0 ? 0 : Math.round(this.#toolMs / this.#toolDone),
      agentDurationsMs: Object.fromEntries(
        [...this.#agentDurations].map(([name, ms]) => [name, Math.round(ms)]),
      ),
    });
  }

  // ------------------------------------------------------------------ dispatch

  #dispatch(event: RealtimeClientEvent): void {
    switch (event.type) {
      case 'session.update':
        this.#sessionUpdate(event.session);
        return;
      case 'conversation.item.create':
        this.#createItem(event.item, event.previous_item_id, event.event_id);
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
          this.#items = this.#items.filter((entry) => entry !== item);
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
        this.#commitAudio(event.event_id);
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
    this.#session = mergeConfig(this.#session, patch);
    if (patch.output_modalities) {
      this.#modality = patch.output_modalities.includes('audio') ? 'audio' : 'text';
    }
    if (patch.tools) {
      // Only a full update declares tools; the SDK's `{ type, tracing }` update leaves them be.
      this.#tools = new Set(
        patch.tools.flatMap((tool) =>
          tool.type === 'function' && 'name' in tool && typeof tool.name === 'string'
            ? [tool.name]
            : [],
        ),
      );
      this.#setAgent(inferAgent(this.#tools));
    }
    if (!this.#loggedStart && (patch.tools || patch.output_modalities)) {
      this.#loggedStart = true;
      this.#log({
        event: 'session_start',
        sessionId: this.#logSessionId(),
        time: new Date(this.#now()).toISOString(),
        initialAgent: this.#agent,
        tokenExpiresAt:
          this.#options.tokenExpiresAt === undefined
            ? null
            : new Date(this.#options.tokenExpiresAt * 1000).toISOString(),
        userAgent: clip(this.#options.userAgent ?? '', 400),
        mode: this.#modality === 'audio' ? 'voice' : 'text',
        engine: 'local',
      });
    }
    this.#emit('session.updated', { session: this.#session });
  }

  #setAgent(next: AgentName): void {
    if (next === this.#agent) return;
    const now = this.#now();
    const from = this.#agent;
    const durationMs = Math.max(0, Math.round(now - this.#agentSince));
    this.#addAgentTime(now);
    this.#agent = next;
    this.#transitions += 1;
    const summary = this.#policy.summary;
    this.#log({
      event: 'agent_transition',
      sessionId: this.#logSessionId(),
      time: new Date(now).toISOString(),
      from,
      to: next,
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

  #addAgentTime(now: number): void {
    this.#agentDurations.set(
      this.#agent,
      (this.#agentDurations.get(this.#agent) ?? 0) + Math.max(0, now - this.#agentSince),
    );
    this.#agentSince = now;
  }

  // ------------------------------------------------------------------ conversation items

  #lastItemId(): string | null {
    return this.#items[this.#items.length - 1]?.id ?? null;
  }

  #findItem(itemId: string, eventId: string | undefined): WireItem | undefined {
    const item = this.#items.find((entry) => entry.id === itemId);
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

  /** Stores an item where the client asked and returns its predecessor's id (null: first). */
  #place(
    item: WireItem,
    previous: string | null | undefined,
    eventId: string | undefined,
  ): string | null | false {
    if (previous === undefined || previous === null) {
      const last = this.#lastItemId();
      this.#items.push(item);
      this.#trimItems();
      return last;
    }
    if (previous === 'root') {
      this.#items.unshift(item);
      this.#trimItems();
      return null;
    }
    const index = this.#items.findIndex((entry) => entry.id === previous);
    if (index === -1) {
      this.#error(
        'item_not_found',
        `previous_item_id "${clip(previous, 80)}" names no conversation item.`,
        eventId,
        'previous_item_id',
      );
      return false;
    }
    this.#items.splice(index + 1, 0, item);
    this.#trimItems();
    return previous;
  }

  #trimItems(): void {
    if (this.#items.length > MAX_ITEMS) this.#items.splice(0, this.#items.length - MAX_ITEMS);
  }

  #createItem(
    item: RealtimeClientItem,
    previous: string | null | undefined,
    eventId: string | undefined,
  ): void {
    if (item.id && this.#items.some((entry) => entry.id === item.id)) {
      this.#error(
        'item_already_exists',
        `An item with the id "${clip(item.id, 80)}" already exists.`,
        eventId,
        'item.id',
      );
      return;
    }
    let input: TurnInput | undefined;
    let wire: WireItem;
    switch (item.type) {
      case 'message': {
        wire = {
          id: item.id ?? this.#id('item'),
          object: 'realtime.item',
          type: 'message',
          role: item.role,
          status: 'completed',
          content: storedContent(item.content),
        };
        if (item.role === 'user') input = userInput(item.content);
        break;
      }
      case 'function_call_output': {
        const record = this.#calls.get(item.call_id);
        if (!record) {
          this.#error(
            'invalid_call_id',
            `No function call with call_id "${clip(item.call_id, 80)}" is waiting for output.`,
            eventId,
            'item.call_id',
          );
          return;
        }
        if (record.answered) {
          this.#error(
            'duplicate_call_output',
            `The function call "${clip(item.call_id, 80)}" already has an output.`,
            eventId,
            'item.call_id',
          );
          return;
        }
        record.answered = true;
        this.#logTool(record, item.output);
        wire = {
          id: item.id ?? this.#id('item'),
          object: 'realtime.item',
          type: 'function_call_output',
          call_id: item.call_id,
          output: item.output,
        };
        input = { kind: 'tool_output', name: record.name, args: record.args, output: item.output };
        break;
      }
      case 'function_call': {
        wire = {
          id: item.id ?? this.#id('item'),
          object: 'realtime.item',
          type: 'function_call',
          status: 'completed',
          call_id: item.call_id,
          name: item.name,
          arguments: item.arguments,
        };
        break;
      }
    }
    const previousId = this.#place(wire, previous, eventId);
    if (previousId === false) return;
    if (input) this.#queue(input);
    this.#emit('conversation.item.added', { previous_item_id: previousId, item: wire });
    this.#emit('conversation.item.done', { previous_item_id: previousId, item: wire });
  }

  #queue(input: TurnInput): void {
    this.#inputs.push(input);
    if (this.#inputs.length > MAX_PENDING_INPUTS) this.#inputs.shift();
  }

  #commitAudio(eventId: string | undefined): void {
    if (this.#audioBytes === 0) {
      this.#error(
        'input_audio_buffer_commit_empty',
        'Error committing input audio buffer: the buffer is empty. Send input_audio_buffer.append first.',
        eventId,
        null,
      );
      return;
    }
    this.#audioBytes = 0;
    const wire: WireItem = {
      id: this.#id('item'),
      object: 'realtime.item',
      type: 'message',
      role: 'user',
      status: 'completed',
      content: [{ type: 'input_audio', transcript: null }],
    };
    const previousId = this.#lastItemId();
    this.#items.push(wire);
    this.#trimItems();
    this.#queue({ kind: 'user_audio' });
    this.#emit('input_audio_buffer.committed', { previous_item_id: previousId, item_id: wire.id });
    this.#emit('conversation.item.added', { previous_item_id: previousId, item: wire });
    this.#emit('conversation.item.done', { previous_item_id: previousId, item: wire });
  }

  // ------------------------------------------------------------------ responses

  #respond(modalities: readonly ('text' | 'audio')[] | undefined): void {
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
      this.#log({
        event: 'error',
        sessionId: this.#logSessionId(),
        time: new Date(this.#now()).toISOString(),
        type: 'validation',
        severity: 'error',
        message: clip(`The reading policy failed: ${message}`, 500),
        agent: this.#agent,
        connectionStatus: 'connected',
      });
      actions = [
        {
          kind: 'say',
          text: "I'm sorry, something went wrong on my side. Could you say that again?",
        },
      ];
    }

    const responseId = this.#id('resp');
    const base = {
      id: responseId,
      object: 'realtime.response',
      conversation_id: `conv_${this.#sessionObjectId}`,
      output_modalities: [modality],
      status_details: null,
    };
    this.#emit('response.created', {
      response: { ...base, status: 'in_progress', output: [], usage: null },
    });
    const output: WireItem[] = [];
    let spokenWords = 0;
    for (const action of actions) {
      if (action.kind === 'say') {
        if (action.text.trim() === '') continue;
        spokenWords += words(action.text).length;
        output.push(this.#emitMessage(responseId, output.length, action.text, modality));
      } else {
        output.push(this.#emitCall(responseId, output.length, action.name, action.args));
      }
    }
    const inputWords = inputs.reduce(
      (sum, input) =>
        sum +
        (input.kind === 'user_text'
          ? words(input.text).length
          : input.kind === 'tool_output'
            ? 10
            : 50),
      0,
    );
    this.#emit('response.done', {
      response: {
        ...base,
        status: 'completed',
        output,
        usage: {
          total_tokens: inputWords + spokenWords,
          input_tokens: inputWords,
          output_tokens: spokenWords,
          input_token_details: { text_tokens: inputWords, audio_tokens: 0, cached_tokens: 0 },
          output_token_details: { text_tokens: spokenWords, audio_tokens: 0 },
        },
      },
    });
  }

  #emitMessage(
    responseId: string,
    outputIndex: number,
    text: string,
    modality: 'text' | 'audio',
  ): WireItem {
    const itemId = this.#id('item');
    const previousId = this.#lastItemId();
    const open: WireItem = {
      id: itemId,
      object: 'realtime.item',
      type: 'message',
      role: 'assistant',
      status: 'in_progress',
      content: [],
    };
    const where = {
      response_id: responseId,
      item_id: itemId,
      output_index: outputIndex,
      content_index: 0,
    };
    this.#emit('response.output_item.added', {
      response_id: responseId,
      output_index: outputIndex,
      item: open,
    });
    this.#emit('conversation.item.added', { previous_item_id: previousId, item: open });
    const audio = modality === 'audio';
    this.#emit('response.content_part.added', {
      ...where,
      part: audio ? { type: 'audio', transcript: '' } : { type: 'text', text: '' },
    });
    for (const delta of chunks(text)) {
      this.#emit(audio ? 'response.output_audio_transcript.delta' : 'response.output_text.delta', {
        ...where,
        delta,
      });
    }
    if (audio) this.#emit('response.output_audio_transcript.done', { ...where, transcript: text });
    else this.#emit('response.output_text.done', { ...where, text });
    this.#emit('response.content_part.done', {
      ...where,
      part: audio ? { type: 'audio', transcript: text } : { type: 'text', text },
    });
    const done: WireItem = {
      ...open,
      status: 'completed',
      content: [audio ? { type: 'output_audio', transcript: text } : { type: 'output_text', text }],
    };
    this.#emit('response.output_item.done', {
      response_id: responseId,
      output_index: outputIndex,
      item: done,
    });
    this.#emit('conversation.item.done', { previous_item_id: previousId, item: done });
    this.#items.push(done);
    this.#trimItems();
    return done;
  }

  #emitCall(
    responseId: string,
    outputIndex: number,
    name: string,
    args: Record<string, unknown>,
  ): WireItem {
    const itemId = this.#id('item');
    const callId = this.#id('call');
    const previousId = this.#lastItemId();
    const argumentsJson = JSON.stringify(args);
    const open: WireItem = {
      id: itemId,
      object: 'realtime.item',
      type: 'function_call',
      status: 'in_progress',
      name,
      call_id: callId,
      arguments: '',
    };
    const where = {
      response_id: responseId,
      item_id: itemId,
      output_index: outputIndex,
      call_id: callId,
    };
    this.#calls.set(callId, {
      name,
      args,
      agent: this.#agent,
      startedAt: this.#now(),
      answered: false,
    });
    this.#toolCounts.set(name, (this.#toolCounts.get(name) ?? 0) + 1);
    this.#emit('response.output_item.added', {
      response_id: responseId,
      output_index: outputIndex,
      item: open,
    });
    this.#emit('conversation.item.added', { previous_item_id: previousId, item: open });
    this.#emit('response.function_call_arguments.delta', { ...where, delta: argumentsJson });
    this.#emit('response.function_call_arguments.done', { ...where, arguments: argumentsJson });
    const done: WireItem = { ...open, status: 'completed', arguments: argumentsJson };
    // The SDK dispatches the call on this event: type function_call, status completed, response_id.
    this.#emit('response.output_item.done', {
      response_id: responseId,
      output_index: outputIndex,
      item: done,
    });
    this.#emit('conversation.item.done', { previous_item_id: previousId, item: done });
    this.#items.push(done);
    this.#trimItems();
    return done;
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
    this.#log({
      event: 'error',
      sessionId: this.#logSessionId(),
      time: new Date(this.#now()).toISOString(),
      type: type === 'server_error' ? 'unsupported' : 'validation',
      severity: type === 'server_error' ? 'error' : 'warning',
      message: clip(`${code}: ${message}`, 500),
      agent: this.#agent,
      connectionStatus: 'connected',
    });
  }

  #logTool(record: CallRecord, output: string): void {
    const durationMs = Math.max(0, Math.round(this.#now() - record.startedAt));
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
    this.#log({
      event: 'tool_call',
      sessionId: this.#logSessionId(),
      time: new Date(this.#now()).toISOString(),
      tool: record.name,
      agent: record.agent,
      params,
      result: failed ? 'error' : 'success',
      ...(failure.success ? { errorCode: failure.data.error.code } : {}),
      durationMs,
    });
  }

  #logSessionId(): string {
    return clip(this.#options.sessionId ?? 'local', 100);
  }

  #log(event: LogEvent): void {
    try {
      this.#options.onLog?.(event);
    } catch {
      // A failing logger must not break the reading.
    }
  }
}
