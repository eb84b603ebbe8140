/**
 * Reading one client frame: JSON, an object with a string `type`, a type the reader supports, and
 * the contract schema for that type. A failure says what is wrong in the shape of the Realtime
 * `error` event (code, message, param, the frame's `event_id` when it had one), with anything the
 * client sent clipped.
 */
import { CLIENT_EVENT_TYPES, RealtimeClientEvent } from '../../contracts/realtime.ts';
import { clip } from './text.ts';
import { isPlainObject } from './wire.ts';

export interface FrameError {
  code: string;
  message: string;
  eventId: string | undefined;
  param: string | null;
}

export type ParsedFrame = { ok: true; event: RealtimeClientEvent } | ({ ok: false } & FrameError);

export function parseFrame(raw: string): ParsedFrame {
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
      message: `The offline reader does not support the event type "${clip(json.type, 80)}". Supported types: ${CLIENT_EVENT_TYPES.join(', ')}.`,
      eventId,
      param: 'type',
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
