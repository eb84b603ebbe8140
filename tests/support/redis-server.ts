/**
 * A throwaway `redis-server` on a free loopback port, for the multi-node LiveKit cluster: nothing
 * saved to disk, no password (it listens on 127.0.0.1 only), stopped with `stop()`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freeTcpPort } from './free-port.ts';

export interface RedisServer {
  port: number;
  /** Runs one command; resolves with the reply's bulk strings (HGETALL gives key, value, …). */
  query(...args: string[]): Promise<string[]>;
  /** `127.0.0.1:<port>`, as LiveKit's `redis.address` takes it. */
  address: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Resolves once Redis answers PING with PONG on `port`. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk: Buffer) => done(chunk.toString().startsWith('+PONG')));
  });
}

/** One RESP command on a fresh connection; reads an array (or one value) of bulk strings. */
export function redisQuery(port: number, args: readonly string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let buffer = Buffer.alloc(0);
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error('redis did not answer'));
    });
    socket.once('error', reject);
    socket.once('connect', () =>
      socket.write(
        `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`,
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const parsed = parseReply(buffer);
      if (parsed) {
        socket.destroy();
        resolve(parsed);
      }
    });
  });
}

/** The reply's strings once it is complete, else undefined (wait for more bytes). */
function parseReply(buffer: Buffer): string[] | undefined {
  let at = 0;
  const line = (): string | undefined => {
    const end = buffer.indexOf('\r\n', at);
    if (end < 0) return undefined;
    const text = buffer.toString('latin1', at, end);
    at = end + 2;
    return text;
  };
  const value = (): string | null | undefined => {
    const head = line();
    if (head === undefined) return undefined;
    if (head.startsWith('$')) {
      const length = Number(head.slice(1));
      if (length < 0) return null;
      if (buffer.length < at + length + 2) return undefined;
      const text = buffer.toString('utf8', at, at + length);
      at += length + 2;
      return text;
    }
    if (head.startsWith('-')) throw new Error(`redis: ${head.slice(1)}`);
    return head.slice(1);
  };
  const head = buffer.toString('latin1', 0, 1);
  if (head !== '*') {
    const single = value();
    return single === undefined ? undefined : single === null ? [] : [single];
  }
  const count = Number(line()?.slice(1) ?? Number.NaN);
  if (Number.isNaN(count)) return undefined;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const item = value();
    if (item === undefined) return undefined;
    if (item !== null) out.push(item);
  }
  return out;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export async function startRedis(
  options: { binary?: string; timeoutMs?: number } = {},
): Promise<RedisServer> {
  const port = await freeTcpPort();
  const child = spawn(
    options.binary ?? process.env.REDIS_SERVER_BIN ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const stop = (): Promise<void> => {
    if (exited(child)) return Promise.resolve();
    return new Promise((resolve) => {
      const hard = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(hard);
        resolve();
      });
      child.kill('SIGTERM');
    });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    const failed = await Promise.race([spawnError, Promise.resolve(undefined)]);
    if (failed)
      throw new Error(
        `redis-server could not start (${failed.message}): apt-get install redis-server`,
      );
    if (exited(child)) throw new Error(`redis-server exited early:\n${output}`);
    if (await ping(port))
      return {
        port,
        address: `127.0.0.1:${port}`,
        pid: child.pid,
        query: (...args) => redisQuery(port, args),
        stop,
      };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`redis-server did not answer on port ${port} in time:\n${output}`);
}
