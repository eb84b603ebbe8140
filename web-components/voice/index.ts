// The voice family: engine-agnostic elements for any voice experience.
export { VoiceAnnouncer } from './voice-announcer.ts';
export { announce } from '../stores/announcer.ts';
