/**
 * Who may read what in BMO's notes: private unless public (front matter `public: true`, or a
 * public folder). A visitor's search runs as if the private notes did not exist; the owner's sees
 * all. The vault is never left through a symbolic link, at the first scan or on a re-index.
 */
import { cp, mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_VAULT_PATH } from '../../../agent/config.ts';
import { participantAccess, queryVault } from '../../../agent/tools/obsidian-query.ts';
import { VaultIndex } from '../../../agent/vault-index.ts';

let dir: string;
let outside: string;
const open: VaultIndex[] = [];

async function index(path: string, options: Parameters<typeof VaultIndex.open>[1] = {}) {
  const opened = await VaultIndex.open(path, options);
  open.push(opened);
  return opened;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bmo-access-'));
  outside = await mkdtemp(join(tmpdir(), 'bmo-outside-'));
  await cp(SAMPLE_VAULT_PATH, dir, { recursive: true });
  await writeFile(join(outside, 'Secret.md'), '# Secret\n\nBank PIN: 9911-4242\n');
});

afterEach(async () => {
  for (const opened of open.splice(0)) opened.close();
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('private and public notes', () => {
  it('gives the owner the private PhilHealth ID and a visitor nothing of it', async () => {
    const vault = await index(dir);
    const owner = queryVault(vault, { query: 'philhealth id' }, 'owner');
    expect(owner.output).toContain('12-345678901-2');

    const visitor = queryVault(vault, { query: 'philhealth id' }, 'visitor');
    expect(visitor.output).not.toMatch(/philhealth \(|12-345678901-2|Health insurance|PIN/i);
    // the public guest Wi-Fi is there for visitors
    const wifi = queryVault(vault, { query: 'guest wifi password' }, 'visitor');
    expect(wifi.output).toContain('lemon-grab-4417');
  });

  it('answers a visitor exactly as a vault of only the public notes would: no title, count or snippet', async () => {
    const vault = await index(dir);
    const publicOnly = await mkdtemp(join(tmpdir(), 'bmo-public-'));
    try {
      for (const note of ['Guest Wi-Fi.md', 'Recipes.md']) {
        await cp(join(dir, note), join(publicOnly, note));
      }
      const reference = await index(publicOnly);
      expect(vault.publicNoteCount).toBe(2);
      for (const query of ['philhealth id', 'password', 'kyoto booking code', 'minutes', 'id']) {
        for (const limit of [1, 3, 10]) {
          expect(queryVault(vault, { query, limit }, 'visitor').output).toBe(
            queryVault(reference, { query, limit }, 'owner').output,
          );
        }
      }
    } finally {
      await rm(publicOnly, { recursive: true, force: true });
    }
  });

  it('treats the notes of a public folder as public', async () => {
    await mkdir(join(dir, 'Shared'));
    await writeFile(
      join(dir, 'Shared', 'Board games.md'),
      '# Board games\n\nCatan box code: CB-7781\n',
    );
    const vault = await index(dir, { publicFolders: ['Shared'] });
    expect(queryVault(vault, { query: 'catan code' }, 'visitor').output).toContain('CB-7781');
    const closed = await index(dir);
    expect(queryVault(closed, { query: 'catan code' }, 'visitor').output).not.toContain('CB-7781');
  });

  it('reads the access level from the linked participant’s token attribute, else a visitor', () => {
    const ctx = (attributes: Record<string, string> | undefined) =>
      ({
        session: {
          _roomIO: attributes === undefined ? undefined : { linkedParticipant: { attributes } },
        },
      }) as unknown as Parameters<typeof participantAccess>[0];
    expect(participantAccess(ctx({ 'bmo.access': 'owner' }))).toBe('owner');
    expect(participantAccess(ctx({ 'bmo.access': 'visitor' }))).toBe('visitor');
    expect(participantAccess(ctx({ 'bmo.access': 'admin' }))).toBe('visitor');
    expect(participantAccess(ctx({}))).toBe('visitor');
    expect(participantAccess(ctx(undefined))).toBe('visitor');
  });
});

describe('symbolic links', () => {
  it('never follows a link out of the vault at the first scan', async () => {
    await symlink(outside, join(dir, 'Linked folder'));
    await symlink(join(outside, 'Secret.md'), join(dir, 'Linked note.md'));
    const vault = await index(dir);
    expect(vault.notePaths().some((p) => p.startsWith('Linked'))).toBe(false);
    expect(queryVault(vault, { query: 'bank pin' }, 'owner').output).not.toContain('9911-4242');
  });

  it('never follows a link out of the vault on a re-index, and drops a note replaced by a link', async () => {
    const changes: number[] = [];
    const vault = await index(dir, {
      watch: true,
      debounceMs: 30,
      onReindex: (c) => changes.push(c.updated),
    });
    await symlink(outside, join(dir, 'Linked folder'));
    await symlink(join(outside, 'Secret.md'), join(dir, 'Linked note.md'));
    await writeFile(join(dir, 'Fresh.md'), '# Fresh\n\nLocker code: LK-5521\n');
    await expect
      .poll(async () => {
        await vault.settled();
        return vault.notePaths().includes('Fresh.md');
      })
      .toBe(true);
    expect(vault.notePaths().some((p) => p.startsWith('Linked'))).toBe(false);
    expect(queryVault(vault, { query: 'bank pin' }, 'owner').output).not.toContain('9911-4242');

    // a note swapped for a link to a file outside is no longer indexed
    await unlink(join(dir, 'Recipes.md'));
    await symlink(join(outside, 'Secret.md'), join(dir, 'Recipes.md'));
    await expect
      .poll(async () => {
        await vault.settled();
        return vault.notePaths().includes('Recipes.md');
      })
      .toBe(false);
    expect(queryVault(vault, { query: 'bank pin' }, 'owner').output).not.toContain('9911-4242');
  });
});
