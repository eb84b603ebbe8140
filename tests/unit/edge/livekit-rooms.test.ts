/**
 * BMO's dispatch (edge/livekit-rooms.ts): one CreateDispatch of `bmo` into the named room, with an
 * admin token for that room only, signed with the configured secret; a failing server answers 502.
 * After a dispatch LiveKit did not confirm, the room's dispatches are read first: none twice.
 */
import { TokenVerifier } from 'livekit-server-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../edge/errors.ts';
import { dispatchBmo, type LiveKitSettings } from '../../../edge/livekit-rooms.ts';

const SETTINGS: LiveKitSettings = {
  url: 'wss://rooms-one.example.test',
  apiKey: 'APIroomsone',
  apiSecret: 'a-rooms-test-secret-long-enough-for-hs256',
};

interface Call {
  host: string;
  path: string;
  authorization: string;
  body: Record<string, unknown>;
}
const calls: Call[] = [];
let failing = false;
/** The agents the stand-in lists as already dispatched into any room. */
let listed: string[] = [];

beforeEach(() => {
  calls.length = 0;
  failing = false;
  listed = [];
  // A stand-in for the server API: records each call, answers a dispatch (or 503 while failing).
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push({
      host: url.host,
      path: url.pathname,
      authorization: new Headers(init?.headers).get('authorization') ?? '',
      body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
        string,
        unknown
      >,
    });
    if (failing) return new Response('unavailable', { status: 503 });
    if (url.pathname.endsWith('/ListDispatch')) {
      return Response.json({
        agentDispatches: listed.map((agentName) => ({ id: 'AD_earlier', agentName, room: 'room' })),
      });
    }
    return Response.json({ id: 'AD_standin', agentName: 'bmo', room: 'room' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dispatchBmo', () => {
  it('dispatches bmo into the room, with an admin token for that room only', async () => {
    await dispatchBmo(SETTINGS, 'bmo-first');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.host).toBe('rooms-one.example.test');
    expect(calls[0]?.path).toBe('/twirp/livekit.AgentDispatchService/CreateDispatch');
    expect(calls[0]?.body).toMatchObject({ room: 'bmo-first', agentName: 'bmo' });
    const jwt = calls[0]?.authorization.replace(/^Bearer /, '') ?? '';
    const claims = await new TokenVerifier(SETTINGS.apiKey, SETTINGS.apiSecret).verify(jwt);
    expect(claims.video).toMatchObject({ room: 'bmo-first', roomAdmin: true });
  });

  it('answers 502 when the server fails', async () => {
    failing = true;
    const error = await dispatchBmo(SETTINGS, 'bmo-down').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'upstream_unavailable' });
  });

  it('after a dispatch LiveKit did not confirm, finds the one it made and does not send BMO twice', async () => {
    listed = ['bmo'];
    await dispatchBmo(SETTINGS, 'bmo-slow', { mayExist: true });
    expect(calls.map((call) => call.path)).toEqual([
      '/twirp/livekit.AgentDispatchService/ListDispatch',
    ]);
    expect(calls[0]?.body).toMatchObject({ room: 'bmo-slow' });
  });

  it('after a dispatch LiveKit did not confirm and did not make, dispatches bmo', async () => {
    listed = ['another-agent'];
    await dispatchBmo(SETTINGS, 'bmo-lost', { mayExist: true });
    expect(calls.map((call) => call.path)).toEqual([
      '/twirp/livekit.AgentDispatchService/ListDispatch',
      '/twirp/livekit.AgentDispatchService/CreateDispatch',
    ]);
  });
});
