/**
 * One Markdown note read into the sections the vault index searches: its front matter (title,
 * tags, properties, and whether it is public), its heading sections, and its tags.
 */
import { basename } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { trimChars } from '../contracts/text.ts';
import { parseHeading } from './text.ts';

export interface SectionDoc {
  id: string;
  path: string;
  title: string;
  heading: string;
  headings: string;
  tags: string;
  frontmatter: string;
  body: string;
  /** True when the note may be read by visitors (front matter `public: true` or a public folder). */
  public: boolean;
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

export function splitFrontMatter(source: string): { data: Record<string, unknown>; body: string } {
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
    const heading = inFence ? undefined : parseHeading(line);
    if (heading) {
      const { level } = heading;
      while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= level) stack.pop();
      stack.push(heading);
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

/** True when front matter says `public: true` (or "true", "yes"). */
function isPublicFlag(value: unknown): boolean {
  if (value === true) return true;
  return typeof value === 'string' && ['true', 'yes'].includes(value.trim().toLowerCase());
}

/** True when `vaultPath` lies inside one of the public folders (vault-relative, `/`-separated). */
export function inPublicFolder(vaultPath: string, publicFolders: readonly string[]): boolean {
  return publicFolders.some((folder) => {
    const clean = trimChars(folder, '/');
    return clean !== '' && vaultPath.startsWith(`${clean}/`);
  });
}

/** Builds the indexed sections of one note. */
export function noteSections(
  vaultPath: string,
  source: string,
  publicFolders: readonly string[] = [],
): SectionDoc[] {
  const { data, body } = splitFrontMatter(source);
  const isPublic = isPublicFlag(data.public) || inPublicFolder(vaultPath, publicFolders);
  const fileTitle = basename(vaultPath).replace(/\.md$/i, '');
  const title = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : fileTitle;
  const tags = new Set(frontMatterTags(data.tags ?? data.tag));
  for (const match of body.matchAll(INLINE_TAG)) if (match[1]) tags.add(match[1]);
  const frontmatter = Object.entries(data)
    .filter(([key]) => !['title', 'tags', 'tag', 'public'].includes(key))
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
    public: isPublic,
  }));
}
