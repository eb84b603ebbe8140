/**
 * A call's watcher: OpenAI's server-side connection to a WebRTC call (`/realtime?call_id=…`, the
 * "sideband" of OpenAI's server controls), opened with the site's key. It only listens: every
 * event of the call comes to it as to the page's data channel, and it hands on the tokens each
 * `response.done` (and each finished input transcription) reports. It sends nothing, so the page's
 * session is exactly what the page and the edge's pins made it.
 */
import { type CallUpstream, openRealtimeSocket } from '../realtime/upstream.ts';
import { frameTokens } from '../realtime/usage.ts';

export interface CallWatcherOptions {
  upstream: CallUpstream;
  callId: string;
  /** Tokens a frame reported spent. */
  onTokens: (tokens: number) => Promise<void>;
  /** The connection closed from the upstream's side (not by `close()`). */
  onClose: () => void;
}

export class CallWatcher {
  readonly #options: CallWatcherOptions;
  #socket: WebSocket | undefined;
  #closing = false;

  constructor(options: CallWatcherOptions) {
    this.#options = options;
  }

  /** Opens the connection: ready, or the handshake's status (404: the call is over). */
  async attach(): Promise<{ ok: true } | { ok: false; status: number | 'network' }> {
    const opened = await openRealtimeSocket(
      this.#options.upstream,
      new URLSearchParams({ call_id: this.#options.callId }),
    );
    if (!opened.ok) return opened;
    const socket = opened.socket;
    this.#socket = socket;
    socket.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      const tokens = frameTokens(event.data);
      if (tokens > 0) void this.#options.onTokens(tokens);
    });
    const closed = () => {
      if (this.#closing) return;
      this.#closing = true;
      this.#options.onClose();
    };
    socket.addEventListener('close', closed);
    socket.addEventListener('error', closed);
    return { ok: true };
  }

  close(): void {
    this.#closing = true;
    try {
      this.#socket?.close(1000, 'watch_over');
    } catch {
      // Already closed.
    }
  }
}
