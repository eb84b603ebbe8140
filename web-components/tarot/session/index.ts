/**
 * A tarot reading's sessions, for a page that drives a reading itself (`voice-agent-elements/
 * tarot/session`): a text reading is a `RealtimeReading` (it loads the Realtime SDK and the reading
 * agents when a session starts); a voice reading is a `VoiceReadingSession`, which adds the
 * microphone and push-to-talk around its own `RealtimeReading` (`voice.reading`). `<tarot-reading>`
 * makes them the same way, loading each with `import()` when its mode is first chosen, so the
 * family's first load (tarot/index.ts) carries none of this.
 */
export {
  DEFAULT_TIMEOUTS,
  RealtimeReading,
  type RealtimeReadingOptions,
  type ReadingTimeouts,
} from './realtime-reading.ts';
export type { StallAnswer } from './stall-choice.ts';
export { VoiceReadingSession, type VoiceReadingOptions } from './voice-session.ts';
