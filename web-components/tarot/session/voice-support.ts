/**
 * Whether this browser can hold a voice reading. Kept apart from the voice session so
 * that an element can ask before (or without) loading the session code.
 */

/** An API a voice reading needs, named for the log. */
export type VoiceApi = 'RTCPeerConnection' | 'navigator.mediaDevices.getUserMedia';

/** The APIs a voice reading needs that this browser lacks (none: voice works here). */
export function missingVoiceApis(scope: typeof globalThis = globalThis): VoiceApi[] {
  const missing: VoiceApi[] = [];
  if (typeof scope.RTCPeerConnection !== 'function') missing.push('RTCPeerConnection');
  if (typeof scope.navigator?.mediaDevices?.getUserMedia !== 'function') {
    missing.push('navigator.mediaDevices.getUserMedia');
  }
  return missing;
}
