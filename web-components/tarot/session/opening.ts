/**
 * What opening a reading's session does around its connection: a time limit on the whole open, the
 * past messages replayed into a resumed session, and the start of the session's log.
 */
import type { RealtimeSession } from '@openai/agents-realtime';
import type { ConnectionStatus, SessionTransport } from '../../../contracts/events.ts';
import type { AgentName } from '../../../contracts/reading-schema.ts';
import { type SessionLog, describeDevice } from '../../events/index.ts';
import type { Modality } from '../agents/context.ts';
import { replayableHistory } from '../state/resume.ts';
import type { ReadingToken } from './token.ts';

/**
 * `work`'s result, or `late()`'s once `ms` have passed without one. The timer ends with the
 * race, so a quick open leaves nothing behind; `late` decides what a slow open's result becomes.
 */
export async function withinDeadline<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lateResult = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
  });
  try {
    return await Promise.race([work, lateResult]);
  } finally {
    clearTimeout(timer);
  }
}

/** Gives a resumed session the past messages; one it refuses leaves the reading going on. */
export function replayInto(
  session: Pick<RealtimeSession, 'updateHistory'>,
  history: readonly unknown[],
  log: SessionLog | undefined,
  agent: AgentName,
  connectionStatus: ConnectionStatus,
): void {
  try {
    session.updateHistory(replayableHistory(history));
  } catch (error) {
    log?.error({
      type: 'connection',
      severity: 'warning',
      message: 'The past messages could not be replayed into the new session.',
      error,
      agent,
      connectionStatus,
    });
  }
}

/** Logs the start of a reading (a new or restored one; a reconnect goes on in the same log). */
export function logSessionStart(
  log: SessionLog | undefined,
  input: {
    agent: AgentName;
    grant: ReadingToken;
    mode: Modality;
    transport: SessionTransport | undefined;
  },
): void {
  const device = describeDevice();
  log?.start({
    initialAgent: input.agent,
    tokenExpiresAt: new Date(input.grant.expiresAt * 1000).toISOString(),
    mode: input.mode,
    engine: input.grant.engine,
    ...(input.transport ? { transport: input.transport } : {}),
    ...(device ? { device } : {}),
  });
}
