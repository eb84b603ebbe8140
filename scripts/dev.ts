/**
 * `npm run dev`: Vite with hot reload (it proxies /api to the edge), the edge under `wrangler dev`,
 * and the BMO agent worker when LiveKit is configured (LIVEKIT_URL in the environment or
 * .dev.vars) or a `livekit-server` binary is found (then it runs `livekit-server --dev` on
 * 127.0.0.1:7880 with its development keys). Ctrl-C stops all of them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findLiveKitServerBinary } from '../tests/support/livekit-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const edgePort = process.env.EDGE_PORT ?? '8787';

/** Reads KEY=value lines from .dev.vars, the file wrangler reads for local secrets. */
function devVars(): Record<string, string> {
  const file = join(root, '.dev.vars');
  if (!existsSync(file)) return {};
  const vars: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*"?(.*?)"?\s*$/.exec(line);
    if (match?.[1] && match[2] !== undefined) vars[match[1]] = match[2];
  }
  return vars;
}

const env: Record<string, string | undefined> = {
  ...devVars(),
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  EDGE_PORT: edgePort,
};
const children: ChildProcess[] = [];
function run(name: string, command: string, args: string[]): void {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  child.on('exit', (code) => console.log(`[${name}] exited with ${code}`));
  children.push(child);
}

const edgeArgs = [
  'node_modules/wrangler/bin/wrangler.js',
  'dev',
  '--ip',
  '127.0.0.1',
  '--port',
  edgePort,
  '--var',
  'LOCAL_DEVELOPMENT:true',
];
if (!env.LIVEKIT_URL) {
  try {
    const binary = findLiveKitServerBinary();
    run('livekit', binary, ['--dev', '--bind', '127.0.0.1']);
    Object.assign(env, {
      LIVEKIT_URL: 'ws://127.0.0.1:7880',
      LIVEKIT_API_KEY: 'devkey',
      LIVEKIT_API_SECRET: 'secret',
    });
    edgeArgs.push('--var', 'LIVEKIT_URL:ws://127.0.0.1:7880', '--var', 'LIVEKIT_API_KEY:devkey');
    edgeArgs.push('--var', 'LIVEKIT_API_SECRET:secret');
  } catch {
    // No local LiveKit server: BMO says it is not configured.
  }
}
run('edge', process.execPath, edgeArgs);
run('vite', process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1']);
if (env.LIVEKIT_URL && env.LIVEKIT_API_KEY && env.LIVEKIT_API_SECRET) {
  run('agent', process.execPath, ['agent/main.ts', 'dev']);
} else {
  console.log(
    'LiveKit is not configured (LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET): BMO’s agent worker is not started.',
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
