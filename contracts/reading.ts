/**
 * The reading's agents by name, without zod: the zod-free half of the `reading` pair (see
 * `api.ts`). The browser's first load names them from here; `reading-schema.ts`, with the tool and
 * handoff schemas, comes with a session.
 */

/** The four agents of the reading, in the order they hand off. */
export const AGENT_NAMES = ['IntentAssessment', 'SpreadGeneration', 'Reading', 'Followup'] as const;
/** One of the four agents' names (`AgentName` in `contracts/reading-schema.ts` is its schema). */
export type AgentName = (typeof AGENT_NAMES)[number];

/**
 * Messages the page's reading session sends on the app's behalf (a nudge to proceed) start with this.
 * They are not shown in the transcript, and the local reader does not read them as the visitor's
 * words: to it, a note is a turn with nothing said, so it takes the next step.
 */
export const APP_NOTE_PREFIX = '[app note]';

/** The SDK names a handoff tool `transfer_to_<agent name>`. */
export const handoffToolName = (to: AgentName): string => `transfer_to_${to}`;
