/**
 * The cassette's insert / eject / swap sequence, as a reactive controller for
 * `<bmo-cassette-slot>`. It owns the phase and the cassette on show, and runs the spec's order for a
 * replacement: eject the old cassette out of view, swap the payload, insert the new one. Cassettes
 * that arrive mid-sequence are not lost: the latest one is inserted when the running step ends.
 *
 * Motion uses the Web Animations API; with reduced motion there is no movement at all (the swap is
 * instant) but the phases, events and sounds still happen in the same order.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CassetteSoundKind } from './sound.ts';

/**
 * Plays a cassette sound. The sound module (its synthesis) loads with the first cassette after the
 * page's first user gesture, not with the slot: before a gesture a browser starts no audio, so a
 * cassette then moves silently without loading it (where the browser keeps that record,
 * `navigator.userActivation`), and a slot that never receives a cassette never loads it. Calls
 * resolve in order, so an eject's sound still comes before the insert's that follows it.
 */
function playSound(kind: CassetteSoundKind): void {
  if (globalThis.navigator?.userActivation?.hasBeenActive === false) return;
  void import('./sound.ts')
    .then(({ playCassetteSound }) => playCassetteSound(kind))
    .catch(() => undefined);
}

export type CassettePhase = 'empty' | 'inserting' | 'idle' | 'ejecting';

/** A cassette as the slot shows it. `key` tells one message from the next. */
export interface ShownCassette {
  key: string;
  title: string;
  content: string;
}

export interface CassetteSwapOptions {
  /** The element that moves, once rendered. */
  target: () => HTMLElement | null | undefined;
  reducedMotion: () => boolean;
  /**
   * Called at the start of every eject and every insert, once the host shows the step's phase
   * (and, for an insert, the new payload).
   */
  onStep: (step: 'eject' | 'insert', cassette: ShownCassette) => void;
  insertMs?: number;
  ejectMs?: number;
}

/** Slides up into the bay from below its edge, settling with a small bounce. */
const INSERT_FRAMES: Keyframe[] = [
  { transform: 'translateY(115%) rotate(-3deg)', offset: 0 },
  { transform: 'translateY(-4%) rotate(0.5deg)', offset: 0.75 },
  { transform: 'translateY(0) rotate(0deg)', offset: 1 },
];
/** Pops up a little, then drops out of the bay, out of view. */
const EJECT_FRAMES: Keyframe[] = [
  { transform: 'translateY(0) rotate(0deg)', offset: 0 },
  { transform: 'translateY(-6%) rotate(-1deg)', offset: 0.2 },
  { transform: 'translateY(120%) rotate(4deg)', offset: 1 },
];

export class CassetteSwapController implements ReactiveController {
  phase: CassettePhase = 'empty';
  shown: ShownCassette | null = null;

  #host: ReactiveControllerHost;
  #options: CassetteSwapOptions;
  #wanted: ShownCassette | null = null;
  #running = false;

  constructor(host: ReactiveControllerHost, options: CassetteSwapOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    if (!this.#running && this.#wanted?.key !== this.shown?.key) void this.#run();
  }

  hostDisconnected(): void {
    this.#options
      .target()
      ?.getAnimations()
      .forEach((animation) => animation.finish());
  }

  /** Asks for `next` to be on show (null empties the slot). */
  show(next: ShownCassette | null): void {
    this.#wanted = next;
    if (!this.#running && next?.key !== this.shown?.key) void this.#run();
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      // Let the host finish the update that asked for this before the first step.
      await Promise.resolve();
      while ((this.#wanted?.key ?? null) !== (this.shown?.key ?? null)) {
        const leaving = this.shown;
        if (leaving) {
          this.#setPhase('ejecting');
          await this.#host.updateComplete;
          this.#options.onStep('eject', leaving);
          playSound('eject');
          await this.#animate(EJECT_FRAMES, this.#options.ejectMs ?? 380, 'ease-in');
        }
        const arriving = this.#wanted;
        this.shown = arriving;
        if (!arriving) {
          this.#setPhase('empty');
          continue;
        }
        this.#setPhase('inserting');
        await this.#host.updateComplete;
        this.#options.onStep('insert', arriving);
        playSound('insert');
        await this.#animate(
          INSERT_FRAMES,
          this.#options.insertMs ?? 460,
          'cubic-bezier(0.2, 0.8, 0.2, 1)',
        );
        this.#setPhase('idle');
      }
    } finally {
      this.#running = false;
    }
  }

  #setPhase(phase: CassettePhase): void {
    this.phase = phase;
    this.#host.requestUpdate();
  }

  async #animate(frames: Keyframe[], duration: number, easing: string): Promise<void> {
    const target = this.#options.target();
    if (!target) return;
    for (const running of target.getAnimations()) running.cancel();
    if (this.#options.reducedMotion() || typeof target.animate !== 'function') return;
    const animation = target.animate(frames, { duration, easing, fill: 'forwards' });
    try {
      await animation.finished;
    } catch {
      // Cancelled (the element left the page, or the next step took over): move on.
    }
    // Hand the resting place back to the stylesheet.
    if (frames === INSERT_FRAMES) animation.cancel();
  }
}
