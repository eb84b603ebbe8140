/**
 * Reading the vault's files without ever leaving the vault: no symbolic link is followed (a link
 * to a note, or to a folder, is skipped as if it were not there), and every note read must
 * resolve inside the vault's real folder. Node's own recursive `readdir` descends into linked
 * folders, so the walk here is our own.
 */
import { constants } from 'node:fs';
import { lstat, open, readdir, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';

/** Notes larger than this are skipped (a vault holds notes, not data dumps). */
export const MAX_NOTE_BYTES = 2 * 1024 * 1024;

/** The vault folder with links resolved, or undefined when it is not a readable folder. */
export async function realVaultRoot(root: string): Promise<string | undefined> {
  try {
    const real = await realpath(root);
    const info = await lstat(real);
    return info.isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

function isInside(realRoot: string, candidate: string): boolean {
  const rel = relative(realRoot, candidate);
  return !isAbsolute(rel) && rel.split(sep)[0] !== '..';
}

/** True when the folder holding `full` resolves inside the vault (no linked parent folder). */
async function parentInside(realRoot: string, full: string): Promise<boolean> {
  try {
    return isInside(realRoot, await realpath(dirname(full)));
  } catch {
    return false;
  }
}

export type VaultEntryKind = 'file' | 'dir' | 'other';

/**
 * What is at a vault-relative path, without following a link: a note file, a folder, something
 * else (a link, a socket…), or undefined when nothing is there or it lies outside the vault.
 */
export async function lstatInVault(
  root: string,
  realRoot: string,
  path: string,
): Promise<VaultEntryKind | undefined> {
  const full = join(root, path);
  try {
    const info = await lstat(full);
    if (!(await parentInside(realRoot, full))) return undefined;
    if (info.isSymbolicLink()) return 'other';
    if (info.isDirectory()) return 'dir';
    return info.isFile() ? 'file' : 'other';
  } catch {
    return undefined;
  }
}

export interface NoteFile {
  source: string;
  mtimeMs: number;
  size: number;
}

/**
 * Reads a note: opened with `O_NOFOLLOW` (a link in its place fails), a regular file no larger
 * than the cap, in a folder inside the vault. Undefined otherwise.
 */
export async function readNoteInVault(
  root: string,
  realRoot: string,
  path: string,
  known?: { mtimeMs: number; size: number },
): Promise<NoteFile | 'unchanged' | undefined> {
  const full = join(root, path);
  if (!(await parentInside(realRoot, full))) return undefined;
  let handle;
  try {
    handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_NOTE_BYTES) return undefined;
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return 'unchanged';
    const source = await handle.readFile('utf8');
    return { source, mtimeMs: info.mtimeMs, size: info.size };
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

/** Vault-relative paths of every regular file under `dir`, never descending into a link. */
export async function readVaultTree(root: string, dir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (relDir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(root, relDir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const rel = relDir ? `${relDir}/${entry.name}` : entry.name;
      // Dirent types come from lstat: a link is neither a file nor a folder here
      if (entry.isDirectory()) await walk(rel);
      else if (entry.isFile()) files.push(rel);
    }
  };
  await walk(dir.split(sep).join('/'));
  return files;
}
