/**
 * What `npm start` and `npm run dev` give the edge and the worker: every documented edge setting
 * and every key of `.dev.vars`, the environment's value winning over the file's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDGE_SETTINGS, devVars, localSettings } from '../../../scripts/local-settings.ts';
import { ROOT } from '../../support/paths.ts';

const NPM_START_OWN = [
  'LOCAL_DEVELOPMENT',
  'BMO_AGENT_HEALTH_URL',
  'VOICE_PEER_URL',
  'VOICE_PEER_KEY',
  'RECOGNIZER_URL',
  'RECOGNIZER_KEY',
];

function names(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1] ?? '');
}

describe('the settings of a local run', () => {
  it('takes ALLOWED_ORIGINS and every other documented edge setting from the environment alone', () => {
    const env = Object.fromEntries(EDGE_SETTINGS.map((key) => [key, `from-env-${key}`]));
    expect(localSettings({}, { ...env, PATH: '/bin' })).toEqual(env);
    expect(localSettings({}, { ALLOWED_ORIGINS: 'https://starter.example' })).toEqual({
      ALLOWED_ORIGINS: 'https://starter.example',
    });
  });

  it('lets the environment win over .dev.vars, for documented settings and the file’s own keys', () => {
    const fromFile = {
      ALLOWED_ORIGINS: 'https://file.example',
      OBSIDIAN_VAULT_PATH: '/file/vault',
      LIVEKIT_ROOM_EMPTY_TIMEOUT_SECONDS: '90',
    };
    expect(
      localSettings(fromFile, {
        ALLOWED_ORIGINS: 'https://env.example',
        OBSIDIAN_VAULT_PATH: '/env/vault',
      }),
    ).toEqual({
      ALLOWED_ORIGINS: 'https://env.example',
      OBSIDIAN_VAULT_PATH: '/env/vault',
      LIVEKIT_ROOM_EMPTY_TIMEOUT_SECONDS: '90',
    });
  });

  it('counts an empty value as unset, in the file and in the environment', () => {
    expect(
      localSettings(
        { ALLOWED_ORIGINS: 'https://file.example', CONNECT_SRC: '' },
        { ALLOWED_ORIGINS: '', CONNECT_SRC: '' },
      ),
    ).toEqual({ ALLOWED_ORIGINS: 'https://file.example' });
  });

  it('takes nothing else of the environment', () => {
    expect(localSettings({}, { PATH: '/bin', HOME: '/home/x', SOME_TOKEN: 'x' })).toEqual({});
  });

  it('reads .dev.vars with Node’s own parser, and an absent file as empty', () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-settings-'));
    try {
      expect(devVars(dir)).toEqual({});
      writeFileSync(join(dir, '.dev.vars'), '# a comment\nALLOWED_ORIGINS="https://a.example"\n');
      expect(devVars(dir)).toEqual({ ALLOWED_ORIGINS: 'https://a.example' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('covers every string setting of the edge (edge/env.ts) but those npm start sets itself', () => {
    const edge = names(
      readFileSync(join(ROOT, 'edge/env.ts'), 'utf8'),
      /^[ \t]+([A-Z][A-Z0-9_]+)\?: string;/gm,
    ).filter((name) => !NPM_START_OWN.includes(name));
    expect(edge.length).toBeGreaterThan(10);
    expect([...EDGE_SETTINGS].sort()).toEqual([...new Set(edge)].sort());
  });

  it('covers every edge setting of .dev.vars.example and of docs/settings.md’s edge settings', () => {
    const example = readFileSync(join(ROOT, '.dev.vars.example'), 'utf8');
    const edgePart = example.slice(0, example.indexOf('# --- The BMO agent worker'));
    const inExample = names(edgePart, /^([A-Z][A-Z0-9_]+)=/gm).filter(
      (name) => !NPM_START_OWN.includes(name),
    );
    expect(
      inExample.filter((name) => !(EDGE_SETTINGS as readonly string[]).includes(name)),
    ).toEqual([]);
    const settings = readFileSync(join(ROOT, 'docs/settings.md'), 'utf8');
    const start = settings.indexOf("## The edge's settings");
    const table = settings.slice(start, settings.indexOf('\n## ', start + 1));
    const edgeNames = new Set(
      names(
        readFileSync(join(ROOT, 'edge/env.ts'), 'utf8'),
        /^[ \t]+([A-Z][A-Z0-9_]+)\?: string;/gm,
      ),
    );
    const inDocs = names(table, /`([A-Z][A-Z0-9_]+)`/g).filter((name) => edgeNames.has(name));
    expect(inDocs).toContain('ALLOWED_ORIGINS');
    expect(EDGE_SETTINGS.filter((name) => !inDocs.includes(name))).toEqual([]);
    expect(inDocs.filter((name) => !(EDGE_SETTINGS as readonly string[]).includes(name))).toEqual(
      [],
    );
  });
});
