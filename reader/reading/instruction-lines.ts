/**
 * The lines of a resumed session's instructions that the reader reads back (history.ts): a card
 * drawn, a spread position, an interpretation as delivered. The instructions are the client's text,
 * so each line is cut with `indexOf`/`lastIndexOf` and `slice` only: a constant number of passes
 * over the line, linear in its length whatever it holds. (A regular expression with two
 * unbounded groups around literal separators backtracks cubically on a line that repeats them.)
 *
 * Each parser reads exactly what the pattern in its comment reads;
 * tests/unit/reader/linear-patterns.test.ts checks them against those patterns. Lines are also
 * capped in length before any of this runs (MAX_INSTRUCTIONS_LINE_CHARS in limits.ts).
 */

/** Characters a regular expression's `.` does not match: a line holding one never matched. */
function hasLineTerminator(line: string): boolean {
  return line.includes('\r') || line.includes('\u2028') || line.includes('\u2029');
}

/** Where the first and the last line terminator are, or -1 and -1 when none is. */
function terminatorSpan(line: string): { first: number; last: number } {
  const firsts = ['\r', '\u2028', '\u2029']
    .map((mark) => line.indexOf(mark))
    .filter((at) => at !== -1);
  const lasts = ['\r', '\u2028', '\u2029'].map((mark) => line.lastIndexOf(mark));
  return { first: firsts.length > 0 ? Math.min(...firsts) : -1, last: Math.max(...lasts) };
}

export interface CardLine {
  positionLabel: string;
  promptRole: string;
  cardName: string;
  cardId: string;
  reversed: boolean;
}

const CARD_ID_OPEN = ' [cardId "';

/**
 * `^\d+\. (.+?) \((.*)\): (.+), (?:upright|reversed) \[cardId "([^"]+)", reversed (true|false)\]$`,
 * as `describeCards` writes it: `1. Past (what shaped this): The Tower, upright [cardId "…", reversed false]`.
 */
export function parseCardLine(line: string): CardLine | undefined {
  let digits = 0;
  while (digits < line.length && line.charCodeAt(digits) >= 48 && line.charCodeAt(digits) <= 57) {
    digits += 1;
  }
  if (digits === 0 || !line.startsWith('. ', digits)) return undefined;
  const body = line.slice(digits + 2);

  const reversed = body.endsWith('", reversed true]')
    ? true
    : body.endsWith('", reversed false]')
      ? false
      : undefined;
  if (reversed === undefined) return undefined;
  const idEnd = body.length - (reversed ? '", reversed true]' : '", reversed false]').length;
  // The last opening that leaves room for a one-character id: an id holds no quote, so an earlier
  // opening would take this one's quote into its id.
  const idOpen = body.lastIndexOf(CARD_ID_OPEN, idEnd - CARD_ID_OPEN.length - 1);
  if (idOpen === -1) return undefined;
  const cardId = body.slice(idOpen + CARD_ID_OPEN.length, idEnd);
  if (cardId === '' || cardId.includes('"')) return undefined;

  const beforeId = body.slice(0, idOpen);
  const orientation = beforeId.endsWith(', upright')
    ? ', upright'
    : beforeId.endsWith(', reversed')
      ? ', reversed'
      : undefined;
  if (orientation === undefined) return undefined;
  // `label (role): cardName`, the label lazy (up to the first " ("), the role greedy (up to the
  // last "): " that leaves a card name).
  const middle = beforeId.slice(0, beforeId.length - orientation.length);
  if (hasLineTerminator(middle)) return undefined;
  const labelEnd = middle.indexOf(' (', 1);
  if (labelEnd === -1) return undefined;
  const roleEnd = middle.lastIndexOf('): ', middle.length - 4);
  if (roleEnd < labelEnd + 2) return undefined;
  return {
    positionLabel: middle.slice(0, labelEnd),
    promptRole: middle.slice(labelEnd + 2, roleEnd),
    cardName: middle.slice(roleEnd + 3),
    cardId,
    reversed,
  };
}

/** `^(.+?) \((.*)\)$`: a spread position as `describeSpread` writes it, `Past (what shaped this)`. */
export function parsePosition(part: string): { label: string; role: string } | undefined {
  if (hasLineTerminator(part) || !part.endsWith(')')) return undefined;
  const labelEnd = part.indexOf(' (', 1);
  if (labelEnd === -1 || labelEnd + 2 > part.length - 1) return undefined;
  return { label: part.slice(0, labelEnd), role: part.slice(labelEnd + 2, -1) };
}

/**
 * `^- (.+?) \[([^\]]+)\]: (.*)$`: an interpretation as `describeReading` writes it,
 * `- Past [major-16]: …`. The label ends at the first " [" whose id (no "]") is closed by "]: ";
 * the first "]" after each candidate only moves forward, so the scan stays linear.
 */
export function parseReadingLine(
  line: string,
): { positionLabel: string; cardId: string; summary: string } | undefined {
  if (!line.startsWith('- ')) return undefined;
  const terminators = terminatorSpan(line);
  let close = -1;
  for (let open = line.indexOf(' [', 3); open !== -1; open = line.indexOf(' [', open + 1)) {
    if (close !== -1 && close < open + 2) close = -1;
    if (close === -1) close = line.indexOf(']', open + 2);
    if (close === -1) return undefined;
    // The label and the summary are `.`: no line terminator (the id may hold one). A label that
    // holds one now holds it for every later candidate too.
    if (terminators.first !== -1 && terminators.first < open) return undefined;
    if (close > open + 2 && line.startsWith(']: ', close) && terminators.last < close + 3) {
      return {
        positionLabel: line.slice(2, open),
        cardId: line.slice(open + 2, close),
        summary: line.slice(close + 3),
      };
    }
  }
  return undefined;
}

/** The length of the longest line of `text`, in one pass. */
export function longestLine(text: string): number {
  let longest = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    longest = Math.max(longest, stop - start);
    if (end === -1) return longest;
    start = end + 1;
  }
}
