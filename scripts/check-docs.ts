/**
 * The docs check `npm run check` runs: docs a newcomer can read.
 *
 * 1. The root README stays at most README_MAX_BYTES: what it is, the commands, one embed, deploy, a
 *    line per setting, and links; the full text lives in docs/.
 * 2. Outside tables and code blocks, no line of a doc passes MAX_LINE (prose wraps).
 * 3. No table line passes MAX_TABLE_LINE: a table whose cells need more becomes sections.
 * 4. Every file a doc or a source comment names exists (`pathFindings`): a path from the root, from
 *    the naming file's folder, from `web-components/`, or the end of a tracked file's path; a bare
 *    file name, some tracked file of that name. Patterns (`.test.ts`, `*-agent.ts`), built or
 *    installed output (`dist/`, `embed/`, a package's own paths) and generated files are not read
 *    as names, nor is a path the naming file's own code writes in a string (a file it makes, say in a
 *    scratch app). A folder a doc or a comment names with its path (`tests/unit/edge/`) exists too.
 * 5. History stays out of comments (`historyFindings`): a run's label (`q5`), a timing before and
 *    after (`CPU 160 s → 80 s`, `was 40 ms`, `took the layer from 9.1 to 8.2 minutes`), an issue
 *    or pull request number, a file's former place (`moved from`, `formerly`). A comment says what
 *    the code is and why; how it came to be is the commit message's.
 *
 * The docs are the root README and CONTRIBUTING.md, every Markdown file in docs/, and the READMEs
 * of the agent worker and the package; the comments, those of every TypeScript, JavaScript and CSS
 * file git tracks, and the `#` comments of the CI script, TOML, Python and the settings example.
 * Run: `node scripts/check-docs.ts`. It prints every finding, then exits 1 if there was one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const README_MAX_BYTES = 12 * 1024;
export const MAX_LINE = 160;
export const MAX_TABLE_LINE = 200;

export interface DocFinding {
  file: string;
  line: number;
  message: string;
}

/** Findings of rules 2 and 3 in one Markdown text. */
export function lineFindings(file: string, text: string): DocFinding[] {
  const found: DocFinding[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, index) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (opening?.[1]) {
      const marker = opening[1];
      if (fence === undefined) fence = marker[0]?.repeat(marker.length);
      else if (marker.startsWith(fence)) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    const length = [...line].length;
    if (/^\s*\|/.test(line)) {
      if (length > MAX_TABLE_LINE) {
        found.push({
          file,
          line: index + 1,
          message: `a table line of ${length} characters (most ${MAX_TABLE_LINE}): make the table sections`,
        });
      }
    } else if (length > MAX_LINE) {
      found.push({
        file,
        line: index + 1,
        message: `a line of ${length} characters (most ${MAX_LINE}): wrap it`,
      });
    }
  });
  return found;
}

/** Rule 1 for the root README's text. */
export function readmeFindings(text: string): DocFinding[] {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= README_MAX_BYTES) return [];
  return [
    {
      file: 'README.md',
      line: 1,
      message: `${bytes} bytes (most ${README_MAX_BYTES}): move the detail into docs/ and link it`,
    },
  ];
}

function markdownUnder(dir: string, prefix: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) markdownUnder(path, `${prefix}${name}/`, out);
    else if (name.endsWith('.md')) out.push(`${prefix}${name}`);
  }
  return out;
}

/** The docs, as paths from the repository's root. */
export function docFiles(root: string = ROOT): string[] {
  return [
    'README.md',
    'CONTRIBUTING.md',
    ...markdownUnder(join(root, 'docs'), 'docs/'),
    'agent/README.md',
    'web-components/README.md',
  ].filter((file) => existsSync(join(root, file)));
}

/** A file name with a path, as prose names one: `web-components/bmo/session/bmo-room.ts`. */
const NAMED_PATH =
  /(?<![\w@/.-])((?:\.{1,2}\/)?[\w@][\w@.-]*(?:\/[\w@.-]+)*\.(?:ts|js|mjs|md|json|toml|css|yaml|yml|sh))(?![\w/-])/g;

/** A folder with a path, as prose names one: `tests/unit/edge/`, `web-components/tarot/host/`. */
const NAMED_FOLDER = /(?<![\w@/.-])((?:\.{1,2}\/)?[\w@][\w@.-]*(?:\/[\w@.-]+)+\/)(?![\w/.-])/g;

/** Where a named path is built or installed output, or another package's, not a file of ours. */
const NOT_OURS =
  /^(?:embed\/|\.tools\/|\.wrangler\/|voice-agent-elements\/|@)|(?:^|\/)(?:dist|node_modules)\//;

/** Files the build or a tool writes, which git does not keep. */
const GENERATED = new Set([
  'custom-elements.json',
  'web-components/custom-elements.json',
  'voice.js',
  'tarot.js',
  'tarot-cards.js',
  'bmo.js',
]);

/** The repository's tracked files, and the names they go by. */
export interface TrackedFiles {
  paths: ReadonlySet<string>;
  names: ReadonlySet<string>;
}

export function trackedFiles(root: string = ROOT): TrackedFiles {
  let paths: string[];
  try {
    paths = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8', stdio: 'pipe' })
      .split('\n')
      .filter(Boolean);
  } catch {
    paths = filesUnder(root, ''); // not a git checkout (a test's scratch tree): every file
  }
  return { paths: new Set(paths), names: new Set(paths.map((path) => posix.basename(path))) };
}

function filesUnder(dir: string, prefix: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '.git' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, `${prefix}${name}/`, out);
    else out.push(`${prefix}${name}`);
  }
  return out;
}

/** Whether `named` (ending in `/`), written in `file`, names a folder of the repository. */
function namesAFolder(file: string, named: string, tracked: TrackedFiles): boolean {
  if (NOT_OURS.test(named)) return true;
  const bare = named.replace(/^(?:\.{1,2}\/)+/, '');
  const candidates = [
    posix.normalize(named),
    posix.normalize(posix.join(posix.dirname(file), named)),
    `web-components/${bare}`,
  ];
  for (const path of tracked.paths) {
    if (candidates.some((folder) => path.startsWith(folder)) || path.includes(`/${bare}`)) {
      return true;
    }
  }
  return false;
}

/** Whether `named`, written in `file`, names a file of the repository. */
function namesAFile(file: string, named: string, tracked: TrackedFiles): boolean {
  if (named.endsWith('.d.ts') || NOT_OURS.test(named) || GENERATED.has(named)) return true;
  if (!named.includes('/')) return tracked.names.has(named);
  const candidates = [
    named,
    posix.join(posix.dirname(file), named),
    posix.join('web-components', named),
  ];
  if (candidates.some((path) => tracked.paths.has(posix.normalize(path)))) return true;
  const tail = `/${named.replace(/^(?:\.{1,2}\/)+/, '')}`;
  for (const path of tracked.paths) if (path.endsWith(tail)) return true;
  return false;
}

/**
 * The comments of a TypeScript or JavaScript source, with their line numbers. Strings and
 * template literals are skipped whole, so a `//` or a path inside one is not read as a comment.
 */
export function commentsOf(source: string): { line: number; text: string }[] {
  return scan(source).comments;
}

/** The text of a source's string and template literals: files its code names (and may write). */
export function stringsOf(source: string): string {
  return scan(source).strings.join('\n');
}

function scan(source: string): { comments: { line: number; text: string }[]; strings: string[] } {
  const found: { line: number; text: string }[] = [];
  const strings: string[] = [];
  const add = (start: number, end: number): void => {
    const line = source.slice(0, start).split('\n').length;
    source
      .slice(start, end)
      .split('\n')
      .forEach((text, offset) => found.push({ line: line + offset, text }));
  };
  let at = 0;
  while (at < source.length) {
    const char = source[at];
    if (char === '/' && source[at + 1] === '/') {
      const end = source.indexOf('\n', at);
      add(at, end < 0 ? source.length : end);
      at = end < 0 ? source.length : end;
    } else if (char === '/' && source[at + 1] === '*') {
      const end = source.indexOf('*/', at + 2);
      add(at, end < 0 ? source.length : end + 2);
      at = end < 0 ? source.length : end + 2;
    } else if (char === "'" || char === '"' || char === '`') {
      const start = at;
      at += 1;
      while (at < source.length && source[at] !== char && (char === '`' || source[at] !== '\n')) {
        at += source[at] === '\\' ? 2 : 1;
      }
      strings.push(source.slice(start + 1, at));
      at += 1;
    } else {
      at += 1;
    }
  }
  return { comments: found, strings };
}

/** A unit of time or size, as a timing in a comment gives one. */
const UNIT = String.raw`\s*(?:ms|s|min|minutes|seconds|KiB|KB|MB)\b`;
const FIGURE = String.raw`\b\d[\d.,]*`;

/** What history looks like in a comment, and what to call it. */
const HISTORY: readonly [RegExp, string][] = [
  [/\bq\d+\b/, "a run's label"],
  [new RegExp(`${FIGURE}${UNIT}\\s*(?:→|->)\\s*${FIGURE}${UNIT}`), 'a timing before and after'],
  [new RegExp(`\\bwas ${FIGURE}${UNIT}`), 'a timing before and after'],
  [
    new RegExp(
      `\\b(?:cut|cuts|took|take|takes|brought|saved|dropped|fell|rose|went)\\b[^.]*?\\bfrom ${FIGURE}(?:${UNIT})? to ${FIGURE}${UNIT}`,
    ),
    'a timing before and after',
  ],
  [/\bCPU-s\b|\bbusy loops\b/, "a run's figures"],
  [/\b(?:issue|pull request|PR)s? #?\d+\b|(?<![\w&#])#\d+\b/i, 'an issue number'],
  [/\b(?:moved|split|renamed|copied) from\b|\bformerly\b/i, "a file's former place"],
];

/** Rule 5: the comment lines that carry history. */
export function historyFindings(
  file: string,
  lines: readonly { line: number; text: string }[],
): DocFinding[] {
  const found: DocFinding[] = [];
  for (const { line, text } of lines) {
    // What a comment quotes as code (`moved from`) is an example, not its own history.
    const prose = text.replace(/`[^`\n]*`/g, '``');
    const hit = HISTORY.find(([pattern]) => pattern.test(prose));
    if (hit === undefined) continue;
    found.push({
      file,
      line,
      message: `carries history (${hit[1]}: "${text.trim()}"): a comment says what and why; how it came to be goes in the commit message`,
    });
  }
  return found;
}

/** Rule 4: the files `lines` of `file` name that do not exist. */
export function pathFindings(
  file: string,
  lines: readonly { line: number; text: string }[],
  tracked: TrackedFiles,
  /** Text of the naming file's own code: a path it writes there is a file it makes or reads. */
  code = '',
): DocFinding[] {
  const found: DocFinding[] = [];
  for (const { line, text } of lines) {
    for (const match of text.matchAll(NAMED_PATH)) {
      const named = match[1];
      if (!named || namesAFile(file, named, tracked) || code.includes(named)) continue;
      found.push({ file, line, message: `names ${named}, which does not exist` });
    }
    for (const match of text.matchAll(NAMED_FOLDER)) {
      const named = match[1];
      if (!named || namesAFolder(file, named, tracked) || code.includes(named)) continue;
      found.push({ file, line, message: `names the folder ${named}, which does not exist` });
    }
  }
  return found;
}

const SOURCE = /\.(?:ts|js|mjs|css)$/;
/** Files whose comments are `#` lines: the CI script, TOML, Python, the settings example. */
const HASH_COMMENTED = /(?:^\.ci\/run|\.toml|\.py|\.sh|^\.dev\.vars\.example)$/;

/**
 * The `#` comments of a shell, TOML or Python file (a `#` that starts a line or follows a space),
 * and the rest of its text: its code.
 */
export function hashCommentsOf(text: string): {
  comments: { line: number; text: string }[];
  code: string;
} {
  const comments: { line: number; text: string }[] = [];
  const code: string[] = [];
  text.split('\n').forEach((content, index) => {
    const at = content.startsWith('#!') ? -1 : content.search(/(?:^|\s)#/);
    if (at < 0) {
      code.push(content);
      return;
    }
    const hash = content.indexOf('#', at);
    comments.push({ line: index + 1, text: content.slice(hash) });
    code.push(content.slice(0, hash));
  });
  return { comments, code: code.join('\n') };
}

export function checkDocs(root: string = ROOT): DocFinding[] {
  const found: DocFinding[] = [];
  const tracked = trackedFiles(root);
  for (const file of docFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    if (file === 'README.md') found.push(...readmeFindings(text));
    found.push(...lineFindings(file, text));
    const lines = text.split('\n').map((content, index) => ({ line: index + 1, text: content }));
    found.push(...pathFindings(file, lines, tracked));
  }
  for (const file of tracked.paths) {
    if (!existsSync(join(root, file))) continue;
    if (SOURCE.test(file)) {
      const source = readFileSync(join(root, file), 'utf8');
      const comments = commentsOf(source);
      found.push(...pathFindings(file, comments, tracked, stringsOf(source)));
      found.push(...historyFindings(file, comments));
    } else if (HASH_COMMENTED.test(file)) {
      const { comments, code } = hashCommentsOf(readFileSync(join(root, file), 'utf8'));
      found.push(...pathFindings(file, comments, tracked, code));
      found.push(...historyFindings(file, comments));
    }
  }
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const findings = checkDocs();
  for (const { file, line, message } of findings) console.error(`${file}:${line}: ${message}`);
  if (findings.length > 0) {
    console.error(`docs check: ${findings.length} finding(s)`);
    process.exit(1);
  }
}
