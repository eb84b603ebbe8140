/**
 * Push-to-talk and microphone capture, for a page that runs its own voice session: what a voice
 * reading uses behind `<voice-speaker-button>`. Kept out of the voice family's entry (./index.ts)
 * so the elements cost only themselves until a session opens the microphone.
 */
export {
  PushToTalk,
  type AudioCapture,
  type AudioPath,
  type PushToTalkOptions,
  type PushToTalkSession,
  type ReleaseOutcome,
} from './push-to-talk.ts';
export {
  Pcm16Capture,
  Pcm16Resampler,
  REALTIME_SAMPLE_RATE,
  closeMicrophone,
  openMicrophone,
  type MicrophoneStream,
} from './microphone.ts';
