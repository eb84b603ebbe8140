/**
 * The tests check `npm run check` runs: the tests find things the way a site and a person do, wait
 * for what they wait for, and sit where a newcomer looks for them.
 *
 * Over the browser tests (tests/browser/) and the e2e tests (tests/e2e/):
 *
 * 1. No selector names a CSS class. Every string literal is read (outside comments), so a selector
 *    reaches the rule whichever helper takes it; a string is a selector when it parses as one and
 *    each of its compounds starts with an HTML tag, the tag of one of our elements (`voice-`,
 *    `tarot-`, `bmo-`), `*` or a qualifier, so sentences, file names and dotted names (`bmo.engine`,
 *    a model's `whisper-tiny.en`) are not. Classes are the elements'
 *    internals: find by role, label or text (`getByRole`, `getByLabel`, `getByText`), by `part`
 *    (`[part~="name"]`, `::part()`), by tag, id or attribute. Attribute values, quoted text and
 *    Playwright's own engines (`text=`, `role=`) are not read as classes.
 * 2. No fixed sleep: `waitForTimeout()`, `aTimeout()`, or a promise that resolves from a
 *    `setTimeout`. Wait for `animation.finished`, an event, or a state (`waitUntil`, Playwright's
 *    web-first assertions, `expect.poll`).
 *
 * And the layout of every layer (`layoutFindings`, in scripts/test-layout.ts; CONTRIBUTING.md says
 * it for people): a unit or integration test sits in the folder of the source it covers, in the
 * layer that what it starts calls for, and helpers sit in their layer's `helpers/` or, shared, in
 * tests/support/.
 *
 * Run: `node scripts/check-tests.ts`. It prints every finding, then exits 1 if there was one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { layoutFindings } from './test-layout.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TEST_DIRS = ['tests/browser', 'tests/e2e'];

export interface TestFinding {
  file: string;
  line: number;
  message: string;
}

/** HTML tags a selector may name before a class (`button.cancel`); custom elements have a `-`. */
const HTML_TAGS = new Set(
  (
    'a article aside button dialog div figcaption figure footer form h1 h2 h3 h4 h5 h6 header img ' +
    'input label li main nav ol p pre section select span strong svg table td textarea th tr ul'
  ).split(' '),
);

/** The tag of one of our elements: every family's tags carry its name (the structure check). */
const OUR_TAG = /^(?:voice|tarot|bmo)-[a-z0-9-]+$/;

/** What follows a dot in a file name a test names (`custom-elements.json`, `.d.ts`, `.bin`). */
const FILE_EXTENSIONS = new Set(
  'bin cjs css d html js json lock map md mjs png svg tgz toml ts tsx txt wav yaml yml'.split(' '),
);

/** One compound selector: a tag or `*`, then ids, classes, `[]` and pseudo-classes. */
const COMPOUND = /^[\w*-]*(?:[.#][\w-]+|\[\]|::?[\w-]+(?:\(\))?)*$/;

/** `text` with quoted strings, attribute brackets and parentheses emptied: `[]`, `()`, `""`. */
function emptied(text: string): string {
  const closing: Record<string, string> = { '[': ']', '(': ')', '"': '"', "'": "'" };
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    const close = closing[char];
    if (close === undefined) {
      out += char;
      index += 1;
      continue;
    }
    const end = text.indexOf(close, index + 1);
    if (end < 0) return out + text.slice(index);
    out += char + close;
    index = end + 1;
  }
  return out;
}

/**
 * The first CSS class a selector names, or undefined when `text` is not a selector that names one
 * (a sentence, a file name, a dotted attribute name such as `bmo.engine`).
 */
export function classInSelector(text: string): string | undefined {
  if (/^\s*(?:text|role|internal:|xpath|id|data-testid)=/.test(text) || text.includes('\n')) {
    return undefined;
  }
  const compounds = emptied(text.trim())
    .split(/[\s>+~,]+/)
    .filter(Boolean);
  if (compounds.length === 0 || !compounds.every((compound) => COMPOUND.test(compound))) {
    return undefined;
  }
  // In a selector every compound starts with a tag, `*` or a qualifier; a sentence has plain words.
  const tags = compounds.map((compound) => /^[\w*-]*/.exec(compound)?.[0] ?? '');
  if (!tags.every((tag) => tag === '' || tag === '*' || OUR_TAG.test(tag) || HTML_TAGS.has(tag))) {
    return undefined;
  }
  for (const compound of compounds) {
    for (const [, name] of compound.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
      if (name !== undefined && !FILE_EXTENSIONS.has(name)) return name;
    }
  }
  return undefined;
}

/** Every string literal in `source` outside comments, with where it starts. */
function stringLiterals(source: string): { text: string; at: number }[] {
  const found: { text: string; at: number }[] = [];
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    const next = source[index + 1];
    if (char === '/' && next === '/') {
      index = source.indexOf('\n', index);
      if (index < 0) break;
      continue;
    }
    if (char === '/' && next === '*') {
      index = source.indexOf('*/', index + 2) + 1;
      if (index <= 0) break;
      continue;
    }
    if (char !== "'" && char !== '"' && char !== '`') continue;
    let end = index + 1;
    let text = '';
    while (end < source.length && source[end] !== char) {
      if (source[end] === '\\') {
        text += source[end + 1] ?? '';
        end += 2;
        continue;
      }
      if (char === '`' && source[end] === '$' && source[end + 1] === '{') {
        let depth = 1;
        end += 2;
        while (end < source.length && depth > 0) {
          if (source[end] === '{') depth += 1;
          else if (source[end] === '}') depth -= 1;
          end += 1;
        }
        text += '*'; // an interpolation may be any tag
        continue;
      }
      text += source[end];
      end += 1;
    }
    found.push({ text, at: index });
    index = end;
  }
  return found;
}

function lineAt(source: string, index: number): number {
  return source.slice(0, index).split('\n').length;
}

const SLEEPS: [RegExp, string][] = [
  [/\bwaitForTimeout\s*\(/g, '`waitForTimeout()`'],
  [/\baTimeout\s*\(/g, '`aTimeout()`'],
  [
    /\bsetTimeout\s*\(\s*(?:resolve|res|r|done|next|wake)\s*[,)]/g,
    'a promise resolved by `setTimeout`',
  ],
];

/** Findings of both rules in one test file's source. */
export function testFindings(file: string, source: string): TestFinding[] {
  const found: TestFinding[] = [];
  for (const { text, at } of stringLiterals(source)) {
    const name = classInSelector(text);
    if (name === undefined) continue;
    found.push({
      file,
      line: lineAt(source, at),
      message: `selects by the class .${name} ('${text}'): find by role, label, text or part`,
    });
  }
  for (const [pattern, what] of SLEEPS) {
    for (const match of source.matchAll(pattern)) {
      found.push({
        file,
        line: lineAt(source, match.index ?? 0),
        message: `sleeps for a fixed time (${what}): wait for an event, an animation or a state`,
      });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

function listTests(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) listTests(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

export function checkTests(root: string = ROOT): TestFinding[] {
  return [
    ...TEST_DIRS.flatMap((dir) => listTests(join(root, dir))).flatMap((path) =>
      testFindings(relative(root, path).split(sep).join('/'), readFileSync(path, 'utf8')),
    ),
    ...layoutFindings(root),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const findings = checkTests();
  for (const { file, line, message } of findings) console.error(`${file}:${line}: ${message}`);
  if (findings.length > 0) {
    console.error(`tests check: ${findings.length} finding(s)`);
    process.exit(1);
  }
}
