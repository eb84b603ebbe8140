/**
 * The audio side of a voice reading's session: push-to-talk's session config, and what a
 * microphone stream can be turned into.
 */
import type { RealtimeSessionConfig } from '@openai/agents-realtime';
import type { AudioCapture } from '../../voice/push-to-talk.ts';
import type { MicrophoneStream } from '../../voice/microphone.ts';

/**
 * The session config for push-to-talk: the caller's config with turn detection off
 * (`audio.input.turnDetection: null`), which the SDK keeps across handoffs.
 */
export function pushToTalkConfig(
  config: Partial<RealtimeSessionConfig> = {},
): Partial<RealtimeSessionConfig> {
  const audio = 'audio' in config ? config.audio : undefined;
  return { ...config, audio: { ...audio, input: { ...audio?.input, turnDetection: null } } };
}

/** Whether the stream is a browser MediaStream (a test's stand-in is not). */
export function isMediaStream(stream: MicrophoneStream | undefined): stream is MediaStream {
  return typeof MediaStream === 'function' && stream instanceof MediaStream;
}

/** A capture the session can also release. */
export type ClosableCapture = AudioCapture & { close(): void };
