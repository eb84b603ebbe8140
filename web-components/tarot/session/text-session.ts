/**
 * The text reading's session: a `RealtimeReading` in text mode, behind the `ReadingSession`
 * interface its host calls. Typing is its only input, so the talk calls do nothing.
 */
import { atom } from 'nanostores';
import type { Modality } from '../agents/context.ts';
import { RealtimeReading } from './realtime-reading.ts';
import type {
  CreateReadingSession,
  ReadingSession,
  ReadingSessionOptions,
  StallAnswer,
} from './reading-session.ts';

export class TextReadingSession implements ReadingSession {
  readonly reading: RealtimeReading;
  /** A text reading has no short hints: its errors and states are in its store. */
  readonly $notice = atom('');

  constructor(reading: RealtimeReading) {
    this.reading = reading;
  }

  get active(): boolean {
    return this.reading.active;
  }

  start(): Promise<boolean> {
    return this.reading.start();
  }

  end(reason: 'user' | 'leave'): void {
    this.reading.end(reason);
  }

  restart(): Promise<boolean> {
    this.reading.end('user');
    return this.reading.start();
  }

  sendMessage(text: string): boolean {
    return this.reading.sendMessage(text);
  }

  pick(detail: unknown): boolean {
    return this.reading.pick(detail);
  }

  cancelPick(): boolean {
    return this.reading.cancelPick();
  }

  cardShown(cardId: string): void {
    this.reading.cardShown(cardId);
  }

  choose(choice: StallAnswer): boolean {
    return this.reading.choose(choice);
  }

  talkStart(): void {}

  talkEnd(): void {}

  handOver(key: string, mode: Modality): boolean {
    return this.reading.handOver(key, mode);
  }
}

/** The text mode's session, made by its host when the mode is first chosen. */
export const createReadingSession: CreateReadingSession = (options: ReadingSessionOptions) =>
  new TextReadingSession(
    new RealtimeReading({
      store: options.store,
      announcer: options.announcer,
      mode: 'text',
      connect: options.connect,
      persistKey: options.persistKey,
      lang: options.lang,
      words: options.words,
    }),
  );
