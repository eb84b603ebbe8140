/**
 * BMO's rows of the speech suite (speech.bench.ts runs them with its recognizer), on the real
 * parts: a `livekit-server --dev`, the edge's token route and webhook, the worker in `start` mode
 * (prewarmed job processes, as npm start runs it) on the offline BMO, espeak-ng, and a visitor on
 * rtc-node who speaks espeak-ng WAVs (tests/support/bmo-voice-visitor.ts).
 *
 * - End of speech (when the visitor's last voiced sample left their microphone) → the first sound
 *   of BMO's answer arriving over LiveKit, warm: p50 and p95 (goals 1.5 s and 3 s here). Baseline,
 *   interleaved in the same session: the same question typed (`lk.chat`) → the first sound of its
 *   answer, so the ratio is what hearing adds (the VAD's end of turn and the recognizer).
 * - A voice job's resident memory once it has answered, against a typed job's (a worker with no
 *   recognizer): what the VAD, the STT and the TTS add to a job process. The worker's inference
 *   process (LiveKit's end-of-turn model, which the SDK loads once per worker whatever the jobs
 *   use) is reported apart.
 *
 * Run alone: `node tests/bench/speech-bmo.bench.ts` (RUNS=10 turns of each).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ParticipantKind, dispose } from '@livekit/rtc-node';
import { type AgentWorker, startAgentWorker } from '../support/agent-worker.ts';
import { type VoiceVisitor, joinAsVoiceVisitor } from '../support/bmo-voice-visitor.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { startLiveKitServer } from '../support/livekit-server.ts';
import { type RunningRecognizer, speak, startRecognizer } from '../support/recognizer.ts';
import { memoryRooms } from '../support/edge-env.ts';
import { type EdgeForLiveKit, startEdgeForLiveKit } from '../support/edge-for-livekit.ts';
import { median, percentile, row, type BenchRow } from './stats.ts';

const QUESTION = 'What is my PhilHealth ID?';

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** The process of the job in `room`: its `job_start` names the job, and the SDK's lines its pid. */
function jobPid(worker: AgentWorker, room: string): number {
  const jobId = worker.events.find((e) => e.event === 'job_start' && e.room === room)?.jobId;
  const line = worker.output.find((l) => typeof jobId === 'string' && l.includes(`"jobID":"${jobId}"`));
  const pid = Number(/"pid":(\d+)/.exec(line ?? '')?.[1]);
  if (!Number.isInteger(pid)) throw new Error(`no process found for the job in ${room}`);
  return pid;
}

/** The worker's inference process: the one in its process group that runs the SDK's inference main. */
function inferencePid(worker: AgentWorker): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (group === worker.pid && command.includes('inference_proc_lazy_main')) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

interface Stack {
  edge: EdgeForLiveKit;
  env: Record<string, string>;
  stop(): Promise<void>;
}

async function startStack(): Promise<Stack> {
  const edge = await startEdgeForLiveKit();
  const livekit = await startLiveKitServer({ webhookUrls: [edge.webhookUrl] });
  edge.use({
    LOCAL_DEVELOPMENT: 'true',
    LIVEKIT_URL: livekit.url,
    LIVEKIT_API_KEY: livekit.apiKey,
    LIVEKIT_API_SECRET: livekit.apiSecret,
    BMO_ROOMS: memoryRooms(),
  });
  return {
    edge,
    env: {
      LIVEKIT_URL: livekit.url,
      LIVEKIT_API_KEY: livekit.apiKey,
      LIVEKIT_API_SECRET: livekit.apiSecret,
    },
    async stop() {
      await livekit.stop();
      await edge.stop();
    },
  };
}

/** A visitor (the owner) in a fresh room, once BMO has greeted and listens. */
async function visit(stack: Stack): Promise<{ visitor: VoiceVisitor; room: string }> {
  const details = await stack.edge.token('127.0.0.1', { participantName: 'Bench' });
  const visitor = await joinAsVoiceVisitor(details.serverUrl, details.participantToken);
  await visitor.until(() => visitor.lines.some((l) => l.who === 'bmo'), 'the greeting', 60_000);
  await listening(visitor);
  return { visitor, room: details.roomName };
}

function listening(visitor: VoiceVisitor): Promise<void> {
  return visitor.until(
    () => visitor.bmo()?.attributes['lk.agent.state'] === 'listening',
    'BMO listening',
    60_000,
  );
}

/** One turn: its start (ms) → the first sound of BMO's answer, once BMO listens again. */
async function turn(visitor: VoiceVisitor, ask: () => Promise<number>): Promise<number> {
  const before = visitor.lines.length;
  const started = await ask();
  const sound = await visitor.bmoSoundAfter(started);
  await visitor.until(
    () => visitor.lines.slice(before).some((l) => l.who === 'bmo' && /cassette/i.test(l.text)),
    "BMO's answer",
  );
  await listening(visitor);
  return sound - started;
}

export async function bmoSpeechBench(
  recognizer: RunningRecognizer,
  runs = 10,
): Promise<BenchRow[]> {
  const wav = speak(QUESTION).wav;
  const stack = await startStack();
  const start = async (env: Record<string, string>) =>
    startAgentWorker(
      { ...stack.env, ...env, BMO_AGENT_HTTP_PORT: String(await freeTcpPort()) },
      { mode: 'start' },
    );
  try {
    const voiceWorker = await start({
      RECOGNIZER_URL: recognizer.url,
      RECOGNIZER_KEY: recognizer.key,
      // a brisk voice: the first sound is measured, not how long BMO talks
      BMO_SPEECH_WPM: '350',
    });
    const spoken: number[] = [];
    const typed: number[] = [];
    let voiceJobMiB = Number.NaN;
    let inferenceMiB = Number.NaN;
    try {
      const { visitor, room } = await visit(stack);
      try {
        if (visitor.bmo()?.kind !== ParticipantKind.AGENT) throw new Error('BMO is not here');
        // one unmeasured turn of each warms the recognizer, the job and the room's media
        for (let run = -1; run < runs; run += 1) {
          const heard = await turn(visitor, () => visitor.say(wav));
          const answered = await turn(visitor, async () => {
            const sent = performance.now();
            await visitor.type(QUESTION);
            return sent;
          });
          if (run < 0) continue;
          spoken.push(heard);
          typed.push(answered);
        }
        voiceJobMiB = residentMiB(jobPid(voiceWorker, room));
        const inference = inferencePid(voiceWorker);
        if (inference !== undefined) inferenceMiB = residentMiB(inference);
      } finally {
        await visitor.leave();
      }
    } finally {
      await voiceWorker.stop();
    }

    const typedWorker = await start({});
    let typedJobMiB = Number.NaN;
    try {
      const { visitor, room } = await visit(stack);
      try {
        await visitor.type(QUESTION);
        await visitor.until(() => visitor.cassettes.length > 0, 'the cassette');
        await listening(visitor);
        typedJobMiB = residentMiB(jobPid(typedWorker, room));
      } finally {
        await visitor.leave();
      }
    } finally {
      await typedWorker.stop();
    }

    const note = `${runs} turns each, interleaved in one session: "${QUESTION}" (two tool calls, a cassette)`;
    return [
      row(
        'speech',
        "BMO: end of speech → first sound of its answer over LiveKit (p50)",
        median(spoken),
        'ms',
        { name: 'the same question typed → first sound (p50)', value: median(typed) },
        `${note}; goal ≤ 1500 ms`,
      ),
      row(
        'speech',
        "BMO: end of speech → first sound of its answer over LiveKit (p95)",
        percentile(spoken, 95),
        'ms',
        { name: 'the same question typed → first sound (p95)', value: percentile(typed, 95) },
        'goal ≤ 3000 ms',
      ),
      row(
        'speech',
        "BMO: a voice job's resident memory, after a turn",
        voiceJobMiB,
        'MiB',
        { name: "a typed job's (no recognizer), after a turn", value: typedJobMiB },
        'the job process alone; VAD, STT and TTS are in it',
      ),
      row(
        'speech',
        "BMO: the worker's inference process, resident",
        inferenceMiB,
        'MiB',
        undefined,
        "LiveKit's end-of-turn model, loaded once per worker (the offline BMO does not ask it)",
      ),
    ];
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const recognizer = await startRecognizer();
  try {
    console.table(await bmoSpeechBench(recognizer, Number(process.env.RUNS ?? 10)));
  } finally {
    await recognizer.stop();
    await dispose();
  }
}
