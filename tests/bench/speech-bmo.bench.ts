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
 * - How many of those spoken questions BMO heard well enough to answer with the note's ID, against
 *   the same typed.
 * - A voice job's resident memory once it has answered, against a typed job's (a worker with no
 *   recognizer): what the VAD, the STT and the TTS add to a job process. The worker's inference
 *   process is reported apart: 0 while the worker starts none (agent/end-of-turn.ts keeps the SDK
 *   from loading LiveKit's end-of-turn model, which BMO's turns never ask).
 * - The Silero VAD's load, as prewarm pays it in a fresh process (the recognizer's model load is
 *   speech.bench.ts's).
 *
 * Run alone: `node tests/bench/speech-bmo.bench.ts` (RUNS=10 turns of each).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ParticipantKind, dispose } from '@livekit/rtc-node';
import { type AgentWorker, startAgentWorker } from '../support/agent-worker.ts';
import { type VoiceVisitor, joinAsVoiceVisitor } from '../support/bmo-voice-visitor.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { startLiveKitServer } from '../support/livekit-server.ts';
import { ROOT } from '../support/paths.ts';
import { type RunningRecognizer, speak, startRecognizer } from '../support/recognizer.ts';
import { memoryRooms } from '../support/edge-env.ts';
import { type EdgeForLiveKit, startEdgeForLiveKit } from '../support/edge-for-livekit.ts';
import { median, percentile, row, type BenchRow } from './stats.ts';

const QUESTION = 'What is my PhilHealth ID?';
/** What a heard question's answer holds: the ID as the sample note writes it. */
const PHILHEALTH_ID = /PhilHealth ID \(PIN\):\s*(\S+)/.exec(
  readFileSync(join(ROOT, 'agent/vault/Health insurance.md'), 'utf8'),
)?.[1];

/**
 * `loadVad()` in a fresh Node process, as a job process's prewarm runs it: the module's import and
 * the model's load (ms), and a second load in the same process.
 */
function vadLoad(): { importMs: number; loadMs: number; againMs: number } {
  const script = `
    const started = performance.now();
    const { initializeLogger } = await import('@livekit/agents');
    const { loadVad } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'agent/voice/vad.ts')).href)});
    initializeLogger({ pretty: false, level: 'fatal' });
    const imported = performance.now();
    loadVad();
    const loaded = performance.now();
    loadVad();
    const again = performance.now();
    console.log(JSON.stringify({ importMs: imported - started, loadMs: loaded - imported, againMs: again - loaded }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const last = out.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as { importMs: number; loadMs: number; againMs: number };
}

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

/** BMO listens, and all it said has reached the visitor: a late tail is not the next answer. */
async function listening(visitor: VoiceVisitor): Promise<void> {
  await visitor.until(
    () => visitor.bmo()?.attributes['lk.agent.state'] === 'listening',
    'BMO listening',
    60_000,
  );
  await visitor.bmoQuiet();
}

/**
 * One turn: its start → the first sound of BMO's answer (ms), once BMO listens again, and whether
 * the answer held the ID (a question misheard gets "couldn't find", or "didn't catch that").
 */
async function turn(
  visitor: VoiceVisitor,
  ask: () => Promise<number>,
): Promise<{ ms: number; hit: boolean }> {
  if (!PHILHEALTH_ID) throw new Error('the sample note has no PhilHealth ID');
  const before = visitor.lines.length;
  const started = await ask();
  const sound = await visitor.bmoSoundAfter(started);
  const answer = () => visitor.lines.slice(before).find((l) => l.who === 'bmo');
  await visitor.until(() => answer() !== undefined, "BMO's answer");
  await listening(visitor);
  return { ms: sound - started, hit: answer()?.text.includes(PHILHEALTH_ID) ?? false };
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
    let spokenHits = 0;
    let typedHits = 0;
    let voiceJobMiB = Number.NaN;
    // none unless the SDK starts one again (agent/end-of-turn.ts)
    let inferenceMiB = 0;
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
          spoken.push(heard.ms);
          typed.push(answered.ms);
          if (heard.hit) spokenHits += 1;
          if (answered.hit) typedHits += 1;
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

    const vad = vadLoad();
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
        'BMO: spoken questions answered with the ID',
        spokenHits,
        `of ${runs}`,
        { name: 'the same typed', value: typedHits },
        'heard through the VAD and the recognizer with the notes as vocabulary',
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
        "0 when the worker starts none: LiveKit's end-of-turn model is not loaded (agent/end-of-turn.ts)",
      ),
      row(
        'speech',
        'BMO: the Silero VAD loaded in a fresh process (prewarm)',
        vad.loadMs,
        'ms',
        { name: 'a second load in the same process', value: vad.againMs },
        `once per job process, before its job; importing the SDK and the module first: ${Math.round(vad.importMs)} ms`,
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
