/**
 * The strings of `<voice-start-audio>` in English, apart from en.ts: the element loads only with a
 * reading's voice view, so no first load carries them. Other languages have them among the voice
 * family's strings (`es.ts`, `fr.ts`, …: an `AllVoiceStrings` each).
 */
import { type VoiceStrings, voiceEn } from './en.ts';

export const startAudioEn = {
  audioBlocked: 'Your browser is holding back the reader’s voice until you allow it.',
  startAudio: 'Start audio',
};

/** Every string of the voice family in one language: en.ts's and `<voice-start-audio>`'s. */
export type AllVoiceStrings = VoiceStrings & typeof startAudioEn;

/** The voice family's strings in English, `<voice-start-audio>`'s included. */
export const ALL_VOICE_STRINGS_EN: AllVoiceStrings = { ...voiceEn, ...startAudioEn };
