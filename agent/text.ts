/**
 * Trimming helpers that run in linear time on any input (a visitor's message, a note): a regular
 * expression such as `/[.,]+$/` rescans a long run of those characters from each start and takes
 * quadratic time when the run is not at the end.
 */

/** `text` without any of `chars` at its end. */
export function trimEndChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

/** `text` without any of `chars` at its start or end. */
export function trimChars(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text.charAt(start))) start++;
  return trimEndChars(text.slice(start), chars);
}

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
  const text = trimChars(trimEndChars(trimEndChars(line.slice(level), ' \t'), '#'), ' \t');
  return text ? { level, text } : undefined;
}
