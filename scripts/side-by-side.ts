/**
 * Runs commands side by side and prints each one's output whole, under its name, as it finishes
 * (interleaved lines from several commands would be unreadable). Every command runs to its end.
 * A step may be several commands, run one after another, stopping at the first that fails.
 */
import { spawn } from 'node:child_process';

export interface Step {
  name: string;
  commands: [command: string, args: string[]][];
}

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function runStep(step: Step, label: string): Promise<boolean> {
  let output = '';
  let code = 0;
  for (const [command, args] of step.commands) {
    const result = await run(command, args);
    output += result.output;
    code = result.code;
    if (code !== 0) break;
  }
  console.log(`${label} ${step.name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
  if (output.trim()) console.log(output.trimEnd());
  return code === 0;
}

/** Runs the steps at once; resolves with the names of those that failed. */
export async function sideBySide(steps: Step[], label: string): Promise<string[]> {
  const passed = await Promise.all(steps.map((step) => runStep(step, label)));
  return steps.filter((_, index) => !passed[index]).map((step) => step.name);
}
