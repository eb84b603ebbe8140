// The voice family: engine-agnostic elements for any voice experience. The push-to-talk logic and
// the microphone capture behind them are `voice-agent-elements/voice/audio` (./audio.ts): a page
// that shows the elements does not load them; a session that opens the microphone does.
export { VoiceAnnouncer } from './voice-announcer/voice-announcer.ts';
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
} from './voice-speaker-button/voice-speaker-button.ts';
export { VoiceAgentIndicator } from './voice-agent-indicator/voice-agent-indicator.ts';
export {
  VoiceTranscript,
  type VoiceTranscriptEntry,
  type VoiceTranscriptToggleDetail,
} from './voice-transcript/voice-transcript.ts';
export type {
  AudioCapture,
  AudioPath,
  MicrophoneStream,
  PushToTalk,
  PushToTalkOptions,
  PushToTalkSession,
  ReleaseOutcome,
} from './audio/index.ts';
