/**
 * BMO's conversation as plain data: the connection, the agent's state, the microphone, the
 * transcript and the one error worth showing. Written only by the room controller
 * (web-components/bmo/room-controller.ts); read by `<bmo-face>` and the /bmo page.
 */
import { atom } from 'nanostores';

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

/** Longest transcript kept in memory; older lines fall off the top. */
export const MAX_TRANSCRIPT_ENTRIES = 200;

export const $bmoConnection = atom<BmoConnection>('disconnected');
export const $bmoAgentState = atom<BmoAgentState>('disconnected');
/** Whether the visitor's microphone is muted (or off). */
export const $bmoMicMuted = atom<boolean>(false);
/** Whether this session runs without a microphone (the visitor chose to, or it is unavailable). */
export const $bmoTextOnly = atom<boolean>(false);
export const $bmoTranscript = atom<readonly BmoTranscriptEntry[]>([]);
export const $bmoError = atom<BmoError | null>(null);

export function setBmoConnection(connection: BmoConnection): void {
  $bmoConnection.set(connection);
}

export function setBmoAgentState(state: BmoAgentState): void {
  $bmoAgentState.set(state);
}

export function setBmoMicMuted(muted: boolean): void {
  $bmoMicMuted.set(muted);
}

export function setBmoTextOnly(textOnly: boolean): void {
  $bmoTextOnly.set(textOnly);
}

export function setBmoError(error: BmoError | null): void {
  $bmoError.set(error);
}

export function clearBmoError(): void {
  $bmoError.set(null);
}

/** Adds a transcript line, or replaces the text of the line with the same id. */
export function upsertBmoTranscript(entry: BmoTranscriptEntry): void {
  const current = $bmoTranscript.get();
  const index = current.findIndex((line) => line.id === entry.id);
  if (index === -1) {
    $bmoTranscript.set([...current, entry].slice(-MAX_TRANSCRIPT_ENTRIES));
  } else {
    const next = current.slice();
    next[index] = entry;
    $bmoTranscript.set(next);
  }
}

export function clearBmoTranscript(): void {
  $bmoTranscript.set([]);
}

/** Back to a fresh page: disconnected, no error, empty transcript. */
export function resetBmo(): void {
  $bmoConnection.set('disconnected');
  $bmoAgentState.set('disconnected');
  $bmoMicMuted.set(false);
  $bmoTextOnly.set(false);
  $bmoTranscript.set([]);
  $bmoError.set(null);
}
