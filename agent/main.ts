/**
 * The BMO worker. `node agent/main.ts start` (production) or `dev`; it registers with LiveKit as
 * agent `bmo` for explicit dispatch (the edge's token carries the dispatch), and each job runs
 * one BMO session in the visitor's room.
 *
 * Settings: see config.ts. Events: one JSON line each on stdout (log.ts).
 */
import { fileURLToPath } from 'node:url';
import {
  type JobContext,
  type JobProcess,
  ServerOptions,
  type VAD,
  cli,
  defineAgent,
  voice,
} from '@livekit/agents';
import {
  AGENT_ENGINE_ATTRIBUTE,
  AGENT_HEARING_ATTRIBUTE,
  AGENT_SPEECH_ATTRIBUTE,
  LANG_ATTRIBUTE,
  LIVEKIT_AGENT_NAME,
} from '../contracts/livekit-schema.ts';
import { visitorLang } from './prompt.ts';
import { createBmoAgent } from './agent.ts';
import { withoutLocalEndOfTurnModel } from './end-of-turn.ts';
import { type AgentConfig, ConfigError, loadConfig, workerProblems } from './config.ts';
import { type LogFields, errorFields, logEvent, redactSdkPii } from './log.ts';
import type { AccessLevel } from '../contracts/livekit-schema.ts';
import type { SupportedLang } from '../contracts/locale.ts';
import { JobCapacity } from './job-capacity.ts';
import { prepareJobProcesses } from './job-process.ts';
import { type JobLimitReason, enforceJobLimits } from './job-limits.ts';
import { GREETING_INSTRUCTIONS } from './prompt.ts';
import { createBmoSession } from './session.ts';
import { CassetteDeck, resendOnJoin } from './tools/present-to-cassette.ts';
import { participantAccessLevel } from './tools/obsidian-query.ts';
import { sessionRoom } from './tools/session-room.ts';
import { VaultIndex } from './vault-index.ts';
import { espeakRuns } from './voice/espeak-tts.ts';
import { OfflineVoice } from './voice/offline-voice.ts';
import { loadVad } from './voice/vad.ts';
import { bmoVocabulary } from './voice/vocabulary.ts';

/** How long past the job init timeout an accepted job may take to show as running. */
const LAUNCH_SLACK_MS = 10_000;

export const AGENT_NAME = LIVEKIT_AGENT_NAME;

// every process of the worker (the CLI, job and inference processes) imports this module
redactSdkPii();

interface BmoProcessData {
  /** The notes index, started in prewarm; undefined when the vault cannot be read. */
  vault?: Promise<VaultIndex | undefined>;
  /** The offline BMO's voice activity model, loaded in prewarm where it hears. */
  vad?: VAD;
  /** Whether espeak-ng runs here, asked in prewarm where BMO speaks offline. */
  espeak?: Promise<boolean>;
}

/** Indexes the vault and keeps it fresh; never rejects (a missing vault is logged). */
function openVault(config: AgentConfig): Promise<VaultIndex | undefined> {
  const started = performance.now();
  return VaultIndex.open(config.vaultPath, {
    watch: true,
    publicFolders: config.publicFolders,
    onReindex: (change) => logEvent('vault_reindexed', change),
    onError: (error) => logEvent('vault_error', errorFields(error), 'warn'),
  }).then(
    (index) => {
      logEvent('vault_indexed', {
        notes: index.noteCount,
        sections: index.sectionCount,
        sample: config.sampleVault,
        durationMs: Math.round(performance.now() - started),
      });
      return index;
    },
    (error: unknown) => {
      logEvent('vault_error', { ...errorFields(error), sample: config.sampleVault }, 'error');
      return undefined;
    },
  );
}

export default defineAgent<BmoProcessData>({
  prewarm: (proc: JobProcess<BmoProcessData>) => {
    const config = loadConfig();
    proc.userData.vault = openVault(config);
    // the models a voice job needs, loaded while the process waits for a job, not on the visitor's
    if (config.engine === 'offline' && config.recognizer) {
      proc.userData.vad = loadVad();
      proc.userData.espeak = config.espeak ? espeakRuns(config.espeak) : Promise.resolve(false);
    }
  },

  entry: async (ctx: JobContext<BmoProcessData>) => {
    const started = performance.now();
    const config = loadConfig();
    const jobFields = {
      jobId: ctx.job.id,
      room: ctx.job.room?.name,
      engine: config.engine,
      mode: config.mode,
    };
    logEvent('job_start', jobFields);

    const vault = ctx.proc.userData.vault ?? openVault(config);
    const deck = new CassetteDeck();
    const logContext = { jobId: ctx.job.id, room: ctx.job.room?.name };
    let closeReason = 'unknown';

    let stopResend = () => {};
    let stopLimits = () => {};
    let limitReason: JobLimitReason | undefined;
    ctx.addShutdownCallback(async () => {
      stopResend();
      stopLimits();
      logEvent('job_end', {
        ...jobFields,
        reason: limitReason ?? closeReason,
        cassette: deck.current !== undefined,
        durationMs: Math.round(performance.now() - started),
      });
      // A job that ends itself (its limits: BMO said goodbye) closes its room too: a visitor still
      // in it is disconnected rather than left, billed, in a room BMO has gone from. A job that
      // ends because its room closed (everyone left) leaves it be: a reused token may already have
      // made the room anew, and that room is not this job's to close.
      if (limitReason !== undefined) await ctx.deleteRoom(ctx.job.room?.name);
    });

    await ctx.connect();
    const publish = (attributes: Record<string, string>) =>
      ctx.room.localParticipant?.setAttributes(attributes) ?? Promise.resolve();
    stopResend = resendOnJoin(ctx.room, deck, logContext);
    // The room (and this job) is made at minting, before the visitor joins. The session starts
    // once they are in: its agent state turns "listening" only when it is bound to them, and the
    // page lets them type only then, so a first message cannot reach a session not yet listening.
    const visitor = await ctx.waitForParticipant();
    // the language the edge checked and wrote into the visitor's token, parsed again here
    const lang = visitorLang(visitor.attributes[LANG_ATTRIBUTE]);
    const agent = createBmoAgent({
      vault: () => vault,
      deck,
      logContext,
      lang,
      // the SDK runs tools outside the job's async context, so name the job's room as the fallback
      resolveRoom: (runCtx) => sessionRoom(runCtx) ?? ctx.room,
    });
    const offlineVoice = await voiceFor(config, ctx.proc.userData, {
      lang,
      access: participantAccessLevel(visitor),
      vault,
      publish,
      logContext,
    });
    const { session, inputOptions, outputOptions } = createBmoSession(config, lang, offlineVoice);
    session.on(voice.AgentSessionEventTypes.Error, (event) => {
      const cause = event.error instanceof Error ? event.error : event.error.error;
      logEvent('error', { ...jobFields, ...errorFields(cause), kind: event.error.type }, 'error');
    });
    session.on(voice.AgentSessionEventTypes.Close, (event) => {
      closeReason = String(event.reason);
    });
    await session.start({ agent, room: ctx.room, inputOptions, outputOptions });
    offlineVoice?.attach(session);
    // the page reads these, all at once, to say what BMO has and whether to offer the microphone
    await publish({
      [AGENT_ENGINE_ATTRIBUTE]: config.engine,
      ...(offlineVoice?.attributes() ?? voicelessAttributes(config)),
    }).catch((error: unknown) =>
      logEvent('error', { ...jobFields, ...errorFields(error), during: 'set_attributes' }, 'warn'),
    );
    stopLimits = enforceJobLimits(session, {
      ...config,
      onReached: (reason) => {
        limitReason = reason;
        logEvent('job_limit', { ...jobFields, reason });
      },
      shutdown: (reason) => ctx.shutdown(reason),
    });
    session.generateReply({ instructions: GREETING_INSTRUCTIONS });
  },
});

/** What BMO hears and says without the offline voice: OpenAI's Realtime model does both. */
function voicelessAttributes(config: AgentConfig): Record<string, string> {
  const realtime = config.engine === 'openai' && config.mode === 'realtime' ? 'on' : 'off';
  return { [AGENT_HEARING_ATTRIBUTE]: realtime, [AGENT_SPEECH_ATTRIBUTE]: realtime };
}

/**
 * The offline BMO's ears and voice for this visitor, or undefined when it is typed to: with
 * OpenAI, with no recognizer, or for a visitor whose language the recognizer does not hear. The
 * recognizer's vocabulary comes from the notes this visitor may read, decided first.
 */
async function voiceFor(
  config: AgentConfig,
  proc: BmoProcessData,
  job: {
    lang: SupportedLang;
    access: AccessLevel;
    vault: Promise<VaultIndex | undefined>;
    publish: (attributes: Record<string, string>) => Promise<void>;
    logContext: LogFields;
  },
): Promise<OfflineVoice | undefined> {
  if (config.engine !== 'offline' || !config.recognizer || job.lang !== 'en') return undefined;
  const index = await job.vault;
  const names = index?.names(job.access === 'owner' ? 'all' : 'public') ?? [];
  const espeak = config.espeak && (await (proc.espeak ?? espeakRuns(config.espeak)));
  return new OfflineVoice({
    recognizer: config.recognizer,
    vocabulary: bmoVocabulary(names),
    espeak: espeak ? config.espeak : undefined,
    speechWpm: config.speechWpm,
    vad: proc.vad ?? loadVad(),
    lang: job.lang,
    publish: job.publish,
    logContext: job.logContext,
  });
}

function runWorker(): void {
  let config: AgentConfig;
  try {
    config = loadConfig();
  } catch (error) {
    const problems = error instanceof ConfigError ? error.problems : [String(error)];
    logEvent('config_error', { problems: problems.join('; ') }, 'error');
    process.exitCode = 1;
    return;
  }
  const problems = workerProblems(config);
  if (problems.length > 0) {
    logEvent('config_error', { problems: problems.join('; ') }, 'error');
    process.exitCode = 1;
    return;
  }
  // The SDK logs user input and tool arguments at info level (under `lk.pii.*` keys); keep its
  // logs to warnings and errors unless asked, so no conversation content reaches the logs.
  process.env.LOG_LEVEL ||= 'warn';
  logEvent('worker_start', {
    agentName: AGENT_NAME,
    engine: config.engine,
    mode: config.mode,
    sampleVault: config.sampleVault,
  });
  // BMO_MAX_JOBS held per request, not only through the load LiveKit last heard (job-capacity.ts)
  const capacity = new JobCapacity(config.maxJobs, config.jobInitMs + LAUNCH_SLACK_MS);
  // no inference process holding a model BMO's turns never ask (end-of-turn.ts)
  withoutLocalEndOfTurnModel();
  // job processes sharing one compile cache, with a small young generation (job-process.ts)
  prepareJobProcesses();
  let server: { activeJobs: { job: { id: string } }[] } | undefined;
  const running = () => (server?.activeJobs ?? []).map((info) => info.job.id);
  cli.runApp(
    new ServerOptions({
      agent: fileURLToPath(import.meta.url),
      agentName: AGENT_NAME,
      // Load is this worker's share of its job capacity, not the machine's CPU: on a shared or
      // busy machine the CPU figure reaches LiveKit's threshold with no job running, and the
      // server then stops dispatching BMO at all. Jobs still starting count (job-capacity.ts).
      loadFunc: async (worker) => {
        server = worker;
        // also notes the jobs running now, so one that ends between two requests frees its place
        return capacity.load(running(), Date.now());
      },
      requestFunc: async (request) => {
        if (capacity.take(request.id, running(), Date.now())) return request.accept();
        logEvent('job_refused', { reason: 'max_jobs', maxJobs: config.maxJobs });
        return request.reject();
      },
      initializeProcessTimeout: config.jobInitMs,
      ...(config.idleProcesses !== undefined ? { numIdleProcesses: config.idleProcesses } : {}),
      ...(config.httpPort !== undefined ? { port: config.httpPort } : {}),
    }),
  );
}

// Job processes import this file for its default export; only the command line runs the worker.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runWorker();
}
