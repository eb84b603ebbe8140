/**
 * Markdown text helpers for the vault: a heading's level and text, a label without its
 * parenthesised parts. The linear-time trimming they use is the workspace's own (contracts/text.ts).
 */
import { trimChars, trimEnd } from '../contracts/text.ts';

/** `text` without its parenthesised parts: "PhilHealth ID (PIN)" → "PhilHealth ID ". */
export function withoutParentheses(text: string): string {
  let depth = 0;
  let out = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')' && depth > 0) depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}

/** A Markdown ATX heading (`## Title ##`): its level and text, or undefined for any other line. */
export function parseHeading(line: string): { level: number; text: string } | undefined {
  let level = 0;
  while (level < line.length && line.charAt(level) === '#') level++;
  if (level < 1 || level > 6) return undefined;
  const next = line.charAt(level);
  if (next !== ' ' && next !== '\t') return undefined;
  const text = trimChars(trimEnd(trimEnd(line.slice(level), ' \t'), '#'), ' \t');
  return text ? { level, text } : undefined;
}
