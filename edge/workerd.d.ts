/**
 * The few Cloudflare Workers (workerd) globals the edge uses that TypeScript's DOM lib lacks:
 * `WebSocketPair`, `WebSocket.accept()` and `ResponseInit.webSocket` (a 101 response hands the
 * client end of the pair to the runtime). Declared by hand so the edge needs no
 * `@cloudflare/workers-types` (which would clash with the DOM lib the page's code uses).
 */
declare global {
  interface WebSocket {
    /** Starts delivering events on the server end of a `WebSocketPair` (workerd only). */
    accept(): void;
  }

  /** Two connected WebSockets: `0` is the client end (returned in the 101), `1` the server end. */
  const WebSocketPair: {
    new (): { 0: WebSocket; 1: WebSocket };
  };

  interface Response {
    /** workerd: the client end of the socket, on a 101 from a Durable Object's stub. */
    readonly webSocket?: WebSocket | null;
  }

  interface ResponseInit {
    /** workerd: the client end of a `WebSocketPair`, with `status: 101`. */
    webSocket?: WebSocket | null;
  }
}

export {};
