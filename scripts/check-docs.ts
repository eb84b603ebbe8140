/**
 * The docs check `npm run check` runs: docs a newcomer can read.
 *
 * 1. The root README stays at most README_MAX_BYTES: what it is, the commands, one embed, deploy, a
 *    line per setting, and links; the full text lives in docs/.
 * 2. Outside tables and code blocks, no line of a doc passes MAX_LINE (prose wraps).
 * 3. No table line passes MAX_TABLE_LINE: a table whose cells need more becomes sections.
 *
 * The docs are the root README, every Markdown file in docs/, and the READMEs of the agent worker
 * and the package. Run: `node scripts/check-docs.ts`. It prints every finding, then exits 1 if
 * there was one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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
    ...markdownUnder(join(root, 'docs'), 'docs/'),
    'agent/README.md',
    'web-components/README.md',
  ].filter((file) => existsSync(join(root, file)));
}

export function checkDocs(root: string = ROOT): DocFinding[] {
  const found: DocFinding[] = [];
  for (const file of docFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    if (file === 'README.md') found.push(...readmeFindings(text));
    found.push(...lineFindings(file, text));
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
