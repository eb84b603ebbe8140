/**
 * Job limits: a BMO job ends after a maximum duration (`BMO_MAX_SESSION_MINUTES`) and after an
 * idle time with nothing said by either side (`BMO_IDLE_MINUTES`), so one visitor cannot hold an
 * agent job (and its model costs) for ever. BMO says goodbye first (a final line on
 * `lk.transcription`), then the job shuts down with the limit as its reason, which `job_end` logs.
 *
 * The timing is `createJobLimits` (pure, tested with a fake clock); `enforceJobLimits` wires it to
 * an AgentSession and the job.
 */
import { voice } from '@livekit/agents';

export type JobLimitReason = 'max_duration' | 'idle_timeout';

export interface JobLimitSettings {
  /** Milliseconds from the job's start until it ends; 0 means no maximum. */
  maxSessionMs: number;
  /** Milliseconds without activity until it ends; 0 means no idle limit. */
  idleMs: number;
}

/** The clock the limits run on (the global timers by default; a fake one in tests). */
export interface LimitTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: LimitTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface JobLimits {
  /** Something happened (a message, speech, a reply): the idle time starts again. */
  activity(): void;
  /** Stops both timers (the job is ending for another reason). */
  stop(): void;
}

/** Calls `onLimit` once, with the first limit reached; after that (or `stop`) nothing more. */
export function createJobLimits(
  settings: JobLimitSettings,
  onLimit: (reason: JobLimitReason) => void,
  timers: LimitTimers = globalTimers,
): JobLimits {
  let done = false;
  let idleHandle: unknown;
  const fire = (reason: JobLimitReason) => {
    if (done) return;
    done = true;
    stop();
    onLimit(reason);
  };
  const maxHandle =
    settings.maxSessionMs > 0
      ? timers.setTimeout(() => fire('max_duration'), settings.maxSessionMs)
      : undefined;
  const armIdle = () => {
    if (idleHandle !== undefined) timers.clearTimeout(idleHandle);
    idleHandle =
      settings.idleMs > 0
        ? timers.setTimeout(() => fire('idle_timeout'), settings.idleMs)
        : undefined;
  };
  function stop() {
    if (maxHandle !== undefined) timers.clearTimeout(maxHandle);
    if (idleHandle !== undefined) timers.clearTimeout(idleHandle);
    idleHandle = undefined;
  }
  armIdle();
  return {
    activity: () => {
      if (!done) armIdle();
    },
    stop: () => {
      done = true;
      stop();
    },
  };
}

/** What BMO says when a limit ends the job (typed mode says it word for word). */
export const GOODBYE_LINES: Record<JobLimitReason, string> = {
  max_duration: "That's all the time we have for this chat. Goodbye for now, friend!",
  idle_timeout: "It's gone quiet, so I'll say goodbye for now. Reconnect any time to talk again!",
};

/** How long the goodbye may take to play out before the job ends regardless. */
export const GOODBYE_TIMEOUT_MS = 15_000;

export interface EnforceOptions extends JobLimitSettings {
  /** `text` says the line as written; `realtime` asks the model to say it (it has no TTS). */
  mode: 'realtime' | 'text';
  /** Ends the job (JobContext.shutdown). */
  shutdown: (reason: JobLimitReason) => void;
  /** Logs that a limit was reached, before the goodbye. */
  onReached: (reason: JobLimitReason) => void;
  timers?: LimitTimers;
}

/** Starts the limits on a running session; returns `stop` for the job's shutdown. */
export function enforceJobLimits(session: voice.AgentSession, options: EnforceOptions): () => void {
  const limits = createJobLimits(
    options,
    (reason) => {
      options.onReached(reason);
      void sayGoodbye(session, options.mode, reason).finally(() => options.shutdown(reason));
    },
    options.timers,
  );
  const onActivity = () => limits.activity();
  const onAgentState = (event: voice.AgentStateChangedEvent) => {
    if (event.newState !== 'listening') limits.activity();
  };
  const onUserState = (event: voice.UserStateChangedEvent) => {
    if (event.newState === 'speaking') limits.activity();
  };
  session.on(voice.AgentSessionEventTypes.ConversationItemAdded, onActivity);
  session.on(voice.AgentSessionEventTypes.UserInputTranscribed, onActivity);
  session.on(voice.AgentSessionEventTypes.AgentStateChanged, onAgentState);
  session.on(voice.AgentSessionEventTypes.UserStateChanged, onUserState);
  return () => {
    limits.stop();
    session.off(voice.AgentSessionEventTypes.ConversationItemAdded, onActivity);
    session.off(voice.AgentSessionEventTypes.UserInputTranscribed, onActivity);
    session.off(voice.AgentSessionEventTypes.AgentStateChanged, onAgentState);
    session.off(voice.AgentSessionEventTypes.UserStateChanged, onUserState);
  };
}

async function sayGoodbye(
  session: voice.AgentSession,
  mode: 'realtime' | 'text',
  reason: JobLimitReason,
): Promise<void> {
  const line = GOODBYE_LINES[reason];
  try {
    const handle =
      mode === 'text'
        ? session.say(line, { allowInterruptions: false })
        : session.generateReply({
            instructions: `Say exactly this, then stop: "${line}"`,
            allowInterruptions: false,
          });
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      handle.waitForPlayout(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, GOODBYE_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
  } catch {
    // a session that cannot speak any more still ends
  }
}
