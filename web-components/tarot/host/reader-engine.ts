/**
 * Which engine reads on the edge (OpenAI or the offline reader, and whether that one hears), asked
 * of its health check while `<tarot-reading>` shows the mode selection, so the choice can say so.
 * Asked once per edge; the answer for the newest edge asked about wins.
 *
 * Nobody has done anything yet when it asks, so whatever it loads to ask is part of the family's
 * first load: it asks with a plain `fetch` and the contract's few-line check (contracts/health.ts),
 * once and without retrying (the answer only labels the choice), rather than loading the edge
 * client and zod for it.
 */
import { API_PATHS } from '../../../contracts/api.ts';
import { healthOf } from '../../../contracts/health.ts';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadingEngine } from '../../../contracts/reading-token.ts';
import { apiUrl } from '../../shared/api-url.ts';

export interface RequestReaderEngineOptions {
  /** The edge's origin; default '' (this page's). */
  apiBase?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** The engine behind readings on an edge, and whether its offline reader hears English speech. */
export interface ReaderHealth {
  engine: ReadingEngine;
  hears: boolean;
}

/**
 * Which engine the edge reads with (`GET /api/health`): the offline `local` reader or `openai`,
 * and whether the offline reader hears; null when the edge cannot say (unreachable, an answer that
 * is not the contract's, or a deployed edge, whose health names no engine: the token answer
 * does).
 */
export async function requestReaderEngine(
  options: RequestReaderEngineOptions = {},
): Promise<ReaderHealth | null> {
  try {
    const response = await (options.fetch ?? globalThis.fetch)(
      apiUrl(options.apiBase, API_PATHS.health),
      options.signal ? { signal: options.signal } : {},
    );
    const health = response.ok ? healthOf(await response.json()) : undefined;
    return health?.reader ? { engine: health.reader, hears: health.hears === true } : null;
  } catch {
    return null;
  }
}

export interface ReaderEngineQueryOptions {
  /** The edge's origin ('' for the page's own), read at each question. */
  apiBase: () => string;
  /** Whether the host shows the mode selection, where the answer labels the choice. */
  asking: () => boolean;
}

/**
 * The host's question to the edge, a Lit controller: while the host is connected and `asking`,
 * it asks the edge at `apiBase` (again when that changes) and renders the host with the answer.
 */
export class ReaderEngineQuery implements ReactiveController {
  #host: ReactiveControllerHost;
  #options: ReaderEngineQueryOptions;
  #health: ReaderHealth | null = null;
  #from: string | null = null;

  constructor(host: ReactiveControllerHost, options: ReaderEngineQueryOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#options.asking()) void this.load();
  }

  hostUpdate(): void {
    if (this.#options.asking()) void this.load();
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
    const health = await requestReaderEngine({ apiBase });
    if (this.#from !== apiBase) return;
    this.#health = health;
    this.#host.requestUpdate();
  }
}
