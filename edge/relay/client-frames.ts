/**
 * What the relay makes of each frame the page sends before any of it reaches OpenAI. The page's
 * SDK speaks the same Realtime protocol as to OpenAI; a page that changed its own code may send
 * anything, so every frame is read as the offline reader reads it (reader/protocol/frames.ts: the
 * frame cap, JSON, the closed list of client events and their schemas, an inbound budget) and
 * only what passes goes on, rebuilt from what was parsed:
 *
 * - `session.update` keeps the agents' own fields (instructions, function tools, tool choice, the
 *   audio input settings, the output format and speed, truncation, include) and gets the pinned
 *   ones written over whatever it said: the model, the output modalities, the voice, the output
 *   limit per response, no tracing. Tools other than functions (a hosted MCP server) and a stored
 *   prompt are dropped: the readings use neither, and either could spend more than a reading.
 * - `response.create` goes on without its per-response overrides (instructions, tools, an output
 *   limit of its own, out-of-band input), at most a burst of them and then one every two seconds.
 * - every other client event goes on as parsed.
 *
 * A frame that fails gets an `error` event in OpenAI's shape (so the SDK releases a waiting
 * `response.create`) and never reaches OpenAI; a flood or an oversized frame ends the session.
 */
import {
  type RealtimeClientEvent,
  RealtimeSessionKept,
  type RealtimeErrorEvent,
} from '../../contracts/realtime.ts';
import { parseFrame } from '../../reader/protocol/frames.ts';
import { InboundBudget, type ResponseRate } from '../../reader/protocol/limits.ts';
import type { PinnedSession } from '../realtime/upstream.ts';

/** A reading asks for a dozen responses across a spread; each one costs. */
export const RELAY_RESPONSE_RATE: ResponseRate = { burst: 20, perSecond: 0.5 };

export type FrameVerdict =
  | { kind: 'forward'; frame: string }
  /** Answered to the page, and not forwarded; `closeCode` ends the session. */
  | { kind: 'refuse'; error: RealtimeErrorEvent; closeCode?: number };

/** The relay's own first `session.update`: the pinned fields, before the page says anything. */
export function pinnedUpdate(pins: PinnedSession): string {
  return JSON.stringify({ type: 'session.update', session: pins });
}

/** A page's session config with the pinned fields written over it (see the module's comment). */
export function pinSession(session: unknown, pins: PinnedSession): object | undefined {
  const kept = RealtimeSessionKept.safeParse(session);
  if (!kept.success) return undefined;
  const { instructions, tools, tool_choice, truncation, include, audio } = kept.data;
  return {
    type: 'realtime',
    ...(instructions !== undefined ? { instructions } : {}),
    ...(tools !== undefined ? { tools: tools.filter((tool) => tool.type === 'function') } : {}),
    ...(tool_choice !== undefined ? { tool_choice } : {}),
    ...(truncation !== undefined ? { truncation } : {}),
    ...(include !== undefined ? { include } : {}),
    model: pins.model,
    output_modalities: pins.output_modalities,
    max_output_tokens: pins.max_output_tokens,
    tracing: null,
    audio: {
      ...(audio?.input ? { input: audio.input } : {}),
      output: { ...audio?.output, voice: pins.audio.output.voice },
    },
  };
}

function forwardEvent(event: RealtimeClientEvent, pins: PinnedSession): object | undefined {
  if (event.type === 'session.update') {
    const session = pinSession(event.session, pins);
    if (!session) return undefined;
    return { type: event.type, ...(event.event_id ? { event_id: event.event_id } : {}), session };
  }
  if (event.type === 'response.create') {
    return { type: event.type, ...(event.event_id ? { event_id: event.event_id } : {}) };
  }
  return event;
}

/** One relayed session's reading of the page's frames. */
export class ClientFrames {
  readonly #pins: PinnedSession;
  readonly #budget = new InboundBudget(undefined, RELAY_RESPONSE_RATE);
  readonly #now: () => number;
  #errors = 0;

  constructor(pins: PinnedSession, now: () => number = Date.now) {
    this.#pins = pins;
    this.#now = now;
  }

  read(frame: string | ArrayBuffer): FrameVerdict {
    if (typeof frame !== 'string') {
      return this.#refuse('invalid_event', 'Events are JSON text frames.', undefined, null);
    }
    const parsed = parseFrame(frame, this.#budget, this.#now());
    if (!parsed.ok) {
      return this.#refuse(
        parsed.code,
        parsed.message,
        parsed.eventId,
        parsed.param,
        parsed.closeCode,
      );
    }
    const event = forwardEvent(parsed.event, this.#pins);
    if (!event) {
      return this.#refuse(
        'invalid_event',
        'Invalid session.update event: the session does not match the schema.',
        parsed.event.event_id,
        'session',
      );
    }
    return { kind: 'forward', frame: JSON.stringify(event) };
  }

  #refuse(
    code: string,
    message: string,
    eventId: string | undefined,
    param: string | null,
    closeCode?: number,
  ): FrameVerdict {
    this.#errors += 1;
    const error: RealtimeErrorEvent = {
      type: 'error',
      event_id: `relay_error_${this.#errors}`,
      error: { type: 'invalid_request_error', code, message, param, event_id: eventId ?? null },
    };
    return closeCode === undefined
      ? { kind: 'refuse', error }
      : { kind: 'refuse', error, closeCode };
  }
}
