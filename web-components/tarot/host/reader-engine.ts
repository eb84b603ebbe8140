/**
 * Which engine reads on the edge (OpenAI or the offline reader, and whether that one hears), asked
 * of its health check while `<tarot-reading>` shows the mode selection, so the choice can say so.
 * Asked once per edge; the answer for the newest edge asked about wins.
 */
import type { ReadingEngine } from '../../../contracts/reading-token.ts';
import type { ReaderHealth } from '../session/edge-api.ts';

export interface ReaderEngineQueryOptions {
  /** The edge's origin ('' for the page's own), read at each question. */
  apiBase: () => string;
  /** Whether the host is still in the document. */
  connected: () => boolean;
  /** The answer changed: the host renders again. */
  changed: () => void;
}

export class ReaderEngineQuery {
  #options: ReaderEngineQueryOptions;
  #health: ReaderHealth | null = null;
  #from: string | null = null;

  constructor(options: ReaderEngineQueryOptions) {
    this.#options = options;
  }

  /** The engine behind readings on the edge; null until known or when the edge did not say. */
  get engine(): ReadingEngine | null {
    return this.#health?.engine ?? null;
  }

  /** Whether the edge's offline reader hears English speech (false until known). */
  get hears(): boolean {
    return this.#health?.hears === true;
  }

  async load(): Promise<void> {
    const apiBase = this.#options.apiBase();
    if (this.#from === apiBase) return;
    this.#from = apiBase;
    // The edge client checks the answer with the contract's schemas: it loads here, after the
    // choice has rendered, rather than with the element.
    let health: ReaderHealth | null = null;
    try {
      const { requestReaderEngine } = await import('../session/edge-api.ts');
      // Removed while the code loaded: ask again if it comes back. Asked about another edge: the
      // newer question answers.
      if (!this.#options.connected()) {
        if (this.#from === apiBase) this.#from = null;
        return;
      }
      if (this.#from !== apiBase) return;
      health = await requestReaderEngine({ apiBase });
    } catch {
      // The code did not load: the choice shows no engine note, as when the edge is unreachable.
    }
    if (this.#from !== apiBase) return;
    this.#health = health;
    this.#options.changed();
  }
}
