// The voice family: engine-agnostic elements for any voice experience.
export { VoiceAnnouncer } from './voice-announcer.ts';
export {
  announce,
  createAnnouncer,
  pageAnnouncer,
  type Announcement,
  type Announcer,
} from '../stores/announcer.ts';
export { announcerContext } from '../stores/reading-context.ts';
export {
  VoiceSpeakerButton,
  type VoiceTalkEndDetail,
  type VoiceTalkSource,
  type VoiceTalkStartDetail,
} from './voice-speaker-button.ts';
export { VoiceAgentIndicator } from './voice-agent-indicator.ts';
export {
  VoiceTranscript,
  type VoiceTranscriptEntry,
  type VoiceTranscriptToggleDetail,
} from './voice-transcript.ts';
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
