/**
 * BMO's rooms on the LiveKit server (edge/livekit-rooms.ts): each CreateRoom carries an admin token
 * with the `roomCreate` grant only, signed with the configured secret; the client and that token
 * are kept per isolate and reused, signed afresh after half the token's lifetime, for changed
 * settings, and after a failure, which answers 502 and keeps nothing.
 */
import { TokenVerifier } from 'livekit-server-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../edge/errors.ts';
import {
  ADMIN_TOKEN_TTL_SECONDS,
  createBmoRoom,
  type LiveKitSettings,
} from '../../edge/livekit-rooms.ts';

const SETTINGS: LiveKitSettings = {
  url: 'wss://rooms-one.example.test',
  apiKey: 'APIroomsone',
  apiSecret: 'a-rooms-test-secret-long-enough-for-hs256',
};
const OTHER: LiveKitSettings = {
  url: 'wss://rooms-two.example.test',
  apiKey: 'APIroomstwo',
  apiSecret: 'another-rooms-test-secret-long-enough-for-hs256',
};
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

/** Moves the clock (tokens read it) to `ms` and returns it, for the call's own `nowMs`. */
function at(ms: number): number {
  vi.setSystemTime(ms);
  return ms;
}

interface Call {
  host: string;
  authorization: string;
  body: Record<string, unknown>;
}
const calls: Call[] = [];
let failing = false;

beforeEach(() => {
  calls.length = 0;
  failing = false;
  vi.useFakeTimers({ toFake: ['Date'] });
  at(NOW);
  // A stand-in for the server API: records each call, answers a room (or 503 while failing).
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    calls.push({
      host: url.host,
      authorization: headers.get('authorization') ?? '',
      body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
        string,
        unknown
      >,
    });
    if (failing) return new Response('unavailable', { status: 503 });
    return Response.json({ sid: 'RM_standin', name: 'room' });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The admin token of a call, verified with the secret it should be signed with. */
async function adminClaims(call: Call | undefined, settings: LiveKitSettings) {
  const jwt = call?.authorization.replace(/^Bearer /, '') ?? '';
  return new TokenVerifier(settings.apiKey, settings.apiSecret).verify(jwt);
}

describe('createBmoRoom', () => {
  it('creates the room with BMO’s dispatch, with an admin token that may only create rooms', async () => {
    await createBmoRoom(SETTINGS, 'bmo-first', 60, NOW);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.host).toBe('rooms-one.example.test');
    expect(calls[0]?.body).toMatchObject({
      name: 'bmo-first',
      emptyTimeout: 60,
      departureTimeout: 60,
      agents: [{ agentName: 'bmo' }],
    });
    const claims = await adminClaims(calls[0], SETTINGS);
    expect(claims.video).toEqual({ roomCreate: true });
    expect(claims.exp).toBe(NOW / 1000 + ADMIN_TOKEN_TTL_SECONDS);
  });

  it('reuses its admin token within half its lifetime, and signs a new one after', async () => {
    // A token signed a second later would differ (its nbf and exp are in it).
    await createBmoRoom(SETTINGS, 'bmo-a', 60, at(NOW + 10_000));
    await createBmoRoom(SETTINGS, 'bmo-b', 60, at(NOW + 11_000));
    const later = NOW + 10_000 + (ADMIN_TOKEN_TTL_SECONDS * 1000) / 2 + 1_000;
    await createBmoRoom(SETTINGS, 'bmo-c', 60, at(later));
    expect(calls.map((call) => call.body.name)).toEqual(['bmo-a', 'bmo-b', 'bmo-c']);
    const [first, second, third] = calls;
    expect(second?.authorization).toBe(first?.authorization);
    expect(third?.authorization).not.toBe(first?.authorization);
    await expect(adminClaims(third, SETTINGS)).resolves.toMatchObject({ iss: SETTINGS.apiKey });
  });

  it('signs with the new settings as soon as they change', async () => {
    await createBmoRoom(SETTINGS, 'bmo-one', 60, NOW);
    await createBmoRoom(OTHER, 'bmo-two', 60, NOW);
    await createBmoRoom({ ...OTHER, apiSecret: `${OTHER.apiSecret}-rotated` }, 'bmo-3', 60, NOW);
    expect(calls.map((call) => call.host)).toEqual([
      'rooms-one.example.test',
      'rooms-two.example.test',
      'rooms-two.example.test',
    ]);
    await expect(adminClaims(calls[1], OTHER)).resolves.toMatchObject({ iss: OTHER.apiKey });
    await expect(adminClaims(calls[2], OTHER)).rejects.toThrow();
    const rotated = { ...OTHER, apiSecret: `${OTHER.apiSecret}-rotated` };
    await expect(adminClaims(calls[2], rotated)).resolves.toMatchObject({ iss: OTHER.apiKey });
  });

  it('answers 502 when the server fails, and signs afresh on the next call', async () => {
    await createBmoRoom(SETTINGS, 'bmo-ok', 60, at(NOW + 20_000));
    failing = true;
    const error = await createBmoRoom(SETTINGS, 'bmo-down', 60, at(NOW + 21_000)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    failing = false;
    // Well within the token's half-life: only the failure can have made it sign again.
    await createBmoRoom(SETTINGS, 'bmo-back', 60, at(NOW + 22_000));
    const last = calls.at(-1);
    expect(last?.body.name).toBe('bmo-back');
    expect(last?.authorization).not.toBe(calls[0]?.authorization);
  });
});
