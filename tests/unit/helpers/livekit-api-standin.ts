/**
 * A stand-in for LiveKit's server API (`/twirp/livekit.RoomService/CreateRoom`) on the test's
 * made-up LiveKit hosts, so route tests need no server: it replaces the global `fetch` (the Twirp
 * client's transport), records each CreateRoom body, and answers with a room, or with a 503 while
 * `failing` is set. Other addresses go to the real `fetch`. The real server is tested in
 * tests/integration/agent/job-limits-worker.test.ts.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export interface LiveKitApiStandIn {
  /** The CreateRoom request bodies, in order. */
  readonly created: Record<string, unknown>[];
  /** Answer 503 to every call while true. */
  failing: boolean;
}

/** Installs the stand-in around each test of the calling file; hosts ending `.test` only. */
export function useLiveKitApiStandIn(): LiveKitApiStandIn {
  const standIn: LiveKitApiStandIn = { created: [], failing: false };
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    standIn.created.length = 0;
    standIn.failing = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (!url.hostname.endsWith('.test')) return realFetch(input, init);
      if (standIn.failing) return new Response('unavailable', { status: 503 });
      if (url.pathname !== '/twirp/livekit.RoomService/CreateRoom') {
        return new Response('not found', { status: 404 });
      }
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
        string,
        unknown
      >;
      standIn.created.push(body);
      return Response.json({ sid: 'RM_standin', name: body.name });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return standIn;
}
