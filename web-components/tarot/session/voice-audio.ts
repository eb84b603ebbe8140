/**
 * The audio side of a voice reading's session: push-to-talk's session config, and what a
 * microphone stream can be turned into.
 */
import type { RealtimeSessionConfig } from '@openai/agents-realtime';
import type { AudioCapture } from '../../voice/audio/push-to-talk.ts';
import type { MicrophoneStream } from '../../voice/audio/microphone.ts';

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

/**
 * Silences (or gives back) the reader's voice as the page plays it over WebRTC: a disabled remote
 * track plays silence. `output_audio_buffer.clear` stops the reader sending, but what is already
 * on its way and in the browser's jitter buffer still plays: 60 ms measured idle, 90-160 ms
 * beside busy loops, once 540 ms, and more on a bad network. A transport without a peer
 * connection (the WebSocket) is left alone: the SDK cuts that playback itself.
 */
export function silenceReader(transport: unknown, silent: boolean): void {
  const state =
    typeof transport === 'object' && transport !== null && 'connectionState' in transport
      ? transport.connectionState
      : undefined;
  const peer =
    typeof state === 'object' && state !== null && 'peerConnection' in state
      ? (state.peerConnection as RTCPeerConnection | undefined)
      : undefined;
  for (const receiver of peer?.getReceivers() ?? []) {
    if (receiver.track?.kind === 'audio') receiver.track.enabled = !silent;
  }
}

/** A capture the session can also release. */
export type ClosableCapture = AudioCapture & { close(): void };
