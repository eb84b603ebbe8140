/**
 * Full-text search over a local Markdown vault (Obsidian-style): every note is split into its
 * heading sections, and each section is indexed with the note's title, its heading path, the
 * note's tags (front matter `tags` and inline `#tags`), the note's front matter fields and the
 * section's text. A search returns the best sections, trimmed, with their note paths.
 *
 * The vault is indexed once when opened; with `watch`, edits are picked up while running
 * (recursive `fs.watch`, debounced, and only the changed files are re-indexed).
 */
import { type FSWatcher, watch } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import MiniSearch from 'minisearch';
import { parse as parseYaml } from 'yaml';

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
}

interface SectionDoc {
  id: string;
  path: string;
  title: string;
  heading: string;
  headings: string;
  tags: string;
  frontmatter: string;
  body: string;
}

interface NoteState {
  mtimeMs: number;
  size: number;
  ids: string[];
}

/** Notes larger than this are skipped (a vault holds notes, not data dumps). */
const MAX_NOTE_BYTES = 2 * 1024 * 1024;
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

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(scalarText).filter(Boolean).join(', ');
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${scalarText(v)}`)
      .join(', ');
  }
  return String(value);
}

function splitFrontMatter(source: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) return { data: {}, body: source };
  const body = source.slice(match[0].length);
  try {
    const parsed: unknown = parseYaml(match[1] ?? '');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return { data: Object.fromEntries(Object.entries(parsed)), body };
    }
  } catch {
    // malformed front matter: index the body alone
  }
  return { data: {}, body };
}

function frontMatterTags(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(frontMatterTags);
  if (typeof value === 'string') {
    return value
      .split(/[,\s]+/)
      .map((tag) => tag.replace(/^#/, '').trim())
      .filter(Boolean);
  }
  return [];
}

const INLINE_TAG = /(?:^|[\s(])#([\p{L}_][\p{L}\p{N}_/-]*)/gu;
const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const FENCE = /^[ \t]*(```|~~~)/;

interface RawSection {
  headingPath: string[];
  lines: string[];
}

function splitSections(body: string): RawSection[] {
  const sections: RawSection[] = [{ headingPath: [], lines: [] }];
  const stack: { level: number; text: string }[] = [];
  let inFence = false;
  for (const line of body.split(/\r?\n/)) {
    if (FENCE.test(line)) inFence = !inFence;
    const heading = inFence ? null : HEADING.exec(line);
    if (heading) {
      const level = (heading[1] ?? '#').length;
      while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= level) stack.pop();
      stack.push({ level, text: heading[2] ?? '' });
      sections.push({ headingPath: stack.map((h) => h.text), lines: [] });
    } else {
      sections[sections.length - 1]?.lines.push(line);
    }
  }
  return sections;
}

/** Strips inline tags' `#` noise and collapses blank runs, keeping line breaks. */
function cleanText(lines: string[]): string {
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Builds the indexed sections of one note. */
export function noteSections(vaultPath: string, source: string): SectionDoc[] {
  const { data, body } = splitFrontMatter(source);
  const fileTitle = basename(vaultPath).replace(/\.md$/i, '');
  const title = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : fileTitle;
  const tags = new Set(frontMatterTags(data.tags ?? data.tag));
  for (const match of body.matchAll(INLINE_TAG)) if (match[1]) tags.add(match[1]);
  const frontmatter = Object.entries(data)
    .filter(([key]) => key !== 'title' && key !== 'tags' && key !== 'tag')
    .map(([key, value]) => `${key}: ${scalarText(value)}`)
    .join('\n');

  // a heading with nothing under it (a note's bare H1) is not a passage of its own
  const all = splitSections(body);
  const raw = all.filter((section) => cleanText(section.lines) !== '');
  if (raw.length === 0) raw.push(all[all.length - 1] ?? { headingPath: [], lines: [] });

  return raw.map((section, index) => ({
    id: `${vaultPath}#${index}`,
    path: vaultPath,
    title,
    heading: section.headingPath.join(' › '),
    headings: section.headingPath.join('\n'),
    tags: [...tags].join(' '),
    // the note's properties travel with its first section
    frontmatter: index === 0 ? frontmatter : '',
    body: cleanText(section.lines),
  }));
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
  readonly #options: VaultIndexOptions;
  readonly #mini: MiniSearch<SectionDoc>;
  readonly #docs = new Map<string, SectionDoc>();
  readonly #notes = new Map<string, NoteState>();
  #watcher: FSWatcher | undefined;
  #pending = new Set<string>();
  #rescanAll = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #work: Promise<void> = Promise.resolve();
  #closed = false;

  private constructor(root: string, options: VaultIndexOptions) {
    this.root = root;
    this.#options = options;
    this.#mini = new MiniSearch<SectionDoc>({
      fields: [...SEARCH_FIELDS],
      storeFields: [],
      searchOptions: { boost: BOOST },
    });
  }

  /** Indexes the vault at `root`; rejects with a clear error when it is not a readable folder. */
  static async open(root: string, options: VaultIndexOptions = {}): Promise<VaultIndex> {
    const info = await stat(root).catch(() => undefined);
    if (!info?.isDirectory()) {
      throw new Error(`The notes vault ${root} is not a readable folder.`);
    }
    const index = new VaultIndex(root, options);
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

  /** The best matching sections, at most two per note, best first. */
  search(query: string, limit = 3): Passage[] {
    const trimmed = query.trim();
    if (!trimmed) return [];
    const results = this.#mini.search(trimmed, {
      boost: BOOST,
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'OR',
    });
    const perNote = new Map<string, number>();
    const passages: Passage[] = [];
    for (const result of results) {
      const doc = this.#docs.get(String(result.id));
      if (!doc) continue;
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
        const info = await stat(join(this.root, path)).catch(() => undefined);
        if (!info) removed += this.#remove(path);
      }
    } else {
      for (const path of paths) {
        if (isIgnoredPath(path)) continue;
        const info = await stat(join(this.root, path)).catch(() => undefined);
        if (!info) {
          // a deleted (or renamed-away) note or folder
          for (const known of [...this.#notes.keys()]) {
            if (known === path || known.startsWith(`${path}/`)) removed += this.#remove(known);
          }
        } else if (info.isDirectory()) {
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
    const entries = await readdir(join(this.root, dir), {
      recursive: true,
      withFileTypes: true,
    });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = toVaultPath(relative(this.root, join(entry.parentPath, entry.name)));
      if (isNotePath(path)) updated += await this.#indexFile(path);
    }
    return { updated, removed: 0 };
  }

  /** Re-indexes one note when its size or modification time changed; returns 1 if it did. */
  async #indexFile(path: string): Promise<number> {
    const full = join(this.root, path);
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile() || info.size > MAX_NOTE_BYTES) return this.#remove(path);
    const known = this.#notes.get(path);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return 0;
    const source = await readFile(full, 'utf8').catch(() => undefined);
    if (source === undefined) return this.#remove(path);
    this.#remove(path);
    const docs = noteSections(path, source);
    for (const doc of docs) this.#docs.set(doc.id, doc);
    this.#mini.addAll(docs);
    this.#notes.set(path, { mtimeMs: info.mtimeMs, size: info.size, ids: docs.map((d) => d.id) });
    return 1;
  }

  #remove(path: string): number {
    const known = this.#notes.get(path);
    if (!known) return 0;
    for (const id of known.ids) {
      if (this.#mini.has(id)) this.#mini.discard(id);
      this.#docs.delete(id);
    }
    this.#notes.delete(path);
    return 1;
  }
}
