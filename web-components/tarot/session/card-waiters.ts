/**
 * What the reading's tools wait for from the person and the page: a pick in the card picker
 * (draw_card) and the stage's "shown" (show_card). Every wait ends: a pick by the person, a cancel,
 * the session closing, or a timeout; the model always gets an output.
 */
import type { DrawCardParams } from '../../../contracts/reading-schema.ts';
import type { PickOutcome } from '../agents/context.ts';

export interface CardWaitersOptions {
  drawMs: () => number;
  showMs: () => number;
  /** The picker opened for a position (store and announcement). */
  onPickerOpen: (position: DrawCardParams) => void;
  /** The picker closed, picked or not. */
  onPickerClose: () => void;
}

interface PendingPick {
  resolve: (outcome: PickOutcome) => void;
  timer: ReturnType<typeof setTimeout>;
}

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes >= 1
    ? `${minutes} minute${minutes === 1 ? '' : 's'}`
    : `${Math.round(ms / 1000)} seconds`;
}

export class CardWaiters {
  #options: CardWaitersOptions;
  #pendingPick: PendingPick | undefined;
  #shown = new Map<string, Set<() => void>>();

  constructor(options: CardWaitersOptions) {
    this.#options = options;
  }

  /** Whether a draw is waiting for the person right now. */
  get pickPending(): boolean {
    return this.#pendingPick !== undefined;
  }

  /** Opens the picker for `position` and waits for the pick, a cancel or the timeout. */
  requestPick(position: DrawCardParams): Promise<PickOutcome> {
    return new Promise<PickOutcome>((resolve) => {
      const drawMs = this.#options.drawMs();
      const timer = setTimeout(() => {
        this.settlePick({
          status: 'timeout',
          message: `No card was picked within ${duration(drawMs)}. Ask whether the person wants to continue.`,
        });
      }, drawMs);
      this.#pendingPick = { resolve, timer };
      this.#options.onPickerOpen(position);
    });
  }

  /** Ends the waiting draw with `outcome`; false when none was waiting. */
  settlePick(outcome: PickOutcome): boolean {
    const pending = this.#pendingPick;
    if (!pending) return false;
    this.#pendingPick = undefined;
    clearTimeout(pending.timer);
    this.#options.onPickerClose();
    pending.resolve(outcome);
    return true;
  }

  /** Waits until the stage reports `cardId` shown, or a short fallback timeout passes. */
  waitForShown(cardId: string): Promise<void> {
    return new Promise<void>((resolve) => {
      let settled = false;
      const finish = (): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.#shown.get(cardId)?.delete(finish);
        resolve();
      };
      const timer = setTimeout(finish, this.#options.showMs());
      const waiters = this.#shown.get(cardId) ?? new Set<() => void>();
      waiters.add(finish);
      this.#shown.set(cardId, waiters);
    });
  }

  /** The stage finished showing `cardId`. */
  cardShown(cardId: string): void {
    const waiters = this.#shown.get(cardId);
    if (!waiters) return;
    this.#shown.delete(cardId);
    for (const resolve of waiters) resolve();
  }

  /** Lets every show_card waiting for the stage carry on (the session is closing). */
  releaseShown(): void {
    const all = [...this.#shown.values()].flatMap((set) => [...set]);
    this.#shown.clear();
    for (const resolve of all) resolve();
  }
}
