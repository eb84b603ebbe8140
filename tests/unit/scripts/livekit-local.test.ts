/**
 * The local LiveKit server `npm start` runs: found where docs/running.md says, else built with Go, else
 * the terminal says exactly what to install; keys made afresh for each run, never `devkey`; the
 * configuration in a private temporary file that is removed when the run stops.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LIVEKIT_INSTALL_HINT,
  findOrBuildLiveKitServer,
  freshKeys,
  liveKitConfig,
  privateTempFile,
  requireLiveKitServer,
} from '../../../scripts/livekit-local.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bmo-tools-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('finding livekit-server', () => {
  it('says exactly what to install when there is neither a binary nor Go', () => {
    const found = findOrBuildLiveKitServer({ PATH: tempDir() }, tempDir());
    expect(found).toEqual({ problem: LIVEKIT_INSTALL_HINT });
    expect(LIVEKIT_INSTALL_HINT).toMatch(/Install Go 1\.24 or newer \(https:\/\/go\.dev\/dl\/\)/);
  });

  it('finds a binary in LIVEKIT_SERVER_BIN, .tools/bin or on PATH, in that order', () => {
    const make = (dir: string) => {
      const path = join(dir, 'livekit-server');
      writeFileSync(path, '#!/bin/sh\n');
      chmodSync(path, 0o755);
      return path;
    };
    const onPath = tempDir();
    const tools = tempDir();
    const pathBinary = make(onPath);
    expect(findOrBuildLiveKitServer({ PATH: onPath }, tempDir())).toEqual({ binary: pathBinary });
    const toolsBinary = make(tools);
    expect(findOrBuildLiveKitServer({ PATH: onPath }, tools)).toEqual({ binary: toolsBinary });
    const explicit = make(tempDir());
    expect(findOrBuildLiveKitServer({ PATH: onPath, LIVEKIT_SERVER_BIN: explicit }, tools)).toEqual(
      {
        binary: explicit,
      },
    );
  });
});

describe('a run that needs livekit-server (npm run scale, npm run bench)', () => {
  it('takes the binary npm start would, and stops with what to install when there is none', () => {
    const tools = tempDir();
    const binary = join(tools, 'livekit-server');
    writeFileSync(binary, '#!/bin/sh\n');
    chmodSync(binary, 0o755);
    expect(requireLiveKitServer({ PATH: tempDir() }, tools)).toBe(binary);
    expect(() => requireLiveKitServer({ PATH: tempDir() }, tempDir())).toThrow(
      LIVEKIT_INSTALL_HINT,
    );
  });
});

describe('keys and configuration for one run', () => {
  it('makes a new key pair each time, never the public devkey', () => {
    const a = freshKeys();
    const b = freshKeys();
    expect(a.apiKey).not.toBe(b.apiKey);
    expect(a.apiSecret).not.toBe(b.apiSecret);
    expect(a.apiKey).not.toBe('devkey');
    expect(a.apiSecret.length).toBeGreaterThanOrEqual(64);
  });

  it('binds loopback on the given ports with only this run’s keys', () => {
    const keys = freshKeys();
    const config = liveKitConfig({ port: 17880, tcpPort: 17881, udpPort: 17882 }, keys);
    expect(config).toContain('port: 17880');
    expect(config).toContain('bind_addresses: ["127.0.0.1"]');
    expect(config).toContain(`  tcp_port: 17881`);
    expect(config).toContain(`  udp_port: 17882`);
    expect(config).toContain(`  ${keys.apiKey}: ${keys.apiSecret}`);
    expect(config).not.toContain('devkey');
  });

  it('writes secrets to a file only its owner can read, removed when asked', () => {
    const file = privateTempFile('edge.env', 'LIVEKIT_API_SECRET="x"');
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    file.remove();
    expect(existsSync(file.path)).toBe(false);
  });
});
