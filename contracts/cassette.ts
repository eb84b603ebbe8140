/**
 * The cassette: precise data (an ID, a code, a password) that BMO pushes to the page over the
 * LiveKit data channel, so the visitor reads it instead of hearing it. The agent's
 * `present_to_cassette` tool writes it, the page's listener reads it; both hold it to one shape.
 *
 * Wire format (spec "Present to cassette tool"): UTF-8 JSON `{ "type": "cassette", "title", "content" }`
 * on topic `cassette`, sent reliably. A message that does not fit in one reliable packet
 * (`MAX_RELIABLE_PACKET_BYTES`) travels as a LiveKit text stream on the same topic, carrying the
 * same JSON.
 *
 * The zod-free half of the `cassette` pair (see `api.ts`): the topic, the limits, the wire format
 * and the page's reader. `cassette-schema.ts` holds the same message as zod schemas (the agent's
 * tool parameters, described for the model) and re-exports this.
 */
import { isObject, text } from './checks.ts';

/** The data-channel topic (and text-stream topic) of cassette messages. */
export const CASSETTE_TOPIC = 'cassette';

/** LiveKit caps a reliable data packet at 15 KiB; anything larger goes as a text stream. */
export const MAX_RELIABLE_PACKET_BYTES = 15 * 1024;

export const CASSETTE_TITLE_MAX = 60;
export const CASSETTE_CONTENT_MAX = 1_000_000;

/** A cassette: a short title (trimmed, 1 to 60 characters) and its exact content. */
export interface CassetteMessage {
  type: 'cassette';
  title: string;
  content: string;
}

/** A title once trimmed; the content as it came. */
const cassetteTitle = /* @__PURE__ */ text(1, CASSETTE_TITLE_MAX);
const cassetteContent = /* @__PURE__ */ text(1, CASSETTE_CONTENT_MAX);

export type CassetteParseResult =
  { ok: true; cassette: CassetteMessage } | { ok: false; error: string };

/** The UTF-8 JSON bytes of a cassette message, exactly what goes on the wire. */
export function encodeCassette(msg: CassetteMessage): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify({ type: 'cassette', title: msg.title, content: msg.content }),
  );
}

/**
 * Reads a cassette message from a data packet or a text stream. Never throws: bad UTF-8, bad
 * JSON, another message type or missing fields come back as `{ ok: false, error }`.
 */
export function parseCassette(bytes: Uint8Array | string): CassetteParseResult {
  let text: string;
  if (typeof bytes === 'string') {
    text = bytes;
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, error: 'Cassette message is not valid UTF-8.' };
    }
  }

  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Cassette message is not valid JSON.' };
  }

  if (!isObject(data)) {
    return { ok: false, error: 'Cassette message must be a JSON object.' };
  }
  if (data.type !== 'cassette') {
    return { ok: false, error: 'Not a cassette message: "type" must be "cassette".' };
  }

  const title = typeof data.title === 'string' ? data.title.trim() : data.title;
  if (cassetteTitle(title) && cassetteContent(data.content)) {
    return { ok: true, cassette: { type: 'cassette', title, content: data.content } };
  }
  const problems = [
    cassetteTitle(title) ? '' : `title: must be text of 1 to ${CASSETTE_TITLE_MAX} characters`,
    cassetteContent(data.content)
      ? ''
      : `content: must be text of 1 to ${CASSETTE_CONTENT_MAX} characters`,
  ];
  return {
    ok: false,
    error: `Invalid cassette message: ${problems.filter(Boolean).join('; ')}`,
  };
}
