/**
 * Reading one client frame: JSON, an object with a string `type`, a type the reader supports, and
 * the contract schema for that type. A failure says what is wrong in the shape of the Realtime
 * `error` event (code, message, param, the frame's `event_id` when it had one), with anything the
 * client sent clipped. A frame over the frame cap ends the session (closeCode); a session.update
 * over its own cap is refused and the session goes on.
 */
import { CLIENT_EVENT_TYPES, RealtimeClientEvent } from '../../contracts/realtime.ts';
import {
  CLOSE_POLICY,
  CLOSE_TOO_LARGE,
  type InboundBudget,
  MAX_FRAME_BYTES,
  MAX_SESSION_UPDATE_BYTES,
  exceeds,
  utf8Length,
} from './limits.ts';
import { clip } from '../../contracts/text.ts';
import { isPlainObject } from './wire.ts';

export interface FrameError {
  code: string;
  message: string;
  eventId: string | undefined;
  param: string | null;
  /** Set when the session cannot go on: close the socket with this code. */
  closeCode?: number;
}

export type ParsedFrame = { ok: true; event: RealtimeClientEvent } | ({ ok: false } & FrameError);

const flooded = (message: string, eventId?: string): ParsedFrame => ({
  ok: false,
  code: 'rate_limit_exceeded',
  message,
  eventId,
  param: null,
  closeCode: CLOSE_POLICY,
});

/** Reads `raw`; with `budget`, first spends the frame (and a `response.create`) at `now`. */
export function parseFrame(raw: string, budget?: InboundBudget, now = 0): ParsedFrame {
  const overFrames = budget?.frame(utf8Length(raw), now);
  if (overFrames) return flooded(overFrames);
  if (exceeds(raw, MAX_FRAME_BYTES)) {
    return {
      ok: false,
      code: 'frame_too_large',
      message: `Frames are limited to ${MAX_FRAME_BYTES} bytes; this one was larger and the session has ended.`,
      eventId: undefined,
      param: null,
      closeCode: CLOSE_TOO_LARGE,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return {
      ok: false,
      code: 'invalid_json',
      message: 'The event is not valid JSON.',
      eventId: undefined,
      param: null,
    };
  }
  const eventId =
    isPlainObject(json) && typeof json.event_id === 'string' ? clip(json.event_id, 200) : undefined;
  if (!isPlainObject(json) || typeof json.type !== 'string') {
    return {
      ok: false,
      code: 'invalid_event',
      message: 'An event must be a JSON object with a string "type".',
      eventId,
      param: 'type',
    };
  }
  if (!CLIENT_EVENT_TYPES.includes(json.type)) {
    return {
      ok: false,
      code: 'unknown_event',
      message: `This session does not support the event type "${clip(json.type, 80)}". Supported types: ${CLIENT_EVENT_TYPES.join(', ')}.`,
      eventId,
      param: 'type',
    };
  }
  const overResponses = json.type === 'response.create' ? budget?.response(now) : undefined;
  if (overResponses) return flooded(overResponses, eventId);
  if (json.type === 'session.update' && exceeds(raw, MAX_SESSION_UPDATE_BYTES)) {
    return {
      ok: false,
      code: 'session_update_too_large',
      message: `session.update is limited to ${MAX_SESSION_UPDATE_BYTES} bytes; the session is unchanged.`,
      eventId,
      param: 'session',
    };
  }
  const parsed = RealtimeClientEvent.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = clip(issue?.path.map(String).join('.') ?? '', 80);
    return {
      ok: false,
      code: 'invalid_event',
      message: `Invalid ${json.type} event${path ? ` at ${path}` : ''}: ${clip(issue?.message ?? 'does not match the schema', 200)}.`,
      eventId,
      param: path || null,
    };
  }
  return { ok: true, event: parsed.data };
}
