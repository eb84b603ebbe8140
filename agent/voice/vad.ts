/**
 * The offline BMO's voice activity detection: Silero, as `@livekit/agents` 1.9 bundles it
 * (`inference.VAD`, on `@livekit/local-inference`'s native model, the VAD `AgentSession` makes by
 * default). Loaded once per worker process, in prewarm, while it waits for a job.
 *
 * Silence before a turn ends: 450 ms. Shorter splits a question at a breath (each half heard
 * apart, and worse); longer adds to every answer's wait. A turn holds at most 25 s of speech, so a
 * monologue is heard up to there rather than refused whole by the recognizer (30 s a turn).
 */
import { inference } from '@livekit/agents';

export const END_OF_TURN_SILENCE_MS = 450;
export const MAX_TURN_SPEECH_MS = 25_000;

export function loadVad(): inference.VAD {
  const vad = new inference.VAD({
    minSilenceDuration: END_OF_TURN_SILENCE_MS,
    maxBufferedSpeech: MAX_TURN_SPEECH_MS,
  });
  // the native model loads with the first stream: load it now, not on the visitor's first word
  vad.stream().close();
  return vad;
}
