/**
 * Turns the session's history into the store's transcript: user and assistant messages, the cards
 * drawn and shown (from the tool calls' outputs, where they fall in the conversation), and a marker
 * at each handoff. The SDK's items are read as `unknown` and narrowed; nothing is cast.
 */
import {
  AGENT_NAMES,
  type AgentName,
  DrawCardParams,
  DrawCardResult,
  ShowCardResult,
  APP_NOTE_PREFIX,
} from '../../../contracts/reading-schema.ts';
import { DRAW_CARD, SHOW_CARD } from '../../../contracts/tools.ts';
import type { TranscriptEntry } from '../../stores/reading.ts';

export { APP_NOTE_PREFIX } from '../../../contracts/reading-schema.ts';

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const found: unknown = Reflect.get(value, key);
  return found;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function messageText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => {
      const type = field(part, 'type');
      if (type === 'input_text' || type === 'output_text') return text(field(part, 'text'));
      if (type === 'input_audio' || type === 'output_audio') return text(field(part, 'transcript'));
      return '';
    })
    .join('');
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function isAgentName(name: string): name is AgentName {
  return (AGENT_NAMES as readonly string[]).includes(name);
}

/**
 * @param history the session's history items
 * @param partials assistant text streamed so far, by item id, for items the history has no text for yet
 * @param cardName the display name of a card id
 */
export function transcriptFromHistory(
  history: readonly unknown[],
  partials: ReadonlyMap<string, string>,
  cardName: (cardId: string) => string,
): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  for (const item of history) {
    const id = text(field(item, 'itemId'));
    const type = field(item, 'type');
    if (type === 'message') {
      const role = field(item, 'role');
      if (role !== 'user' && role !== 'assistant') continue;
      const done = field(item, 'status') !== 'in_progress';
      let words = messageText(field(item, 'content'));
      if (role === 'assistant' && !words) words = partials.get(id) ?? '';
      if (role === 'user' && words.startsWith(APP_NOTE_PREFIX)) continue;
      if (!words.trim()) continue;
      entries.push({ kind: 'message', id, role, text: words, done });
      continue;
    }
    if (type !== 'function_call') continue;
    const name = text(field(item, 'name'));
    const output = parseJson(field(item, 'output'));
    if (output === undefined) continue;
    if (name === DRAW_CARD) {
      const result = DrawCardResult.safeParse(output);
      if (!result.success) continue;
      const params = DrawCardParams.safeParse(parseJson(field(item, 'arguments')));
      entries.push({
        kind: 'card',
        id,
        action: 'drawn',
        cardId: result.data.cardId,
        cardName: result.data.cardName,
        reversed: result.data.reversed,
        ...(params.success ? { positionLabel: params.data.positionLabel } : {}),
      });
    } else if (name === SHOW_CARD) {
      const result = ShowCardResult.safeParse(output);
      if (!result.success) continue;
      entries.push({
        kind: 'card',
        id,
        action: 'shown',
        cardId: result.data.cardId,
        cardName: cardName(result.data.cardId),
        reversed: result.data.reversed,
      });
    } else if (name.startsWith('transfer_to_')) {
      const agent = name.slice('transfer_to_'.length);
      if (isAgentName(agent)) entries.push({ kind: 'phase', id, agent });
    }
  }
  return entries;
}
