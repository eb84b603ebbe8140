/**
 * What a voice reading does when the browser, the microphone or push-to-talk fails: the error its
 * store shows, what a screen-reader user hears, and the log line (a code and a reason, never a
 * transcript).
 */
import type { ErrorKind } from '../../../contracts/events.ts';
import { type SessionLog, describeError } from '../../events/index.ts';
import { microphoneProblem } from '../../shared/microphone-error.ts';
import type { Announcer } from '../../stores/announcer.ts';
import type { ReadingStore } from '../../stores/reading.ts';
import { microphoneMessage } from './token.ts';
import { type ReadingStrings, READING_EN } from '../i18n/session-en.ts';
import type { RealtimeReading } from './realtime-reading.ts';

/** Where a problem before any session is reported: a log of its own, since none is open. */
export interface ProblemTarget {
  store: ReadingStore;
  announcer: Announcer;
  newLog: () => SessionLog;
  /** The strings of the visitor's language (default English). */
  strings?: ReadingStrings | undefined;
}

/** Shows a problem that stops the reading before it connects, and logs it. */
export function showProblem(
  target: ProblemTarget,
  kind: ErrorKind,
  message: string,
  logMessage: string,
  error?: unknown,
): void {
  target.store.reset();
  // The error first: whoever watches the status going to 'error' can read why.
  target.store.setError({ kind, message });
  target.store.setConnection('error');
  target.newLog().error({
    type: kind,
    message: logMessage,
    ...(error === undefined ? {} : { error }),
    connectionStatus: 'idle',
  });
}

/** The microphone could not be opened: says why (denied, missing, busy, …) and how to go on. */
export function microphoneFailed(target: ProblemTarget, error: unknown): void {
  const problem = microphoneProblem(error);
  const t = target.strings ?? READING_EN;
  const message = problem
    ? microphoneMessage(problem, t)
    : t.micFailed(describeError(error, 'unknown error'));
  const name =
    typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
      ? error.name
      : 'Error';
  showProblem(
    target,
    'microphone',
    message,
    `Microphone unavailable (${name}): ${describeError(error, 'no detail')}`,
    error,
  );
  target.announcer.announce(message, { assertive: true });
}

/**
 * Push-to-talk failed in an open reading: logged to the reading's log; returns the hint for the
 * person, which the session shows and announces.
 */
export function pushToTalkFailed(
  reading: RealtimeReading,
  error: unknown,
  stage: 'press' | 'release' | 'capture',
): string {
  const agent = reading.store.$agent.get();
  reading.log?.error({
    type: stage === 'release' ? 'connection' : 'microphone',
    message: `Push-to-talk failed (${stage}): ${describeError(error, 'no detail')}`,
    error,
    ...(agent ? { agent } : {}),
    connectionStatus: reading.connectionStatus,
  });
  return stage === 'release' ? reading.strings.wordsNotSent : reading.strings.micStopped;
}
