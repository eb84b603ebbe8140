/**
 * Full-text search over a local Markdown vault (Obsidian-style): every note is split into its
 * heading sections, and each section is indexed with the note's title, its heading path, the
 * note's tags (front matter `tags` and inline `#tags`), the note's front matter fields and the
 * section's text. A search returns the best sections, trimmed, with their note paths.
 *
 * The vault is indexed once when opened; with `watch`, edits are picked up while running
 * (recursive `fs.watch`, debounced, and only the changed files are re-indexed).
 *
 * Who may read what: notes are private unless public (front matter `public: true`, or inside a
 * public folder). Public notes are also indexed on their own, so a visitor's search runs on an
 * index that never held a private note: no titles, counts, snippets or ranking of them.
 *
 * The index never follows a symbolic link, at the first scan or on a re-index (vault-files.ts).
 */
import { type FSWatcher, watch } from 'node:fs';
import { sep } from 'node:path';
import MiniSearch from 'minisearch';
import { lstatInVault, readNoteInVault, readVaultTree, realVaultRoot } from './vault-files.ts';
import { type SectionDoc, noteSections } from './vault-notes.ts';

export { noteSections } from './vault-notes.ts';

/** Which notes a search may see: every note (the owner) or the public ones (a visitor). */
export type VaultScope = 'all' | 'public';

export interface Passage {
  /** Path of the note relative to the vault root, with `/` separators, e.g. `Daily/2026-11-20.md`. */
  path: string;
  title: string;
  /** The section's heading path, e.g. `Health insurance › PhilHealth ID`; empty for a preamble. */
  heading: string;
  /** The section's text, trimmed to a few hundred characters around the first match. */
  text: string;
  score: number;
}

export interface VaultIndexOptions {
  /** Pick up edits while running (default false). */
  watch?: boolean;
  /** Quiet time before changed files are re-indexed, ms (default 200). */
  debounceMs?: number;
  /** Called after each re-index with what changed (for logs and tests). */
  onReindex?: (change: { updated: number; removed: number; durationMs: number }) => void;
  /** Called when watching or re-indexing fails. */
  onError?: (error: unknown) => void;
  /** Vault-relative folders whose notes are public (as if each had `public: true`). */
  publicFolders?: readonly string[];
}

interface NoteState {
  mtimeMs: number;
  size: number;
  ids: string[];
  public: boolean;
}

const PASSAGE_CHARS = 600;
const PASSAGES_PER_NOTE = 2;

const SEARCH_FIELDS = ['title', 'headings', 'tags', 'frontmatter', 'body'] as const;
const BOOST = { title: 3, headings: 2, tags: 2, frontmatter: 1.5, body: 1 };

function toVaultPath(path: string): string {
  return path.split(sep).join('/');
}

function isIgnoredPath(vaultPath: string): boolean {
  return vaultPath
    .split('/')
    .some((part) => part.startsWith('.') || part === 'node_modules' || part === '');
}

function isNotePath(vaultPath: string): boolean {
  return vaultPath.toLowerCase().endsWith('.md') && !isIgnoredPath(vaultPath);
}

function trimPassage(doc: SectionDoc, terms: string[]): string {
  const parts = [doc.frontmatter, doc.body].filter(Boolean);
  const text = parts.join('\n');
  if (text.length <= PASSAGE_CHARS) return text;
  const lower = text.toLowerCase();
  const first = terms
    .map((term) => lower.indexOf(term.toLowerCase()))
    .filter((index) => index >= 0)
    .sort((a, b) => a - b)[0];
  const centre = first ?? 0;
  let start = Math.max(0, centre - Math.floor(PASSAGE_CHARS / 3));
  const lineStart = text.lastIndexOf('\n', start);
  if (lineStart >= 0 && start - lineStart < 80) start = lineStart + 1;
  const end = Math.min(text.length, start + PASSAGE_CHARS);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

export class VaultIndex {
  readonly root: string;
  /** The vault folder with every symbolic link resolved: no note may lie outside it. */
  readonly #realRoot: string;
  readonly #options: VaultIndexOptions;
  /** Every note, for the owner. */
  readonly #mini: MiniSearch<SectionDoc>;
  /** Public notes only, for visitors: private notes are never added here. */
  readonly #publicMini: MiniSearch<SectionDoc>;
  readonly #docs = new Map<string, SectionDoc>();
  readonly #notes = new Map<string, NoteState>();
  #watcher: FSWatcher | undefined;
  #pending = new Set<string>();
  #rescanAll = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #work: Promise<void> = Promise.resolve();
  #closed = false;

  private constructor(root: string, realRoot: string, options: VaultIndexOptions) {
    this.root = root;
    this.#realRoot = realRoot;
    this.#options = options;
    const make = () =>
      new MiniSearch<SectionDoc>({
        fields: [...SEARCH_FIELDS],
        storeFields: [],
        searchOptions: { boost: BOOST },
      });
    this.#mini = make();
    this.#publicMini = make();
  }

  /** Indexes the vault at `root`; rejects with a clear error when it is not a readable folder. */
  static async open(root: string, options: VaultIndexOptions = {}): Promise<VaultIndex> {
    const realRoot = await realVaultRoot(root);
    if (realRoot === undefined) {
      throw new Error(`The notes vault ${root} is not a readable folder.`);
    }
    const index = new VaultIndex(root, realRoot, options);
    await index.#scan('');
    if (options.watch) index.#startWatching();
    return index;
  }

  /** Number of notes indexed. */
  get noteCount(): number {
    return this.#notes.size;
  }

  /** Number of sections indexed. */
  get sectionCount(): number {
    return this.#docs.size;
  }

  /** Note paths indexed, sorted. */
  notePaths(): string[] {
    return [...this.#notes.keys()].sort();
  }

  /** Number of public notes indexed. */
  get publicNoteCount(): number {
    return [...this.#notes.values()].filter((note) => note.public).length;
  }

  /**
   * The names a question about the notes in `scope` would use: every note's title, then every
   * section heading, each once (case aside), in the vault's order. A visitor's are the public
   * notes' only.
   */
  names(scope: VaultScope = 'all'): string[] {
    const docs = [...this.#docs.values()].filter((doc) => scope === 'all' || doc.public);
    const seen = new Set<string>();
    const names: string[] = [];
    for (const name of [
      ...docs.map((doc) => doc.title),
      ...docs.flatMap((doc) => doc.headings.split('\n')),
    ]) {
      const key = name.trim().toLowerCase();
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      names.push(name.trim());
    }
    return names;
  }

  /**
   * The best matching sections, at most two per note, best first. With `scope: 'public'` the search
   * runs on the public notes' own index, as if the private notes did not exist.
   */
  search(query: string, limit = 3, scope: VaultScope = 'all'): Passage[] {
    const trimmed = query.trim();
    if (!trimmed) return [];
    const mini = scope === 'public' ? this.#publicMini : this.#mini;
    const results = mini.search(trimmed, {
      boost: BOOST,
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'OR',
    });
    const perNote = new Map<string, number>();
    const passages: Passage[] = [];
    for (const result of results) {
      const doc = this.#docs.get(String(result.id));
      if (!doc || (scope === 'public' && !doc.public)) continue;
      const count = perNote.get(doc.path) ?? 0;
      if (count >= PASSAGES_PER_NOTE) continue;
      perNote.set(doc.path, count + 1);
      passages.push({
        path: doc.path,
        title: doc.title,
        heading: doc.heading,
        text: trimPassage(doc, result.terms),
        score: result.score,
      });
      if (passages.length >= limit) break;
    }
    return passages;
  }

  /** Resolves once every change seen so far has been indexed. */
  async settled(): Promise<void> {
    while (this.#timer !== undefined || this.#pending.size > 0 || this.#rescanAll) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await this.#work;
  }

  close(): void {
    this.#closed = true;
    this.#watcher?.close();
    this.#watcher = undefined;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #startWatching(): void {
    try {
      this.#watcher = watch(this.root, { recursive: true, persistent: false }, (_event, name) => {
        if (name === null) this.#rescanAll = true;
        else this.#pending.add(toVaultPath(name.toString()));
        this.#schedule();
      });
      this.#watcher.on('error', (error) => this.#options.onError?.(error));
    } catch (error) {
      this.#options.onError?.(error);
    }
  }

  #schedule(): void {
    if (this.#closed) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const paths = [...this.#pending];
      const all = this.#rescanAll;
      this.#pending.clear();
      this.#rescanAll = false;
      this.#work = this.#work
        .then(() => this.#apply(paths, all))
        .catch((error: unknown) => this.#options.onError?.(error));
    }, this.#options.debounceMs ?? 200);
  }

  async #apply(paths: string[], all: boolean): Promise<void> {
    if (this.#closed) return;
    const started = performance.now();
    let updated = 0;
    let removed = 0;
    const count = (change: { updated: number; removed: number }) => {
      updated += change.updated;
      removed += change.removed;
    };
    if (all) {
      count(await this.#scan(''));
      for (const path of [...this.#notes.keys()]) {
        const kind = await lstatInVault(this.root, this.#realRoot, path);
        if (kind !== 'file') removed += this.#remove(path);
      }
    } else {
      for (const path of paths) {
        if (isIgnoredPath(path)) continue;
        const kind = await lstatInVault(this.root, this.#realRoot, path);
        if (kind === undefined || kind === 'other') {
          // a deleted (or renamed-away) note or folder, or a link put in its place
          for (const known of [...this.#notes.keys()]) {
            if (known === path || known.startsWith(`${path}/`)) removed += this.#remove(known);
          }
        } else if (kind === 'dir') {
          count(await this.#scan(path));
        } else if (isNotePath(path)) {
          updated += await this.#indexFile(path);
        }
      }
    }
    if (updated > 0 || removed > 0) {
      this.#options.onReindex?.({
        updated,
        removed,
        durationMs: Math.round(performance.now() - started),
      });
    }
  }

  /** Indexes every note under `dir` (relative to the root) that is new or changed. */
  async #scan(dir: string): Promise<{ updated: number; removed: number }> {
    let updated = 0;
    for (const path of await readVaultTree(this.root, dir)) {
      if (isNotePath(path)) updated += await this.#indexFile(path);
    }
    return { updated, removed: 0 };
  }

  /** Re-indexes one note when its size or modification time changed; returns 1 if it did. */
  async #indexFile(path: string): Promise<number> {
    const file = await readNoteInVault(this.root, this.#realRoot, path, this.#notes.get(path));
    if (file === 'unchanged') return 0;
    if (file === undefined) return this.#remove(path);
    this.#remove(path);
    const docs = noteSections(path, file.source, this.#options.publicFolders);
    const isPublic = docs.some((doc) => doc.public);
    for (const doc of docs) this.#docs.set(doc.id, doc);
    this.#mini.addAll(docs);
    if (isPublic) this.#publicMini.addAll(docs);
    this.#notes.set(path, {
      mtimeMs: file.mtimeMs,
      size: file.size,
      ids: docs.map((d) => d.id),
      public: isPublic,
    });
    return 1;
  }

  #remove(path: string): number {
    const known = this.#notes.get(path);
    if (!known) return 0;
    for (const id of known.ids) {
      if (this.#mini.has(id)) this.#mini.discard(id);
      if (this.#publicMini.has(id)) this.#publicMini.discard(id);
      this.#docs.delete(id);
    }
    this.#notes.delete(path);
    return 1;
  }
}
