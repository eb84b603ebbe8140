/**
 * What a reading keeps across a dropped connection and a reload: its snapshot (the session id, the
 * active agent, the run context's facts and the conversation history), checked with zod when read
 * back, and the history to replay into a new session.
 *
 * A snapshot lives in `sessionStorage` under a key its owner chooses, one per element instance and
 * mode: `<tarot-reading>` uses `tarot-reading:<id>:<mode>`, else `tarot-reading:label:<label>:<mode>`,
 * else `tarot-reading:<n>:<mode>` for the n-th reading in document order (see
 * `reading-sessions.ts`). It is written on every change of the history or the agent, kept when the
 * page is left (a reload restores it), and removed when the person ends the reading.
 */
import { z } from 'zod';
import {
  AGENT_NAMES,
  DrawnCard,
  IntentHandoff,
  ReadingHandoff,
  SpreadLayout,
  type AgentName,
} from '../../../contracts/reading-schema.ts';
import type { RealtimeItem } from '@openai/agents-realtime';
import { SupportedLangSchema } from '../../../contracts/locale-schema.ts';
import type { CardIdentity } from '../../../contracts/cards.ts';
import type { ReadingStore } from '../../stores/reading.ts';
import type { ReadingFacts } from '../agents/context.ts';
import { APP_NOTE_PREFIX } from './transcript.ts';

const SNAPSHOT_VERSION = 1;
/** A snapshot larger than this is not written (sessionStorage is small and shared by the origin). */
export const MAX_SNAPSHOT_CHARS = 400_000;

const HistoryItem = z.looseObject({ itemId: z.string().min(1), type: z.string() });

export const ReadingSnapshot = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  sessionId: z.string().min(1).max(200),
  mode: z.enum(['text', 'voice']),
  agent: z.enum(AGENT_NAMES),
  facts: z.object({
    modality: z.enum(['text', 'voice']),
    /** The reading's language: a resumed reading keeps it, whatever the element says now. */
    lang: SupportedLangSchema.optional(),
    intent: IntentHandoff.nullable(),
    spread: SpreadLayout.nullable(),
    cards: z.array(DrawnCard).max(100),
    shownCardIds: z.array(z.string()).max(100),
    reading: ReadingHandoff.nullable(),
  }),
  history: z.array(HistoryItem).max(1000),
});
export type ReadingSnapshot = z.infer<typeof ReadingSnapshot>;

/** Where snapshots are kept: `sessionStorage` or a stand-in with the same three methods. */
export type SnapshotStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function browserSessionStorage(): SnapshotStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage blocked by the browser's settings: nothing is kept
  }
}

export function snapshotOf(input: {
  sessionId: string;
  mode: 'text' | 'voice';
  agent: AgentName;
  facts: ReadingFacts;
  history: readonly unknown[];
}): ReadingSnapshot {
  return {
    version: SNAPSHOT_VERSION,
    sessionId: input.sessionId,
    mode: input.mode,
    agent: input.agent,
    facts: structuredClone(input.facts),
    history: input.history.filter((item) => HistoryItem.safeParse(item).success) as z.infer<
      typeof HistoryItem
    >[],
  };
}

/** Writes the snapshot; a full or blocked storage keeps nothing and says so (false). */
export function saveSnapshot(
  storage: SnapshotStorage | undefined,
  key: string,
  snapshot: ReadingSnapshot,
): boolean {
  if (!storage) return false;
  try {
    const text = JSON.stringify(snapshot);
    if (text.length > MAX_SNAPSHOT_CHARS) return false;
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** The snapshot under `key`, or undefined when there is none or it does not check out. */
export function loadSnapshot(
  storage: SnapshotStorage | undefined,
  key: string,
  mode: 'text' | 'voice',
): ReadingSnapshot | undefined {
  if (!storage) return undefined;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const result = ReadingSnapshot.safeParse(parsed);
  if (!result.success || result.data.mode !== mode) {
    clearSnapshot(storage, key); // unreadable: a fresh reading, not a broken one
    return undefined;
  }
  return result.data;
}

export function clearSnapshot(storage: SnapshotStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // blocked storage: there is nothing to remove
  }
}

/**
 * Moves the reading kept under `from.key` (a `from.mode` reading) to `to.key` as a `to.mode`
 * reading, so that mode restores it where it stopped (a voice reading's Switch to text). The old
 * key is removed, so the reading goes on in one mode only. Returns whether a reading was moved.
 */
export function handOverSnapshot(
  storage: SnapshotStorage | undefined,
  from: { key: string; mode: 'text' | 'voice' },
  to: { key: string; mode: 'text' | 'voice' },
): boolean {
  const saved = loadSnapshot(storage, from.key, from.mode);
  clearSnapshot(storage, from.key);
  if (!saved) return false;
  return saveSnapshot(storage, to.key, {
    ...saved,
    mode: to.mode,
    facts: { ...saved.facts, modality: to.mode },
  });
}

/**
 * The past items a new session is given with `updateHistory`: the messages, in order (the SDK
 * replays them as `conversation.item.create`; it cannot recreate function calls, whose facts the
 * active agent's instructions carry instead). Spoken parts go as their transcripts, in text: the
 * SDK refuses to replay audio. Each keeps its item id, so the new session's history and the past
 * one line up.
 */
export function replayableHistory(history: readonly unknown[]): RealtimeItem[] {
  return history.filter(isMessage).map((item) => {
    if (item.role === 'user') {
      return {
        ...item,
        content: item.content.map((part) =>
          part.type === 'input_audio' ? { type: 'input_text', text: part.transcript ?? '' } : part,
        ),
      };
    }
    if (item.role === 'assistant') {
      return {
        ...item,
        content: item.content.map((part) =>
          part.type === 'output_audio'
            ? { type: 'output_text', text: part.transcript ?? '' }
            : part,
        ),
      };
    }
    return item;
  });
}

function isMessage(item: unknown): item is Extract<RealtimeItem, { type: 'message' }> {
  if (typeof item !== 'object' || item === null) return false;
  const role: unknown = Reflect.get(item, 'role');
  return (
    Reflect.get(item, 'type') === 'message' &&
    typeof Reflect.get(item, 'itemId') === 'string' &&
    (role === 'user' || role === 'assistant' || role === 'system') &&
    Array.isArray(Reflect.get(item, 'content'))
  );
}

/**
 * Puts a saved reading back into `store` (intent, spread, cards drawn, the reading, the card last
 * shown, the agent) and returns its facts: the run context the new session is given.
 */
export function restoreReading(
  store: ReadingStore,
  saved: ReadingSnapshot,
  mode: 'text' | 'voice',
  lookupCard: (id: string) => CardIdentity | undefined,
): ReadingFacts {
  const facts: ReadingFacts = { ...saved.facts, modality: mode };
  if (facts.intent) store.setIntent(facts.intent);
  if (facts.spread) store.setSpread(facts.spread);
  for (const card of facts.cards) store.addDrawnCard(card);
  if (facts.reading) store.setReading(facts.reading);
  const lastShown = facts.shownCardIds[facts.shownCardIds.length - 1];
  const card = lastShown ? lookupCard(lastShown) : undefined;
  if (card) {
    const reversed = facts.cards.find((drawn) => drawn.cardId === card.id)?.reversed ?? false;
    store.showCard({ cardId: card.id, cardName: card.name, reversed });
    store.markCardShown(card.id);
  }
  store.setAgent(saved.agent);
  return facts;
}

/**
 * What a resumed agent is told, where the person cannot answer (a draw was cut off, or a phase
 * with no turn of theirs: Spread Generation, Reading); undefined where the person speaks next.
 */
export function carryOnNote(agent: AgentName, interruptedDraw: boolean): string | undefined {
  if (!interruptedDraw && agent !== 'SpreadGeneration' && agent !== 'Reading') return undefined;
  return `${APP_NOTE_PREFIX} The connection dropped and was restored; the conversation so far is above. ${
    interruptedDraw ? 'The card being drawn was not picked: ask for it again. ' : ''
  }Carry on from where you were.`;
}

/**
 * The past history with a new session's history after it: an item the new session also holds
 * (a replayed message, by its id) is kept once, where it was.
 */
export function mergeHistory(
  past: readonly unknown[],
  current: readonly unknown[],
): readonly unknown[] {
  if (past.length === 0) return current;
  const index = new Map<string, number>();
  const merged = [...past];
  merged.forEach((item, i) => {
    const id = itemId(item);
    if (id) index.set(id, i);
  });
  for (const item of current) {
    const id = itemId(item);
    const at = id ? index.get(id) : undefined;
    if (at === undefined) merged.push(item);
    else if (!isReplayOf(merged[at], item)) merged[at] = item;
  }
  return merged;
}

function itemId(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const id: unknown = Reflect.get(item, 'itemId');
  return typeof id === 'string' && id ? id : undefined;
}

/** A replayed message comes back without its audio; the past one (with its transcript) stays. */
function isReplayOf(past: unknown, current: unknown): boolean {
  return (
    typeof past === 'object' &&
    past !== null &&
    typeof current === 'object' &&
    current !== null &&
    Reflect.get(past, 'type') === 'message' &&
    Reflect.get(current, 'type') === 'message'
  );
}
