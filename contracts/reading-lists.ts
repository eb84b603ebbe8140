/**
 * The reading's closed lists that its token and its logs name, without zod: the topics a question
 * is about, its modalities, its engines. The zod schemas (`reading-schema.ts`,
 * `reading-token.ts`) and the browser's event checks (`events.ts`) take them from here. Apart from
 * `reading.ts` because a first load carries that module whole and needs none of these.
 */

/** The areas of life a question is about, as IntentAssessment hands them on (`IntentHandoff`). */
export const READING_TOPICS = [
  'love',
  'career',
  'money',
  'health',
  'family',
  'spiritual',
  'general',
] as const;

/** Whether a reading is spoken or typed (`Modality` in `contracts/reading-token.ts`). */
export const MODALITIES = ['voice', 'text'] as const;

/**
 * Which engine reads: the offline `local` reader inside the edge, or OpenAI's Realtime API
 * (`ReadingEngine` in `contracts/reading-token.ts`).
 */
export const READING_ENGINES = ['local', 'openai'] as const;
