/**
 * A BMO worker without LiveKit's local end-of-turn model.
 *
 * `@livekit/agents` 1.9's worker registers the model's runner whenever `@livekit/local-inference`'s
 * native binding loads (which it does here, for the Silero VAD), and then starts an inference
 * process of its own to hold it: about 300 MiB resident per worker, loaded before the first job.
 * BMO's turns never ask it: the offline voice ends a turn on the VAD's silence (session.ts), the
 * realtime model on its own, and a typed turn is a message. The SDK has no switch for it; it skips
 * registering the runner when one is already registered under the model's method, and it starts
 * the inference process only for the runners it can list. So the method is marked as taken, where
 * the SDK looks and not where it lists, and no inference process starts.
 */
import { InferenceRunner } from '@livekit/agents';

/** The method LiveKit's local end-of-turn runner registers under (its `EOT_INFERENCE_METHOD`). */
export const LOCAL_END_OF_TURN_METHOD = 'lk_eot_audio';

/** Keeps the worker from loading the end-of-turn model; call before the worker starts. */
export function withoutLocalEndOfTurnModel(): void {
  const runners = InferenceRunner.registeredRunners;
  if (Object.hasOwn(runners, LOCAL_END_OF_TURN_METHOD)) return;
  Object.defineProperty(runners, LOCAL_END_OF_TURN_METHOD, {
    value: 'not loaded: BMO ends its turns on the VAD, the realtime model or a typed message',
    enumerable: false,
  });
}
