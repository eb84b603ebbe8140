/**
 * What the host of a reading (`ReadingSessions`, behind `<tarot-reading>`) asks of a session, by
 * text or by voice: one interface, so the host holds one session per mode and calls it without
 * asking which mode is active. A call a mode has no use for does nothing there (a text reading has
 * no talk button), since only the active mode's view sends it.
 */
import type { SupportedLang } from '../../../contracts/locale.ts';
import type { TarotStrings } from '../i18n/en.ts';
import type { ReadableAtom } from 'nanostores';
import type { Modality } from '../agents/context.ts';
import type { Announcer } from '../../stores/announcer.ts';
import type { ReadingStore } from '../../stores/reading.ts';
import type { ConnectRequest, ReadingToken } from './token.ts';

/** The person's answer to a stall choice. */
export type StallAnswer = 'continue' | 'draw-again';

export interface ReadingSession {
  /** Whether a session is open or opening. */
  readonly active: boolean;
  /** A short hint for the person (a hold too short, a microphone hiccup); '' for none. */
  readonly $notice: ReadableAtom<string>;
  /**
   * Starts the reading, or resumes the one kept under its key; resolves with whether it
   * connected. On failure its store says why.
   */
  start(): Promise<boolean>;
  /** Ends it: 'user' (the person ended it) forgets the kept reading, 'leave' keeps it. */
  end(reason: 'user' | 'leave'): void;
  /** A new session with a fresh token: "Try again", "Retry", "Start a new reading". */
  restart(): Promise<boolean>;
  /** The person's typed message; false when no session is open or there is nothing to send. */
  sendMessage(text: string): boolean;
  /** The person picked a card (`tarot-card-pick`'s detail); false when no draw is waiting. */
  pick(detail: unknown): boolean;
  /** The person dismissed the picker without choosing. */
  cancelPick(): boolean;
  /** The stage finished showing a card. */
  cardShown(cardId: string): void;
  /** The person's answer to a stall choice; false when none was waiting. */
  choose(choice: StallAnswer): boolean;
  /** The talk button went down. */
  talkStart(): void;
  /** The talk button came up (`released`) or the hold was broken off. */
  talkEnd(released: boolean): void;
  /**
   * Hands an open reading to `mode`: it ends here and what is kept of it moves to `key`, that
   * mode's key, for that mode's session to resume on its start. Returns whether one moved.
   */
  handOver(key: string, mode: Modality): boolean;
}

/** What the host gives each session it makes: its own store and announcer, and its token source. */
export interface ReadingSessionOptions {
  store: ReadingStore;
  announcer: Announcer;
  /** Asks the edge for a token (the host adds its edge and counts the cost cap). */
  connect: (request: ConnectRequest) => Promise<ReadingToken>;
  /** The key its reading is kept under across a reload; none keeps nothing. */
  persistKey?: string | undefined;
  /** The reading's checked language (English when none). */
  lang?: SupportedLang | undefined;
  /** The visitor's words for its errors, notes and announcements (the host's catalogue); default English. */
  words?: (() => TarotStrings) | undefined;
  /** Whether the microphone may open (the visitor's consent); asked before a voice start. */
  micAllowed?: (() => Promise<boolean>) | undefined;
  /** The visitor declined the microphone: the voice reading does not start. */
  onMicDeclined?: (() => void) | undefined;
}

/** Each mode's module exports one of these, loaded when the mode is first chosen. */
export type CreateReadingSession = (options: ReadingSessionOptions) => ReadingSession;
