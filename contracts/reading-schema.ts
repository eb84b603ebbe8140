/**
 * The tarot reading's shared shapes as zod schemas: the agents' names, the tool parameters and
 * results of `draw_card` and `show_card`, and the structured input each handoff carries. The
 * browser's agents, the offline reader and the tests all read these, so the three agree by
 * construction. The `reading` pair's schema half: the names a first load needs are `reading.ts`,
 * re-exported here.
 */
import { z } from 'zod';
import { AGENT_NAMES } from './reading.ts';
import { READING_TOPICS } from './reading-lists.ts';

export { AGENT_NAMES, APP_NOTE_PREFIX, handoffToolName } from './reading.ts';
export const AgentName = z.enum(AGENT_NAMES);
export type AgentName = z.infer<typeof AgentName>;

export const CardIdSchema = z
  .string()
  .regex(/^[a-z]+(?:-[a-z]+)*$/, 'a card id is lowercase words joined by hyphens, e.g. "the-fool"');

export const DrawCardParams = z.object({
  positionLabel: z
    .string()
    .min(1)
    .max(60)
    .describe(
      'The spread position: its key when a standard one fits, written exactly so ("Past", "Present", "Situation", "Advice", …), else a short name. The page shows a key in the person’s language.',
    ),
  promptRole: z
    .string()
    .min(1)
    .max(240)
    .describe('What this position represents in the reading, e.g. "what shaped the situation".'),
});
export type DrawCardParams = z.infer<typeof DrawCardParams>;

export const DrawCardResult = z.object({
  cardId: CardIdSchema,
  cardName: z.string(),
  reversed: z.boolean(),
});
export type DrawCardResult = z.infer<typeof DrawCardResult>;

export const ShowCardParams = z.object({
  cardId: CardIdSchema.describe('The id of the card to display, e.g. "the-fool".'),
  reversed: z.boolean().describe('Whether the card is reversed (upside down).'),
});
export type ShowCardParams = z.infer<typeof ShowCardParams>;

export const ShowCardResult = z.object({
  success: z.literal(true),
  cardId: CardIdSchema,
  reversed: z.boolean(),
});
export type ShowCardResult = z.infer<typeof ShowCardResult>;

/** What a tool returns to the agent when it fails: never thrown, always an output. */
export const ToolErrorResult = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.enum(['validation', 'not_found', 'cancelled', 'timeout', 'ui', 'already_drawn']),
    message: z.string(),
  }),
});
export type ToolErrorResult = z.infer<typeof ToolErrorResult>;

export const SpreadPosition = z.object({
  label: z.string().min(1).max(60),
  role: z.string().min(1).max(240),
});
export type SpreadPosition = z.infer<typeof SpreadPosition>;

export const SpreadLayout = z.object({
  name: z.string().min(1).max(80),
  positions: z.array(SpreadPosition).min(1).max(10),
});
export type SpreadLayout = z.infer<typeof SpreadLayout>;

export const DrawnCard = DrawCardResult.extend({
  positionLabel: z.string(),
  promptRole: z.string(),
});
export type DrawnCard = z.infer<typeof DrawnCard>;

/** IntentAssessment → SpreadGeneration. */
export const IntentHandoff = z.object({
  intentSummary: z.string().min(1).describe('The question in one sentence, in the user’s terms.'),
  hiddenConcern: z.string().describe('The deeper worry under the question, or "" if none.'),
  topic: z.enum(READING_TOPICS).describe('The area of life the question is about.'),
  timeframe: z.string().describe('The period the question covers, e.g. "the next three months".'),
});
export type IntentHandoff = z.infer<typeof IntentHandoff>;

/** SpreadGeneration → Reading: the spread and every card drawn, in position order. */
export const SpreadHandoff = z.object({
  spread: SpreadLayout,
  cards: z.array(DrawnCard).min(1).max(10),
});
export type SpreadHandoff = z.infer<typeof SpreadHandoff>;

/** Reading → Followup: the reading as delivered. */
export const ReadingHandoff = z.object({
  interpretations: z
    .array(z.object({ cardId: CardIdSchema, positionLabel: z.string(), summary: z.string() }))
    .min(1),
  synthesis: z.string().min(1),
  advice: z.string(),
});
export type ReadingHandoff = z.infer<typeof ReadingHandoff>;
