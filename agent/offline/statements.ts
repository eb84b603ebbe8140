/**
 * The values a note states, each with what it is stated for, in the forms people write notes in:
 *
 * - a sentence: "my X is V", "the X is V" (also `are`, `=`, and a value on the next line when the
 *   sentence ends at "is");
 * - a labelled line: "X: V", front matter's `x: V` among them;
 * - a list item: "- X: V", "- X = V", "- X — V", "- X - V";
 * - a table row: "| X | V |", labelled by its first cell and its column's header;
 * - a heading then a line: a section whose first line is only the value;
 * - a phone-like number in a sentence, labelled by the words before it.
 *
 * The value may have any shape (letters, digits, dashes, spaces, symbols); what makes it the value
 * is the form it is stated in. A phrase that says where the value is ("is on the sticker") or
 * what it does ("is due on the 5th") is not one. Every pattern runs in linear time.
 */
import { trimChars, trimEnd } from '../../contracts/text.ts';

export interface Statement {
  /** What the value is stated for, as the note words it: "Key box at the studio". */
  label: string;
  /** The value exactly as written, e.g. "K4-71-ZQ" or "purple tiger seven". */
  value: string;
}

/** Longest value taken, in characters and in words. */
const MAX_VALUE_CHARS = 120;
const MAX_VALUE_WORDS = 10;
/** Longest label, in words: more is a sentence, not a name for a value. */
const MAX_LABEL_WORDS = 8;
/** Longest line a heading's value may be: more is the section's prose. */
const MAX_HEADING_VALUE_WORDS = 6;
/** Characters before a value read for its label. */
const LABEL_WINDOW = 160;

/**
 * First words of a phrase that tells where a value is, or what something does, rather than
 * stating the value: "on the sticker", "due on the 5th", "with PhilHealth", "not set yet".
 */
const NOT_A_VALUE = new Set(
  (
    'in on at under inside behind beside near next with without by from for to into onto over ' +
    'due not no never still also always usually written stored kept saved taped printed stuck ' +
    'somewhere unknown missing lost'
  ).split(' '),
);

/** Words a label drops at its start: "my shed code" and "the shed code" both name "shed code". */
const LEADING_DETERMINERS = new Set(['my', 'our', 'the', 'a', 'an', 'his', 'her', 'their']);

const LIST_MARKER = /^(?:[-*+]|\d{1,3}[.)])\s+/;
/** A table's header separator row: only pipes, colons, dashes and spaces, with `---` in it. */
function isTableSeparator(line: string): boolean {
  return line.startsWith('|') && /^[\s:|-]+$/.test(line) && line.includes('---');
}
/** Where a sentence's value ends: a new sentence, or a clause joined by a conjunction. */
const VALUE_END = /\.\s+\p{Lu}|[,;]\s+(?:and|but|so|which|though|because|or|since|while)\s| \(/u;
const STATED_AS = /\s(?:is|are|=)(?::\s*|\s+|$)/gi;

/** The line without Markdown emphasis, a list marker or a block quote's `>`. */
function plainLine(line: string): { text: string; listItem: boolean } {
  let text = line.replace(/\*\*|__/g, '').trim();
  while (text.startsWith('>')) text = text.slice(1).trim();
  const marker = LIST_MARKER.exec(text);
  if (marker) text = text.slice(marker[0].length);
  text = text.replace(/^\[[ xX]\]\s+/, '');
  return { text: text.trim(), listItem: marker !== null };
}

/** A value as written, without the code ticks or quotes around it and sentence punctuation after it. */
function cleanValue(raw: string): string {
  const value = trimEnd(raw.trim(), '.;,');
  const unquoted = trimChars(value, '`"“”');
  return unquoted.trim();
}

/** True for a value worth stating: short enough to copy, and not a phrase about where it is. */
function isValue(value: string): boolean {
  if (!value || value.length > MAX_VALUE_CHARS) return false;
  const valueWords = value.split(/\s+/);
  if (valueWords.length > MAX_VALUE_WORDS) return false;
  return !NOT_A_VALUE.has((valueWords[0] ?? '').toLowerCase());
}

/**
 * A label from the words before a value: its last clause, without a leading "my" or "the". Only
 * the text just before is read (a label is a few words), so many values on one line stay linear.
 */
function labelFrom(text: string, end: number): string | undefined {
  const near = text.slice(Math.max(0, end - LABEL_WINDOW), end);
  const clause = near.split(/[.,;!?]\s/).pop() ?? near;
  const labelWords = trimChars(clause.trim(), '-–—:=').trim().split(/\s+/).filter(Boolean);
  while (labelWords.length > 1 && LEADING_DETERMINERS.has((labelWords[0] ?? '').toLowerCase())) {
    labelWords.shift();
  }
  if (labelWords.length === 0 || labelWords.length > MAX_LABEL_WORDS) return undefined;
  return labelWords.join(' ');
}

/**
 * The value starting at `start` in `text`, up to the end of its sentence or clause. Only enough
 * of the text is read to find a value of the longest length taken.
 */
function valueFrom(text: string, start: number): string {
  const head = text.slice(start, start + MAX_VALUE_CHARS + 8);
  const end = VALUE_END.exec(head);
  if (end && end.index > 0) return cleanValue(head.slice(0, end.index));
  // no end within reach: the value runs on past the longest taken
  return text.length > start + head.length ? '' : cleanValue(head);
}

/** "X: V", and in a list item also "X = V", "X — V", "X – V", "X - V". */
function labelledLine(text: string, listItem: boolean): Statement | undefined {
  const separator = listItem ? /:\s|\s[=—–-]\s/.exec(text) : /:(?:\s|$)/.exec(text);
  if (!separator || separator.index === 0) return undefined;
  const label = labelFrom(text, separator.index);
  const value = valueFrom(text, separator.index + separator[0].length);
  if (!label || label.split(' ').length > 6 || !isValue(value)) return undefined;
  return { label, value };
}

/**
 * "my X is V" and "the X is V" anywhere in a line; `next` gives the following line, the value
 * when the sentence stops at "is".
 */
function sentences(text: string, next: () => string): Statement[] {
  const found: Statement[] = [];
  for (const match of text.matchAll(STATED_AS)) {
    const label = labelFrom(text, match.index);
    if (!label) continue;
    const start = match.index + match[0].length;
    // the line is trimmed: a sentence that stops at "is" has its value on the next line
    const value = start < text.length ? valueFrom(text, start) : cleanValue(next());
    if (isValue(value)) found.push({ label, value });
  }
  return found;
}

function cells(row: string): string[] {
  return trimChars(row.trim(), '|')
    .split('|')
    .map((cell) => cleanValue(cell.replace(/\*\*|__/g, '')));
}

/** A table's data row: each cell after the first, labelled by the first cell and its column. */
function tableRow(row: string, header: string[] | undefined): Statement[] {
  const [first, ...rest] = cells(row);
  if (!first) return [];
  return rest.flatMap((value, i) => {
    const column = header?.[i + 1];
    const label = column ? `${first} ${column}` : first;
    return isValue(value) ? [{ label, value }] : [];
  });
}

const NUMBER_RUN = /\+?\d+(?:[ ()-]+\d+)*/g;

/** Phone-like numbers in a sentence (six digits or more), labelled by the words just before. */
function numbersIn(text: string): Statement[] {
  const found: Statement[] = [];
  for (const match of text.matchAll(NUMBER_RUN)) {
    if (match[0].replace(/\D/g, '').length < 6) continue;
    const before = trimEnd(
      text.slice(Math.max(0, match.index - LABEL_WINDOW), match.index),
      ' \t,:(-',
    );
    const label = (before.split(/[.,;]\s/).pop() ?? '').split(/\s+/).slice(-4).join(' ');
    found.push({ label: label || 'Number', value: match[0].trim() });
  }
  return found;
}

/** A section that is its heading and a line holding only the value ("## Shed" / "1-9-3-3"). */
function headingValue(text: string, heading: string): Statement | undefined {
  const label = heading.split(' › ').pop()?.trim();
  const first = text.split('\n', 1)[0] ?? '';
  if (!label || first.startsWith('…') || first.startsWith('|')) return undefined;
  const { text: line, listItem } = plainLine(first);
  if (labelledLine(line, listItem)) return undefined;
  const lineWords = line.split(/\s+/);
  if (lineWords.length > MAX_HEADING_VALUE_WORDS) return undefined;
  // a sentence of its own is prose about the heading, not its value
  if (lineWords.length > 1 && /[.!?]$/.test(line)) return undefined;
  const value = cleanValue(line);
  return isValue(value) ? { label, value } : undefined;
}

/** Every value a passage states. `heading` is its section's heading path ("Note › Section"). */
export function statementsIn(text: string, heading: string): Statement[] {
  const found: Statement[] = [];
  const lines = text.split('\n');
  const atHeading = headingValue(text, heading);
  if (atHeading) found.push(atHeading);
  let header: string[] | undefined;
  lines.forEach((rawLine, i) => {
    const raw = rawLine.trim();
    if (raw.startsWith('|')) {
      const next = lines[i + 1]?.trim() ?? '';
      if (isTableSeparator(raw)) return;
      if (isTableSeparator(next)) header = cells(raw);
      else found.push(...tableRow(raw, header));
      return;
    }
    header = undefined;
    const { text: line, listItem } = plainLine(raw);
    if (!line) return;
    const labelled = labelledLine(line, listItem);
    if (labelled) {
      found.push(labelled);
      return;
    }
    // the value on the next line: the first with any text, looked for only when needed
    const next = () => plainLine(lines.slice(i + 1, i + 3).find((l) => l.trim() !== '') ?? '').text;
    found.push(...sentences(line, next), ...numbersIn(line));
  });
  return found;
}
