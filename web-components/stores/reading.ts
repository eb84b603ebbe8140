/**
 * A tarot reading's state: which agent is active, the connection, the engine behind it, what each
 * phase found (intent, spread, drawn cards, the reading), the card on display, the card picker,
 * the transcript, tool activity and the last error. Plain data only: the reading
 * (web-components/tarot/session/realtime-reading.ts) writes it, elements render it.
 *
 * This module exports a factory, never a store: each `<tarot-reading>` calls `createReadingStore()`
 * for itself (one for its text reading, one for its voice reading) and hands the active one to
 * its views through `@lit/context` (`reading-context.ts`). A view used alone makes its own. So
 * any number of readings share a page without seeing each other's state.
 */
import { type ReadableAtom, type WritableAtom, atom, computed } from 'nanostores';
import type { ConnectionStatus, ErrorKind, ReaderEngine } from '../../contracts/events.ts';
import type {
  AgentName,
  DrawnCard,
  IntentHandoff,
  ReadingHandoff,
  SpreadLayout,
} from '../../contracts/reading-schema.ts';
import type { TarotToolName } from '../../contracts/tools.ts';

export type { ConnectionStatus, ReaderEngine };

/** The card picker: closed, or open for one position of the spread. */
export type PickerState =
  { open: false } | { open: true; positionLabel: string; promptRole: string };

/** The card on display (show_card): revealing until the stage reports it shown. */
export interface DisplayedCard {
  cardId: string;
  cardName: string;
  reversed: boolean;
  status: 'revealing' | 'shown';
}

/** One line of the conversation: a message, a card drawn or shown inline, or a phase change. */
export type TranscriptEntry =
  | {
      kind: 'message';
      id: string;
      role: 'user' | 'assistant';
      text: string;
      /** False while the assistant is still writing it. */
      done: boolean;
    }
  | {
      kind: 'card';
      id: string;
      action: 'drawn' | 'shown';
      cardId: string;
      cardName: string;
      reversed: boolean;
      positionLabel?: string;
    }
  | { kind: 'phase'; id: string; agent: AgentName };

/** What a tool is doing, for the status line and the screen-reader announcement. */
export interface ToolActivity {
  tool: TarotToolName;
  status: 'running' | 'success' | 'error';
  /** A short sentence such as "Drawing a card for the Past position". */
  label: string;
}

/** Voice only: whether the microphone is open and whether the agent is speaking. */
export interface AudioState {
  listening: boolean;
  speaking: boolean;
}

/**
 * A voice reading waiting where the person cannot speak (Spread Generation, Reading) after a draw
 * timed out, was cancelled or a tool failed: the view offers Continue, Draw again, Switch to text.
 */
export interface StallChoice {
  reason: 'timeout' | 'cancelled' | 'tool_error';
  message: string;
}

/** The last error a person should see. */
export interface ReadingError {
  kind: ErrorKind;
  message: string;
}

/** One row of the spread as it grows: a position and the card drawn for it, if any yet. */
export interface SpreadRow {
  positionLabel: string;
  promptRole: string;
  card: DrawnCard | null;
}

export interface ReadingStore {
  /** The current session's id, for the host's events; null before a session starts. */
  $sessionId: WritableAtom<string | null>;
  $agent: WritableAtom<AgentName | null>;
  $connection: WritableAtom<ConnectionStatus>;
  $engine: WritableAtom<ReaderEngine | null>;
  /** Whether the offline reader hears this reading's speech (else a voice turn follows a script). */
  $hears: WritableAtom<boolean>;
  $intent: WritableAtom<IntentHandoff | null>;
  $spread: WritableAtom<SpreadLayout | null>;
  /** Every card drawn in this reading, in the order drawn (spread positions first). */
  $cards: WritableAtom<readonly DrawnCard[]>;
  $reading: WritableAtom<ReadingHandoff | null>;
  $displayed: WritableAtom<DisplayedCard | null>;
  $picker: WritableAtom<PickerState>;
  $transcript: WritableAtom<readonly TranscriptEntry[]>;
  $toolActivity: WritableAtom<ToolActivity | null>;
  $error: WritableAtom<ReadingError | null>;
  $audio: WritableAtom<AudioState>;
  /** A choice the person must make before the voice reading goes on; null when none. */
  $choice: WritableAtom<StallChoice | null>;
  /** The ids drawn so far, for the picker to leave out. */
  $drawnIds: ReadableAtom<readonly string[]>;
  /** The spread as it grows: the layout's positions once known, else the positions drawn so far. */
  $spreadRows: ReadableAtom<readonly SpreadRow[]>;

  setSessionId(id: string | null): void;
  setConnection(status: ConnectionStatus): void;
  setEngine(engine: ReaderEngine | null): void;
  setHears(hears: boolean): void;
  setAgent(agent: AgentName | null): void;
  setIntent(intent: IntentHandoff): void;
  setSpread(spread: SpreadLayout): void;
  setReading(reading: ReadingHandoff): void;
  /** Adds a drawn card; a card already drawn is not added twice. Returns whether it was added. */
  addDrawnCard(card: DrawnCard): boolean;
  openPicker(position: { positionLabel: string; promptRole: string }): void;
  closePicker(): void;
  showCard(card: { cardId: string; cardName: string; reversed: boolean }): void;
  markCardShown(cardId: string): void;
  setTranscript(entries: readonly TranscriptEntry[]): void;
  setToolActivity(activity: ToolActivity | null): void;
  setError(error: ReadingError | null): void;
  setAudio(audio: Partial<AudioState>): void;
  setChoice(choice: StallChoice | null): void;
  /** Back to a fresh reading. */
  reset(): void;
}

export function createReadingStore(): ReadingStore {
  const $sessionId = atom<string | null>(null);
  const $agent = atom<AgentName | null>(null);
  const $connection = atom<ConnectionStatus>('idle');
  const $engine = atom<ReaderEngine | null>(null);
  const $hears = atom(false);
  const $intent = atom<IntentHandoff | null>(null);
  const $spread = atom<SpreadLayout | null>(null);
  const $cards = atom<readonly DrawnCard[]>([]);
  const $reading = atom<ReadingHandoff | null>(null);
  const $displayed = atom<DisplayedCard | null>(null);
  const $picker = atom<PickerState>({ open: false });
  const $transcript = atom<readonly TranscriptEntry[]>([]);
  const $toolActivity = atom<ToolActivity | null>(null);
  const $error = atom<ReadingError | null>(null);
  const $audio = atom<AudioState>({ listening: false, speaking: false });
  const $choice = atom<StallChoice | null>(null);

  const $drawnIds = computed($cards, (cards) => cards.map((card) => card.cardId));
  const $spreadRows = computed([$spread, $cards], (spread, cards): readonly SpreadRow[] => {
    if (!spread) {
      return cards.map((card) => ({
        positionLabel: card.positionLabel,
        promptRole: card.promptRole,
        card,
      }));
    }
    const unmatched = [...cards];
    const rows: SpreadRow[] = spread.positions.map((position) => {
      const index = unmatched.findIndex((card) => card.positionLabel === position.label);
      const card = index === -1 ? null : (unmatched.splice(index, 1)[0] ?? null);
      return { positionLabel: position.label, promptRole: position.role, card };
    });
    // Clarification cards drawn later (Followup) follow the layout's positions.
    for (const card of unmatched) {
      rows.push({ positionLabel: card.positionLabel, promptRole: card.promptRole, card });
    }
    return rows;
  });

  return {
    $sessionId,
    $agent,
    $connection,
    $engine,
    $hears,
    $intent,
    $spread,
    $cards,
    $reading,
    $displayed,
    $picker,
    $transcript,
    $toolActivity,
    $error,
    $audio,
    $choice,
    $drawnIds,
    $spreadRows,

    setSessionId: (id) => $sessionId.set(id),
    setConnection: (status) => $connection.set(status),
    setEngine: (engine) => $engine.set(engine),
    setHears: (hears) => $hears.set(hears),
    setAgent: (agent) => $agent.set(agent),
    setIntent: (intent) => $intent.set(intent),
    setSpread: (spread) => $spread.set(spread),
    setReading: (reading) => $reading.set(reading),
    addDrawnCard(card) {
      if ($cards.get().some((drawn) => drawn.cardId === card.cardId)) return false;
      $cards.set([...$cards.get(), card]);
      return true;
    },
    openPicker: ({ positionLabel, promptRole }) =>
      $picker.set({ open: true, positionLabel, promptRole }),
    closePicker: () => $picker.set({ open: false }),
    showCard: ({ cardId, cardName, reversed }) =>
      $displayed.set({ cardId, cardName, reversed, status: 'revealing' }),
    markCardShown(cardId) {
      const displayed = $displayed.get();
      if (displayed?.cardId === cardId && displayed.status !== 'shown') {
        $displayed.set({ ...displayed, status: 'shown' });
      }
    },
    setTranscript: (entries) => $transcript.set(entries),
    setToolActivity: (activity) => $toolActivity.set(activity),
    setError: (error) => $error.set(error),
    setChoice: (choice) => $choice.set(choice),
    setAudio(audio) {
      const current = $audio.get();
      const next = { ...current, ...audio };
      if (next.listening !== current.listening || next.speaking !== current.speaking) {
        $audio.set(next);
      }
    },
    reset() {
      $sessionId.set(null);
      $agent.set(null);
      $connection.set('idle');
      $engine.set(null);
      $hears.set(false);
      $intent.set(null);
      $spread.set(null);
      $cards.set([]);
      $reading.set(null);
      $displayed.set(null);
      $picker.set({ open: false });
      $transcript.set([]);
      $toolActivity.set(null);
      $error.set(null);
      $audio.set({ listening: false, speaking: false });
      $choice.set(null);
    },
  };
}
