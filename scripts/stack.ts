/**
 * All of BMO and the reading on one machine, for `npm start` and `npm run dev`: a loopback
 * `livekit-server` with keys made for this run, the local speech recognizer (started again if it
 * dies), the BMO agent worker, and the edge under `wrangler dev` configured to mint tokens for
 * that server (plus Vite with hot reload in dev).
 * Every port is a setting; secrets travel in private temporary files or the environment, never on
 * a command line or in a tracked file; nothing reaches for the network. Ctrl-C stops every part.
 *
 * Settings: PORT (edge, 8787), LIVEKIT_PORT (7880), LIVEKIT_RTC_TCP_PORT (7881),
 * LIVEKIT_RTC_UDP_PORT (7882), BMO_AGENT_HTTP_PORT (8081), EDGE_INSPECTOR_PORT (9229),
 * VITE_PORT (5173, dev only), VOICE_PEER_PORT (8790: the local WebRTC reader, started without
 * OPENAI_API_KEY), RECOGNIZER_PORT (8791: the speech recognizer). LIVEKIT_URL with LIVEKIT_API_KEY and LIVEKIT_API_SECRET use a
 * LiveKit server of your own instead of starting one (it must post its webhooks to the edge's
 * `/api/livekit/webhook`, or BMO never joins: see docs/settings.md). The edge and the worker get every documented
 * setting from the environment, else from `.dev.vars` (scripts/local-settings.ts).
 */
import { randomBytes } from 'node:crypto';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  findOrBuildLiveKitServer,
  freshKeys,
  LIVEKIT_WEBHOOK_PATH,
  liveKitConfig,
  privateTempFile,
} from './livekit-local.ts';
import { devVars, localSettings } from './local-settings.ts';
import { RECOGNIZER_SERVER, findOrProvisionRecognizer } from './recognizer-local.ts';
import {
  type Part,
  onStop,
  portSetting,
  startPart,
  stopAll,
  stopOnSignals,
  waitForHttp,
} from './processes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function envFileText(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join('\n');
}

/** Restarts `part` when a TypeScript file under `folders` changes (debounced). */
function reloadOnChange(part: Part, folders: string[]): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  for (const folder of folders) {
    const watcher = watch(join(ROOT, folder), { recursive: true }, (_event, name) => {
      if (!name?.endsWith('.ts')) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        console.log(`[${part.name}] ${folder}/${name} changed: restarting…`);
        void part.restart();
      }, 300);
    });
    onStop(() => watcher.close());
  }
}

export interface StackOptions {
  /** `npm run dev`: Vite with hot reload in front, and the worker restarted on changes. */
  dev: boolean;
}

export async function startStack({ dev }: StackOptions): Promise<void> {
  stopOnSignals();
  const ports = {
    edge: portSetting('PORT', 8787),
    livekit: portSetting('LIVEKIT_PORT', 7880),
    rtcTcp: portSetting('LIVEKIT_RTC_TCP_PORT', 7881),
    rtcUdp: portSetting('LIVEKIT_RTC_UDP_PORT', 7882),
    agent: portSetting('BMO_AGENT_HTTP_PORT', 8081),
    inspector: portSetting('EDGE_INSPECTOR_PORT', 9229),
    vite: portSetting('VITE_PORT', 5173),
    voicePeer: portSetting('VOICE_PEER_PORT', 8790),
    recognizer: portSetting('RECOGNIZER_PORT', 8791),
  };
  // every documented edge setting and every key of .dev.vars, the environment's value first
  const secrets = localSettings(devVars(ROOT), process.env);
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...secrets,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  };

  // LiveKit: a server of your own, else a local one with keys made for this run
  let livekitUrl = secrets.LIVEKIT_URL;
  if (livekitUrl && secrets.LIVEKIT_API_KEY && secrets.LIVEKIT_API_SECRET) {
    console.log(
      `Using your LiveKit server at ${livekitUrl}; it must post its webhooks to http://127.0.0.1:${ports.edge}${LIVEKIT_WEBHOOK_PATH} (signed with LIVEKIT_API_KEY), or BMO never joins.`,
    );
  } else {
    const found = findOrBuildLiveKitServer();
    if ('problem' in found) {
      livekitUrl = undefined;
      console.error(`\nBMO cannot start: ${found.problem}\nThe reading works without it.\n`);
    } else {
      const keys = freshKeys();
      const config = privateTempFile(
        'livekit.yaml',
        liveKitConfig({ port: ports.livekit, tcpPort: ports.rtcTcp, udpPort: ports.rtcUdp }, keys, [
          `http://127.0.0.1:${ports.edge}${LIVEKIT_WEBHOOK_PATH}`,
        ]),
      );
      onStop(config.remove);
      const server = startPart('livekit', found.binary, ['--dev', '--config', config.path], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      });
      livekitUrl = `ws://127.0.0.1:${ports.livekit}`;
      secrets.LIVEKIT_API_KEY = keys.apiKey;
      secrets.LIVEKIT_API_SECRET = keys.apiSecret;
      await waitForHttp(`http://127.0.0.1:${ports.livekit}/`, server, 30_000);
    }
  }

  // the speech recognizer the offline reader's hosts (and BMO) hear with, with a key made for this run
  const hearing = await startRecognizer(ports.recognizer);
  if (hearing) {
    secrets.RECOGNIZER_URL = hearing.url;
    secrets.RECOGNIZER_KEY = hearing.key;
  }
  const hearingEnv = hearing ? { RECOGNIZER_URL: hearing.url, RECOGNIZER_KEY: hearing.key } : {};

  if (livekitUrl && secrets.LIVEKIT_API_KEY && secrets.LIVEKIT_API_SECRET) {
    const agentArgs = dev ? ['agent/main.ts', 'dev'] : ['agent/main.ts', 'start'];
    const agent = startPart('agent', process.execPath, agentArgs, {
      cwd: ROOT,
      env: {
        ...baseEnv,
        LIVEKIT_URL: livekitUrl,
        LIVEKIT_API_KEY: secrets.LIVEKIT_API_KEY,
        LIVEKIT_API_SECRET: secrets.LIVEKIT_API_SECRET,
        BMO_AGENT_HTTP_PORT: String(ports.agent),
        ...hearingEnv,
      },
    });
    if (dev) reloadOnChange(agent, ['agent', 'contracts']);
  }

  // without OpenAI, voice readings call the local WebRTC reader, with a key made for this run
  if (!secrets.OPENAI_API_KEY) {
    const key = randomBytes(24).toString('hex');
    const peer = startPart('voice-peer', process.execPath, ['voice-peer/main.ts'], {
      cwd: ROOT,
      env: {
        ...baseEnv,
        ...hearingEnv,
        VOICE_PEER_KEY: key,
        VOICE_PEER_PORT: String(ports.voicePeer),
      },
    });
    if (dev) reloadOnChange(peer, ['voice-peer']);
    await waitForHttp(`http://127.0.0.1:${ports.voicePeer}/`, peer, 30_000);
    secrets.VOICE_PEER_URL = `http://127.0.0.1:${ports.voicePeer}/v1`;
    secrets.VOICE_PEER_KEY = key;
  }

  // the edge: non-secret settings as --var, secrets in a private env file (wrangler lets that
  // file win over --var, so LIVEKIT_URL travels with the keys)
  if (livekitUrl) secrets.LIVEKIT_URL = livekitUrl;
  else delete secrets.LIVEKIT_URL;
  const secretFile = privateTempFile('edge.env', envFileText(secrets));
  onStop(secretFile.remove);
  const vars: Record<string, string> = { LOCAL_DEVELOPMENT: 'true' };
  if (livekitUrl) vars.BMO_AGENT_HEALTH_URL = `http://127.0.0.1:${ports.agent}/`;
  const edgeArgs = [
    join(ROOT, 'node_modules/wrangler/bin/wrangler.js'),
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(ports.edge),
    '--inspector-port',
    String(ports.inspector),
    '--env-file',
    secretFile.path,
    // where the edge's Durable Objects keep their state, when a harness runs a second edge beside
    // another on this checkout (two wrangler dev sharing one state folder lock each other out)
    ...(process.env.EDGE_PERSIST_TO ? ['--persist-to', process.env.EDGE_PERSIST_TO] : []),
    ...Object.entries(vars).flatMap(([key, value]) => ['--var', `${key}:${value}`]),
  ];
  const edge = startPart('edge', process.execPath, edgeArgs, { cwd: ROOT, env: baseEnv });
  await waitForHttp(`http://127.0.0.1:${ports.edge}/api/health`, edge, 60_000);

  let url = `http://127.0.0.1:${ports.edge}`;
  if (dev) {
    const vite = startPart(
      'vite',
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        '--host',
        '127.0.0.1',
        '--port',
        String(ports.vite),
        '--strictPort',
      ],
      { cwd: ROOT, env: { ...baseEnv, EDGE_PORT: String(ports.edge) } },
    );
    url = `http://127.0.0.1:${ports.vite}`;
    await waitForHttp(url, vite, 30_000);
  }
  const engine = secrets.OPENAI_API_KEY ? 'OpenAI' : 'offline (no OPENAI_API_KEY)';
  const speech = hearing ? 'the local recognizer (English)' : 'none (typing only offline)';
  console.log(
    `\nReady: ${url}  (reading: ${url}/reading, BMO: ${url}/bmo, BMO engine: ${livekitUrl ? engine : 'not running'}, speech: ${speech})\nCtrl-C stops every part.\n`,
  );
}

/**
 * Starts the local speech recognizer (its Python environment made first, once) and waits for its
 * model to load; undefined, with the reason said, when this machine cannot run it: the rest of the
 * stack runs without it, and the reader and BMO say they cannot hear.
 */
async function startRecognizer(port: number): Promise<{ url: string; key: string } | undefined> {
  const found = findOrProvisionRecognizer();
  if ('problem' in found) {
    console.error(`\nThe speech recognizer cannot start: ${found.problem}\n`);
    return undefined;
  }
  const key = randomBytes(24).toString('hex');
  const part = startPart('recognizer', found.python, [RECOGNIZER_SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      RECOGNIZER_KEY: key,
      RECOGNIZER_PORT: String(port),
    },
    restart: true,
  });
  await waitForHttp(`http://127.0.0.1:${port}/health`, part, 120_000);
  return { url: `http://127.0.0.1:${port}/v1`, key };
}

/** Runs `fn`, and on a failure says why and stops every part. */
export function runOrStop(fn: () => Promise<void>): void {
  fn().catch((error: unknown) => {
    console.error(`\n${error instanceof Error ? error.message : String(error)}`);
    void stopAll(1);
  });
}
