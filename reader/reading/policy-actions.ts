/**
 * The vocabulary the reading policy's phases share: the tool names, what happened since the last
 * response (`TurnInput`), what the reader does next (`ReaderAction`), and small helpers to read
 * tool outputs and build actions.
 */
import {
  APP_NOTE_PREFIX,
  DrawCardResult,
  ShowCardResult,
  ToolErrorResult,
  type AgentName,
  type SpreadPosition,
} from '../../contracts/reading-schema.ts';
import { DRAW_CARD, SHOW_CARD } from '../../contracts/tools.ts';
import { clip } from '../../contracts/text.ts';
import { DRAW_AGAIN_ES, END_ES, YES_ES } from './text-es.ts';
import { WORDS_EN, type ReaderWords } from './words-en.ts';

export { DRAW_CARD, SHOW_CARD };

/**
 * Something that happened since the last response: typed words (or spoken ones, heard by the
 * speech recognizer), an audio turn (with the id of its item while it is being heard; without one,
 * nobody hears it and it follows the demo script), a turn that came back without words, or a
 * tool's output.
 */
export type TurnInput =
  | { kind: 'user_text'; text: string; spoken?: true }
  | { kind: 'user_audio'; itemId?: string }
  | { kind: 'unheard'; reason: 'silence' | 'failed' }
  | { kind: 'tool_output'; name: string; args: unknown; output: string };

export type ReaderAction =
  { kind: 'say'; text: string } | { kind: 'call'; name: string; args: Record<string, unknown> };

export interface TurnContext {
  agent: AgentName;
  /** Names of the function tools the active agent may call (handoffs included). */
  tools: ReadonlySet<string>;
  inputs: readonly TurnInput[];
  /** A tool this reader called whose output has not come back yet. */
  awaitingTool: string | undefined;
  modality: 'text' | 'audio';
  /** Whether spoken turns are heard (a speech recognizer runs) rather than follow the demo script. */
  hears?: boolean;
}

/** How many clarification cards Followup will draw (the spec: 1–3). */
export const MAX_CLARIFICATION_CARDS = 3;

const SDK_TOOL_ERROR =
  /^An error occurred while running the tool|timed out after|^Tool \S+ not found/;

type ToolOutcome<T> = { ok: true; value: T } | { ok: false };

function parseOutput(output: string): unknown {
  try {
    return JSON.parse(output);
  } catch {
    return output;
  }
}

/** A draw_card output: the card, or a failure (an error object, the SDK's error text, junk). */
export function drawOutcome(output: string): ToolOutcome<DrawCardResult> {
  const result = DrawCardResult.safeParse(parseOutput(output));
  return result.success ? { ok: true, value: result.data } : { ok: false };
}

/** Whether a tool output is the page's `{ success: false, error: { code: 'cancelled' } }`. */
export function isCancelled(output: string): boolean {
  const result = ToolErrorResult.safeParse(parseOutput(output));
  return result.success && result.data.error.code === 'cancelled';
}

const DRAW_AGAIN = /\b(draw again|try again|again|another|retry|once more)\b/i;
const END = /\b(end|stop|no|nope|quit|finish|enough|done|that's all|bye)\b/i;
const YES = /\b(yes|yeah|yep|sure|ok|okay|please|go ahead|draw)\b/i;

/**
 * What the person answered to "draw again, or end?": from their words, or from the app note the
 * voice view's choice sends (Draw again, Continue). Undefined when they answered neither.
 */
export function drawChoiceIn(
  inputs: readonly NonAudio[],
): 'again' | 'end' | 'continue' | undefined {
  for (const input of inputs) {
    if (input.kind !== 'user_text' || !input.text.trimStart().startsWith(APP_NOTE_PREFIX)) continue;
    if (input.text.includes('chose Draw again')) return 'again';
    if (input.text.includes('chose Continue')) return 'continue';
  }
  const text = userText(inputs);
  if (text === undefined) return undefined;
  if (DRAW_AGAIN.test(text) || DRAW_AGAIN_ES.test(text)) return 'again';
  if (END.test(text) || END_ES.test(text)) return 'end';
  return YES.test(text) || YES_ES.test(text) ? 'again' : undefined;
}

/** A show_card output: anything but a recognisable failure counts as shown. */
export function showOutcome(output: string): ToolOutcome<null> {
  const parsed = parseOutput(output);
  if (ShowCardResult.safeParse(parsed).success) return { ok: true, value: null };
  if (ToolErrorResult.safeParse(parsed).success) return { ok: false };
  if (typeof parsed === 'object' && parsed !== null && 'success' in parsed) {
    return parsed.success === false ? { ok: false } : { ok: true, value: null };
  }
  if (typeof parsed === 'string' && SDK_TOOL_ERROR.test(parsed)) return { ok: false };
  return { ok: true, value: null };
}

export type NonAudio = Exclude<TurnInput, { kind: 'user_audio' | 'unheard' }>;

/** A turn once audio turns have become their words (heard, or a demo-script line). */
export type PhaseTurn = TurnContext & { inputs: readonly NonAudio[] };

export function say(text: string): ReaderAction {
  return { kind: 'say', text };
}

export function sayIf(text: string): ReaderAction[] {
  return text.trim() === '' ? [] : [say(text)];
}

export function call(name: string, args: object): ReaderAction {
  return { kind: 'call', name, args: { ...args } };
}

/** Everything the user typed (or was scripted to say) since the last response; app notes are not. */
export function userText(inputs: readonly NonAudio[]): string | undefined {
  const texts = inputs.flatMap((input) =>
    input.kind === 'user_text' && !input.text.trimStart().startsWith(APP_NOTE_PREFIX)
      ? [input.text.trim()]
      : [],
  );
  const joined = texts.filter((text) => text !== '').join(' ');
  return joined === '' ? undefined : joined;
}

export function describePosition(
  position: SpreadPosition,
  index: number,
  total: number,
  say: ReaderWords = WORDS_EN,
): string {
  return say.describePosition(say.label(position.label), position.role, index, total);
}

const REQUEST_WORDS =
  /\b(could|can|would|will)\s+you\b|\b(please|draw|another|one more|extra|new|a|an|clarification|clarifying|clarify|card|cards|for me|for that|me|now)\b|[?.!,¿¡]/gi;
const REQUEST_WORDS_ES =
  /(?<![\p{L}\d])(podrías|podrias|puedes|por favor|saca|sacar|sácame|otra|una|más|mas|carta|cartas|de|aclaración|aclaracion|aclarar|para|mí|mi|me|eso|ahora)(?![\p{L}\d])/giu;

/** What a clarification card is for: the question itself, when there is more to it than the request. */
export function clarificationRole(question: string, say: ReaderWords = WORDS_EN): string {
  const rest = question
    .replace(REQUEST_WORDS, ' ')
    .replace(REQUEST_WORDS_ES, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return say.clarificationRole(rest.split(' ').length >= 3 ? clip(question, 120) : undefined);
}

/** Puts the demo-script lines in front of the first thing said (or says them on their own). */
export function withPreface(preface: readonly string[], actions: ReaderAction[]): ReaderAction[] {
  if (preface.length === 0) return actions;
  const lead = preface.join(' ');
  const index = actions.findIndex((action) => action.kind === 'say');
  const first = actions[index];
  if (index === -1 || !first || first.kind !== 'say') return [say(lead), ...actions];
  return [...actions.slice(0, index), say(`${lead} ${first.text}`), ...actions.slice(index + 1)];
}
