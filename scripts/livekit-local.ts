/**
 * A local `livekit-server` for `npm start`, `npm run dev` and the tests: where the binary is (found
 * through `LIVEKIT_SERVER_BIN`, `.tools/bin`, then `PATH`), how to build it with Go when it is
 * missing, what to install when neither is there, and a configuration with API keys made afresh
 * for each run (never LiveKit's public `devkey`), written to a private temporary file.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LIVEKIT_VERSION = 'v1.13.5';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOOLS_BIN = join(ROOT, '.tools', 'bin');

/** What to install, in words a newcomer can follow, when there is no binary and no Go. */
export const LIVEKIT_INSTALL_HINT =
  'BMO needs a livekit-server. Install Go 1.24 or newer (https://go.dev/dl/) and run npm start ' +
  'again (it builds livekit-server into .tools/bin once, in a few minutes), or put a ' +
  'livekit-server binary on PATH or in LIVEKIT_SERVER_BIN.';

/** Whether `path` is a file this user may run. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where the `livekit-server` binary is, or a clear error saying how to get one. */
export function findLiveKitServerBinary(
  env: NodeJS.ProcessEnv = process.env,
  toolsBin = TOOLS_BIN,
): string {
  const candidates: string[] = [];
  if (env.LIVEKIT_SERVER_BIN) candidates.push(env.LIVEKIT_SERVER_BIN);
  candidates.push(join(toolsBin, 'livekit-server'));
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir) candidates.push(join(dir, 'livekit-server'));
  }
  const found = candidates.find(isExecutable);
  if (found) return found;
  throw new Error(
    'livekit-server not found: set LIVEKIT_SERVER_BIN, or install it into .tools/bin ' +
      `(CGO_ENABLED=0 GOBIN="$PWD/.tools/bin" go install ` +
      `github.com/livekit/livekit-server/cmd/server@${LIVEKIT_VERSION} && mv .tools/bin/server ` +
      '.tools/bin/livekit-server), or put it on PATH. Looked in: ' +
      candidates.slice(0, 2).join(', ') +
      ' and PATH.',
  );
}

/** True when Go is on PATH. */
export function hasGo(env: NodeJS.ProcessEnv = process.env): boolean {
  return spawnSync('go', ['version'], { encoding: 'utf8', env }).status === 0;
}

/** Builds livekit-server into .tools/bin with Go; returns the binary or undefined on failure. */
export function buildLiveKitServer(): string | undefined {
  console.log(
    `Building livekit-server ${LIVEKIT_VERSION} into .tools/bin with Go. This takes a few minutes the first time (Go caches it)…`,
  );
  mkdirSync(TOOLS_BIN, { recursive: true });
  const built = spawnSync(
    'go',
    ['install', `github.com/livekit/livekit-server/cmd/server@${LIVEKIT_VERSION}`],
    { stdio: 'inherit', env: { ...process.env, CGO_ENABLED: '0', GOBIN: TOOLS_BIN } },
  );
  if (built.status !== 0) return undefined;
  const binary = join(TOOLS_BIN, 'livekit-server');
  renameSync(join(TOOLS_BIN, 'server'), binary);
  return binary;
}

/** The binary, built with Go when missing; else what to install (for the terminal). */
export function findOrBuildLiveKitServer(
  env: NodeJS.ProcessEnv = process.env,
  toolsBin = TOOLS_BIN,
): { binary: string } | { problem: string } {
  try {
    return { binary: findLiveKitServerBinary(env, toolsBin) };
  } catch {
    if (!hasGo(env)) return { problem: LIVEKIT_INSTALL_HINT };
    const binary = buildLiveKitServer();
    return binary
      ? { binary }
      : { problem: `Building livekit-server with Go failed (see above). ${LIVEKIT_INSTALL_HINT}` };
  }
}

/**
 * The binary as `npm start` finds or builds it, for a run that cannot go on without it (`npm run
 * scale`, `npm run bench`); throws what to install when there is none.
 */
export function requireLiveKitServer(
  env: NodeJS.ProcessEnv = process.env,
  toolsBin = TOOLS_BIN,
): string {
  const found = findOrBuildLiveKitServer(env, toolsBin);
  if ('problem' in found) throw new Error(found.problem);
  return found.binary;
}

export interface LiveKitKeys {
  apiKey: string;
  apiSecret: string;
}

/** A key pair made for this run only. */
export function freshKeys(prefix = 'local'): LiveKitKeys {
  return {
    apiKey: `${prefix}${randomBytes(6).toString('hex')}`,
    apiSecret: randomBytes(32).toString('hex'),
  };
}

export interface LiveKitPorts {
  port: number;
  tcpPort: number;
  udpPort: number;
}

/** The edge's webhook route, which livekit-server must post to for BMO's jobs to start. */
export const LIVEKIT_WEBHOOK_PATH = '/api/livekit/webhook';

/**
 * The `webhook:` lines of a livekit-server config: the server signs each event with `keys`' API
 * key and posts it to every URL (an edge's LIVEKIT_WEBHOOK_PATH); none without URLs.
 */
function webhookSection(keys: LiveKitKeys, webhookUrls: readonly string[]): string[] {
  if (webhookUrls.length === 0) return [];
  return [
    'webhook:',
    `  api_key: ${keys.apiKey}`,
    '  urls:',
    ...webhookUrls.map((u) => `    - ${u}`),
  ];
}

/**
 * The server's configuration: loopback only, these ports, these keys, and its webhooks posted to
 * `webhookUrls` (the edge's `LIVEKIT_WEBHOOK_PATH`), signed with the key pair: BMO's job starts
 * when the edge hears a visitor joined.
 */
export function liveKitConfig(
  ports: LiveKitPorts,
  keys: LiveKitKeys,
  webhookUrls: readonly string[] = [],
  logLevel = 'warn',
): string {
  return [
    `port: ${ports.port}`,
    'bind_addresses: ["127.0.0.1"]',
    'rtc:',
    `  tcp_port: ${ports.tcpPort}`,
    `  udp_port: ${ports.udpPort}`,
    '  use_external_ip: false',
    '  node_ip: 127.0.0.1',
    'keys:',
    `  ${keys.apiKey}: ${keys.apiSecret}`,
    ...webhookSection(keys, webhookUrls),
    'logging:',
    `  level: ${logLevel}`,
  ].join('\n');
}

/**
 * Writes a private file (mode 0600, in a fresh temporary folder) and returns its path and a
 * function that deletes it: how secrets reach livekit-server and wrangler without appearing in a
 * command line or a tracked file.
 */
export function privateTempFile(
  name: string,
  content: string,
): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bmo-local-'));
  const path = join(dir, name);
  writeFileSync(path, content, { mode: 0o600 });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
