/**
 * The cassette: precise data (an ID, a code, a password) that BMO pushes to the page over the
 * LiveKit data channel, so the visitor reads it instead of hearing it. The agent's
 * `present_to_cassette` tool writes it, the page's listener reads it; both go through this schema.
 *
 * Wire format (spec "Present to cassette tool"): UTF-8 JSON `{ "type": "cassette", "title", "content" }`
 * on topic `cassette`, sent reliably. A message that does not fit in one reliable packet
 * (`MAX_RELIABLE_PACKET_BYTES`) travels as a LiveKit text stream on the same topic, carrying the
 * same JSON.
 */
import { z } from 'zod';

/** The data-channel topic (and text-stream topic) of cassette messages. */
export const CASSETTE_TOPIC = 'cassette';

/** LiveKit caps a reliable data packet at 15 KiB; anything larger goes as a text stream. */
export const MAX_RELIABLE_PACKET_BYTES = 15 * 1024;

export const CASSETTE_TITLE_MAX = 60;
export const CASSETTE_CONTENT_MAX = 1_000_000;

const title = z
  .string()
  .trim()
  .min(1)
  .max(CASSETTE_TITLE_MAX)
  .describe('A short label for the cassette, one or two words, e.g. "PhilHealth ID" or "Wi-Fi".');
const content = z
  .string()
  .min(1)
  .max(CASSETTE_CONTENT_MAX)
  .describe(
    'The exact information to show the user, written out in full, e.g. "12-345678901-2". Never abbreviate.',
  );

export const CassetteMessage = z.object({
  type: z.literal('cassette'),
  title,
  content,
});
export type CassetteMessage = z.infer<typeof CassetteMessage>;

/** The `present_to_cassette` tool's parameters: the message without its `type`. */
export const PresentToCassetteParams = z.object({ title, content });
export type PresentToCassetteParams = z.infer<typeof PresentToCassetteParams>;

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

  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, error: 'Cassette message must be a JSON object.' };
  }
  if (!('type' in data) || data.type !== 'cassette') {
    return { ok: false, error: 'Not a cassette message: "type" must be "cassette".' };
  }

  const result = CassetteMessage.safeParse(data);
  if (!result.success) {
    const detail = result.error.issues
      .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    return { ok: false, error: `Invalid cassette message: ${detail}` };
  }
  return { ok: true, cassette: result.data };
}
