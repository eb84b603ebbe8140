/**
 * Text helpers the edge, the reader and the agent share: trimming and clipping that run in linear
 * time on any input (a visitor's message, a header, a note). A regular expression such as
 * `/[.,]+$/` rescans a long run of those characters from each start and takes quadratic time when
 * the run is not at the end, so these walk the string once instead. No zod, no runtime API.
 */

/** `text` without any of `chars` at its end, in one pass from the end. */
export function trimEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

/** `text` without any of `chars` at its start or end. */
export function trimChars(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text.charAt(start))) start += 1;
  return trimEnd(text.slice(start), chars);
}

/** Collapses whitespace and caps length at a word boundary, ending a cut text with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${trimEnd(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut, ' \t\n,;:.')}…`;
}
