/**
 * BMO's conversation as plain data: the connection, the agent's state, engine and hearing (and
 * what they mean for the visitor, in words), the microphone,
 * the transcript, the one error worth showing, and what a screen reader should hear. This module
 * exports a FACTORY, not atoms: each `<bmo-assistant>` makes its own set when it is created and
 * hands it to the elements inside it through `@lit/context` (bmo-context.ts), so any number of
 * assistants share a page without touching each other. Written only by that assistant's session
 * (`BmoRoom`, web-components/bmo/session/bmo-room.ts).
 */
import { atom, type WritableAtom } from 'nanostores';

/** What BMO is doing, as the face shows it. */
export type BmoAgentState = 'disconnected' | 'connecting' | 'listening' | 'thinking' | 'speaking';
export const BMO_AGENT_STATES: readonly BmoAgentState[] = [
  'disconnected',
  'connecting',
  'listening',
  'thinking',
  'speaking',
];

/** The page's link to the LiveKit room. */
export type BmoConnection = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/**
 * What BMO runs on, as its participant says (`bmo.engine`): `openai` (OpenAI's models) or
 * `offline` (the local language model). `undefined` until BMO has said.
 */
export type BmoEngine = 'openai' | 'offline';

/**
 * Whether BMO hears the visitor's microphone, as its participant says (`bmo.hearing`): `on`; `off`
 * in this session (typing only); `down`, its hearing stopped and may come back. `undefined` until
 * BMO has said.
 */
export type BmoHearing = 'on' | 'off' | 'down';

/**
 * Problems the page explains in words, each with its way out:
 * - `not_configured`: the server has no LiveKit settings (the token route answered 503);
 * - `mic_denied` / `mic_unavailable`: no microphone; the visitor can go on by typing;
 * - `agent_timeout`: BMO did not join the room in time (Retry);
 * - `connection_lost` / `agent_left`: the room dropped, or BMO left it (Reconnect);
 * - `connect_failed`: the token route or the room refused us for another reason (Retry);
 * - `send_failed`: a typed message did not go out.
 */
export type BmoErrorCode =
  | 'not_configured'
  | 'mic_denied'
  | 'mic_unavailable'
  | 'agent_timeout'
  | 'connection_lost'
  | 'agent_left'
  | 'connect_failed'
  | 'send_failed';

export interface BmoError {
  code: BmoErrorCode;
  message: string;
}

export interface BmoTranscriptEntry {
  /** The transcription segment id (or the chat message id). */
  id: string;
  speaker: 'user' | 'agent';
  text: string;
  /** False while the segment is still being spoken or streamed. */
  final: boolean;
}

/** Words for screen readers; `id` grows with each, so the same words twice are read twice. */
export interface BmoAnnouncement {
  id: number;
  message: string;
}

/** Longest transcript kept in memory; older lines fall off the top. */
export const MAX_TRANSCRIPT_ENTRIES = 200;

/** One assistant's BMO state. Elements read the atoms; only its room session writes them. */
export interface BmoStores {
  readonly $connection: WritableAtom<BmoConnection>;
  readonly $agentState: WritableAtom<BmoAgentState>;
  readonly $engine: WritableAtom<BmoEngine | undefined>;
  readonly $hearing: WritableAtom<BmoHearing | undefined>;
  /** What BMO's engine, ears and voice mean for this visitor, in words; null: nothing to say. */
  readonly $notice: WritableAtom<string | null>;
  /** Whether the visitor's microphone is muted (or off). */
  readonly $micMuted: WritableAtom<boolean>;
  /** Whether this session runs without a microphone (the visitor chose to, or it is unavailable). */
  readonly $textOnly: WritableAtom<boolean>;
  readonly $transcript: WritableAtom<readonly BmoTranscriptEntry[]>;
  readonly $error: WritableAtom<BmoError | null>;
  /** The latest polite announcement (connection, BMO joining or leaving, the engine). */
  readonly $announcement: WritableAtom<BmoAnnouncement | null>;
}

/** A fresh, disconnected set of BMO stores for one assistant. */
export function createBmoStores(): BmoStores {
  return {
    $connection: atom<BmoConnection>('disconnected'),
    $agentState: atom<BmoAgentState>('disconnected'),
    $engine: atom<BmoEngine | undefined>(undefined),
    $hearing: atom<BmoHearing | undefined>(undefined),
    $notice: atom<string | null>(null),
    $micMuted: atom(false),
    $textOnly: atom(false),
    $transcript: atom<readonly BmoTranscriptEntry[]>([]),
    $error: atom<BmoError | null>(null),
    $announcement: atom<BmoAnnouncement | null>(null),
  };
}

let nextAnnouncement = 1;

/** Says `message` politely to screen-reader users, through the assistant's own status region. */
export function announceBmo(stores: BmoStores, message: string): void {
  const text = message.trim();
  if (text) stores.$announcement.set({ id: nextAnnouncement++, message: text });
}

/** Adds a transcript line, or replaces the text of the line with the same id. */
export function upsertBmoTranscript(stores: BmoStores, entry: BmoTranscriptEntry): void {
  const current = stores.$transcript.get();
  const index = current.findIndex((line) => line.id === entry.id);
  if (index === -1) {
    stores.$transcript.set([...current, entry].slice(-MAX_TRANSCRIPT_ENTRIES));
  } else {
    const next = current.slice();
    next[index] = entry;
    stores.$transcript.set(next);
  }
}

/** Back to a fresh assistant: disconnected, no error, empty transcript. */
export function resetBmo(stores: BmoStores): void {
  stores.$connection.set('disconnected');
  stores.$agentState.set('disconnected');
  stores.$engine.set(undefined);
  stores.$hearing.set(undefined);
  stores.$notice.set(null);
  stores.$micMuted.set(false);
  stores.$textOnly.set(false);
  stores.$transcript.set([]);
  stores.$error.set(null);
  stores.$announcement.set(null);
}
