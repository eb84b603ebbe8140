/**
 * The cassette as zod schemas: the message, and the `present_to_cassette` tool's parameters with
 * a description of each for the model. The `cassette` pair's schema half: the topic, the limits,
 * the wire format and the page's reader are `cassette.ts`, re-exported here.
 */
import { z } from 'zod';
import { CASSETTE_CONTENT_MAX, CASSETTE_TITLE_MAX } from './cassette.ts';

export {
  CASSETTE_CONTENT_MAX,
  CASSETTE_TITLE_MAX,
  CASSETTE_TOPIC,
  MAX_RELIABLE_PACKET_BYTES,
  type CassetteParseResult,
  encodeCassette,
  parseCassette,
} from './cassette.ts';

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
