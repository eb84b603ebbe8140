/**
 * A tarot reading's sessions, for a page that drives a reading itself: the `ReadingSession`
 * interface `<tarot-reading>`'s host calls, its text and voice sessions, and the `RealtimeReading`
 * both are built on (it loads the Realtime SDK and the reading agents when a session starts).
 * `<tarot-reading>` loads each mode's session with `import()` when the mode is first chosen, so
 * the family's first load (tarot/index.ts) carries none of this.
 */
export type {
  CreateReadingSession,
  ReadingSession,
  ReadingSessionOptions,
  StallAnswer,
} from './reading-session.ts';
export { TextReadingSession } from './text-session.ts';
export { VoiceReadingSession, type VoiceReadingOptions } from './voice-session.ts';
export {
  DEFAULT_TIMEOUTS,
  RealtimeReading,
  type RealtimeReadingOptions,
  type ReadingTimeouts,
} from './realtime-reading.ts';
