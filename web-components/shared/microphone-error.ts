/**
 * The one microphone-error classifier: what kind of problem a `getUserMedia` (or
 * `setMicrophoneEnabled`) rejection is, from its DOMException name, across browsers' spellings.
 * Each experience words the kinds in its own voice (the tarot offers text chat, BMO typing).
 */

/**
 * - `blocked`: the person or the browser refused the microphone to this site;
 * - `busy`: there is one, but it could not be started (another app holds it);
 * - `missing`: none was found, or none fits the constraints.
 */
export type MicrophoneProblem = 'blocked' | 'busy' | 'missing';

const KINDS: Record<string, MicrophoneProblem> = {
  NotAllowedError: 'blocked',
  SecurityError: 'blocked',
  PermissionDeniedError: 'blocked',
  NotReadableError: 'busy',
  AbortError: 'busy',
  TrackStartError: 'busy',
  NotFoundError: 'missing',
  OverconstrainedError: 'missing',
  DevicesNotFoundError: 'missing',
};

/** Which microphone problem `error` is, or undefined when it is not one. */
export function microphoneProblem(error: unknown): MicrophoneProblem | undefined {
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  return typeof name === 'string' && Object.hasOwn(KINDS, name) ? KINDS[name] : undefined;
}
