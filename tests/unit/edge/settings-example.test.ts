/**
 * `.dev.vars.example` lists every setting the edge and the agent worker read, so a developer can
 * see them all in one place: each string setting in edge/env.ts's Env and each key of the agent's
 * environment schema must appear there as `NAME=`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/paths.ts';

const example = readFileSync(join(ROOT, '.dev.vars.example'), 'utf8');
const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));

function keys(path: string, pattern: RegExp): string[] {
  return [...readFileSync(join(ROOT, path), 'utf8').matchAll(pattern)].map(
    (match) => match[1] ?? '',
  );
}

describe('.dev.vars.example', () => {
  it('lists every string setting of the edge (bindings and the test-only flag aside)', () => {
    const edge = keys('edge/env.ts', /^[ \t]+([A-Z][A-Z0-9_]+)\?: string;/gm).filter(
      (name) => name !== 'LOCAL_DEVELOPMENT',
    );
    expect(edge.length).toBeGreaterThan(5);
    expect(edge.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('lists every setting of the agent worker', () => {
    const agent = keys('agent/config.ts', /^[ \t]+([A-Z][A-Z0-9_]+):/gm);
    expect(agent).toContain('BMO_MAX_JOBS');
    expect(agent.filter((name) => !listed.has(name))).toEqual([]);
  });
});
