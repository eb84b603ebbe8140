/**
 * What a host page hears from a `<tarot-reading>`: typed events derived from the active reading's
 * store, so a text and a voice reading fire the same ones. Each bubbles and is composed; none is
 * cancelable; every detail carries the reading's `sessionId`.
 *
 * In a whole reading they come in this order: `tarot-reading-session-start`, `tarot-reading-phase`
 * (Intent Assessment), `tarot-reading-phase` (Spread Generation), `tarot-reading-card-drawn` per
 * position, `tarot-reading-phase` (Reading), `tarot-reading-card-shown` per card,
 * `tarot-reading-complete` (with its Followup `tarot-reading-phase` right after), and
 * `tarot-reading-session-end`. `tarot-reading-error` may come at any point.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadingEngine } from '../../../contracts/reading-token.ts';
import type { AgentName } from '../../../contracts/reading.ts';
import { tarotRootEn } from '../i18n/root-en.ts';
import type { ConnectionStatus, ReadingStore } from '../../stores/reading.ts';
import type { Modality } from '../agents/context.ts';

export interface TarotReadingSessionStartDetail {
  sessionId: string;
  mode: Modality;
  /** `local` (the offline reader) or `openai`. */
  engine: ReadingEngine | null;
}

export interface TarotReadingSessionEndDetail {
  sessionId: string;
  mode: Modality;
  /** `ended` by the person, the host or leaving; `lost` when the connection dropped. */
  reason: 'ended' | 'lost';
}

export interface TarotReadingPhaseDetail {
  sessionId: string;
  agent: AgentName;
  /** The phase's name for people, e.g. "Spread Generation". */
  label: string;
}

export interface TarotReadingCardDrawnDetail {
  sessionId: string;
  cardId: string;
  cardName: string;
  reversed: boolean;
  positionLabel: string;
}

export interface TarotReadingCardShownDetail {
  sessionId: string;
  cardId: string;
  cardName: string;
  reversed: boolean;
}

export interface TarotReadingCompleteDetail {
  sessionId: string;
  /** The spread as read: every card drawn, in order. */
  cards: { cardId: string; cardName: string; reversed: boolean; positionLabel: string }[];
}

export interface TarotReadingErrorDetail {
  /** Null when no session had started (the reading's code failed to load). */
  sessionId: string | null;
  /** What failed: `connection`, `microphone`, `unsupported`, `tool`, `timeout`, `load`, … */
  code: string;
  /** The sentence the reading shows. */
  message: string;
}

export interface TarotReadingEventMap {
  'tarot-reading-session-start': CustomEvent<TarotReadingSessionStartDetail>;
  'tarot-reading-session-end': CustomEvent<TarotReadingSessionEndDetail>;
  'tarot-reading-phase': CustomEvent<TarotReadingPhaseDetail>;
  'tarot-reading-card-drawn': CustomEvent<TarotReadingCardDrawnDetail>;
  'tarot-reading-card-shown': CustomEvent<TarotReadingCardShownDetail>;
  'tarot-reading-complete': CustomEvent<TarotReadingCompleteDetail>;
  'tarot-reading-error': CustomEvent<TarotReadingErrorDetail>;
}

type DetailOf<K extends keyof TarotReadingEventMap> =
  TarotReadingEventMap[K] extends CustomEvent<infer D> ? D : never;

export interface ReadingEventsOptions {
  /** The active mode's store and mode; undefined in the mode selection. */
  active: () => { store: ReadingStore; mode: Modality } | undefined;
}

/** Fires the host events for whichever reading is active; follows a switch of mode. */
export class ReadingEvents implements ReactiveController {
  #host: ReactiveControllerHost & EventTarget;
  #options: ReadingEventsOptions;
  #watched: ReadingStore | undefined;
  #unwatch: (() => void)[] = [];

  constructor(host: ReactiveControllerHost & EventTarget, options: ReadingEventsOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.#follow();
  }

  hostUpdate(): void {
    this.#follow();
  }

  hostDisconnected(): void {
    this.#stop();
  }

  /** Fires `tarot-reading-error` for a failure outside any store (the code did not load). */
  error(code: string, message: string): void {
    const sessionId = this.#watched?.$sessionId.get() ?? null;
    this.#fire('tarot-reading-error', { sessionId, code, message });
  }

  #fire<K extends keyof TarotReadingEventMap>(type: K, detail: DetailOf<K>): void {
    this.#host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #stop(): void {
    for (const unwatch of this.#unwatch.splice(0)) unwatch();
    this.#watched = undefined;
  }

  #follow(): void {
    const active = this.#options.active();
    if (active?.store === this.#watched) return;
    this.#stop();
    if (!active) return;
    const { store, mode } = active;
    this.#watched = store;
    const id = () => store.$sessionId.get() ?? '';

    let status: ConnectionStatus = store.$connection.get();
    let drawn = store.$cards.get().length;
    let shown: object | null = null;
    this.#unwatch.push(
      store.$connection.listen((next) => {
        const was = status;
        status = next;
        if (next === 'connected' && was !== 'connected') {
          this.#fire('tarot-reading-session-start', {
            sessionId: id(),
            mode,
            engine: store.$engine.get(),
          });
        } else if (was === 'connected' && (next === 'disconnected' || next === 'error')) {
          const reason = store.$error.get() ? 'lost' : 'ended';
          this.#fire('tarot-reading-session-end', { sessionId: id(), mode, reason });
        }
      }),
      store.$agent.listen((agent) => {
        if (agent) {
          this.#fire('tarot-reading-phase', {
            sessionId: id(),
            agent,
            label: tarotRootEn.phase(agent),
          });
        }
      }),
      store.$cards.listen((cards) => {
        if (cards.length < drawn) drawn = 0; // a new reading
        for (const card of cards.slice(drawn)) {
          this.#fire('tarot-reading-card-drawn', {
            sessionId: id(),
            cardId: card.cardId,
            cardName: card.cardName,
            reversed: card.reversed,
            positionLabel: card.positionLabel,
          });
        }
        drawn = cards.length;
      }),
      store.$displayed.listen((displayed) => {
        if (!displayed || displayed.status !== 'shown' || displayed === shown) return;
        shown = displayed;
        const { cardId, cardName, reversed } = displayed;
        this.#fire('tarot-reading-card-shown', { sessionId: id(), cardId, cardName, reversed });
      }),
      store.$reading.listen((reading) => {
        if (!reading) return;
        const cards = store.$cards.get().map(({ cardId, cardName, reversed, positionLabel }) => ({
          cardId,
          cardName,
          reversed,
          positionLabel,
        }));
        this.#fire('tarot-reading-complete', { sessionId: id(), cards });
      }),
      store.$error.listen((error) => {
        if (error) {
          this.#fire('tarot-reading-error', {
            sessionId: store.$sessionId.get(),
            code: error.kind,
            message: error.message,
          });
        }
      }),
    );
  }
}
