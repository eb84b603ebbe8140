/**
 * `POST /api/livekit/token` (mounted at `/api/livekit`): a participant token for a fresh BMO room.
 *
 * Each call makes a new room (`bmo-<random>`) and a server-made identity (`visitor-<random>`);
 * the visitor cannot pick either. The grants are the least the page needs: join that one room,
 * publish a microphone, subscribe, and send data (`lk.chat` for typed messages); no admin, create,
 * list or recording rights, and no changing its own metadata or attributes.
 *
 * Minting holds no worker: the edge makes no room and no dispatch here. It records the room as
 * minted for this client (bmo-rooms.ts) and signs the token, whose room configuration sets only
 * the room's timeouts (LiveKit closes it `ROOM_EMPTY_TIMEOUT_SECONDS` after it empties). The room
 * comes into being when the visitor joins, and LiveKit's `participant_joined` webhook makes the
 * edge dispatch BMO there, once per room (routes/livekit-webhook.ts): a token used again, even
 * after its room closed and livekit-server made it anew, starts no second job. Deployed, a client
 * already running `BMO_SESSIONS_PER_CLIENT` jobs is refused here (429 `too_many_sessions`), and
 * everyone when BMO's sessions across the site, or the visitor's network's share of them, are
 * taken (503 `bmo_full`, ceiling.ts).
 * Without the `BMO_ROOMS` binding nothing is minted (503).
 *
 * The token's attributes are the edge's to write, never the page's: `tz` (the visitor's time zone,
 * validated), `bmo.lang` (the language BMO answers in, one of the supported tags) and `bmo.access`
 * (`owner` or `visitor`, decided by `accessLevel` in edge/identity.ts), which tells BMO which notes
 * it may read for this person. A body that tries to set attributes,
 * metadata or the access level itself is refused (400).
 *
 * The route also speaks LiveKit's token convention (livekit-token-source.ts), so
 * `livekit-client`'s `TokenSource.endpoint()` can use it: `participant_name` in, `server_url` and
 * `participant_token` out; the identity, attributes, metadata and room configuration stay the
 * edge's (400 naming them).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { AccessToken, RoomConfiguration, TrackSource } from 'livekit-server-sdk';
import {
  ACCESS_ATTRIBUTE,
  LiveKitTokenRequest,
  type LiveKitTokenResponse,
  TIME_ZONE_ATTRIBUTE,
  LANG_ATTRIBUTE,
} from '../../contracts/livekit-schema.ts';
import { type AppEnv, intSetting, isLocalDevelopment } from '../env.ts';
import { refuseLiveKitDevKeys } from '../livekit-credentials.ts';
import type { LiveKitSettings } from '../livekit-rooms.ts';
import { requireBmoRooms, sessionLimit } from '../bmo-rooms.ts';
import { bmoFull, bmoNetworkLimit, ceilingLimits, siteCeiling, today } from '../ceiling.ts';
import { clientAddress, clientNetworks } from '../client.ts';
import { ApiError } from '../errors.ts';
import { accessLevel } from '../identity.ts';
import { jsonBody, jsonContentType } from '../validate.ts';
import {
  fromTokenSourceRequest,
  tokenSourceFields,
  withTokenSourceFields,
} from './livekit-token-source.ts';

export const DEFAULT_LIVEKIT_TOKEN_TTL_SECONDS = 600;
export const DEFAULT_PARTICIPANT_NAME = 'Visitor';
/**
 * How long a room stays open with nobody in it (never joined, or left) before LiveKit closes it,
 * seconds; `LIVEKIT_ROOM_EMPTY_TIMEOUT_SECONDS` changes it.
 */
export const ROOM_EMPTY_TIMEOUT_SECONDS = 60;
/**
 * The room's configuration as the token carries it: the fields set and nothing else.
 * livekit-server-sdk signs the protobuf message's JSON with every field written out, unset ones as
 * defaults, among them fields newer than some clients: `livekit-client` 2.15.8 (where `TokenSource`
 * came) to 2.18.2 decodes the token's `roomConfig` strictly and throws on `tags`, which its
 * protocol does not have ("key "tags" is unknown"), so LiveKit's own starters pinned to those
 * versions could not connect. Written sparsely, the configuration holds only `emptyTimeout` and
 * `departureTimeout`, which every client that reads it knows and livekit-server reads as before
 * (tests/unit/edge/routes/livekit-token.test.ts decodes it with the oldest client we support).
 */
class SparseRoomConfiguration extends RoomConfiguration {
  override toJSON(): ReturnType<RoomConfiguration['toJson']> {
    return this.toJson();
  }
}

/** A field the page may not send: present at all, it is refused. */
const refused = z
  .unknown()
  .refine((value) => value === undefined, {
    message: 'the page cannot set its own attributes: the edge writes them into the token',
  })
  .optional();

/**
 * The request as this route reads it: the contract, refusing attempts to set attributes, in
 * either convention (ours or LiveKit's), read into ours.
 */
export const TokenRequest = LiveKitTokenRequest.extend({
  attributes: refused,
  metadata: refused,
  access: refused,
  [ACCESS_ATTRIBUTE]: refused,
  ...tokenSourceFields,
}).transform(fromTokenSourceRequest);

/** The names the edge gives BMO's rooms and its visitors (the webhook acts on these only). */
export const BMO_ROOM_PATTERN = /^bmo-[0-9a-f]{16}$/;
export const VISITOR_IDENTITY_PATTERN = /^visitor-[0-9a-f]{16}$/;

/** 16 random hex characters (64 bits): room names and identities nobody can guess. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a developer at a local start reads on /bmo when LiveKit is missing: what to install. */
export const LOCAL_LIVEKIT_HINT =
  'LiveKit is not running: npm start runs a local livekit-server when it finds one (on PATH, in ' +
  'LIVEKIT_SERVER_BIN or .tools/bin) or can build one with Go. Install Go 1.24 or newer ' +
  '(https://go.dev/dl/) and run npm start again, or set LIVEKIT_URL, LIVEKIT_API_KEY and ' +
  'LIVEKIT_API_SECRET for a LiveKit server of your own.';

/**
 * The LiveKit settings from the bindings, or the 503 `not_configured` error: in local development
 * it says exactly what to install; deployed, it names no setting, and LiveKit's public
 * development keys count as not configured.
 */
export function liveKitSettings(env: AppEnv['Bindings'] | undefined): LiveKitSettings {
  const url = env?.LIVEKIT_URL;
  const apiKey = env?.LIVEKIT_API_KEY;
  const apiSecret = env?.LIVEKIT_API_SECRET;
  if (!url || !apiKey || !apiSecret) {
    throw new ApiError(
      503,
      'not_configured',
      isLocalDevelopment(env) ? LOCAL_LIVEKIT_HINT : 'BMO is not available right now.',
    );
  }
  refuseLiveKitDevKeys(env);
  return { url, apiKey, apiSecret };
}

/** A BMO job's cap, minutes, as the worker holds it (agent/config.ts), unless set otherwise. */
export const DEFAULT_BMO_MAX_SESSION_MINUTES = 30;

/**
 * The token minutes a LiveKit token costs its client's daily budget: its BMO job's cap, since the
 * job it starts runs that long whatever the token's lifetime.
 */
export function livekitTokenMinutes(c: Context<AppEnv>): number {
  return intSetting(c.env?.BMO_MAX_SESSION_MINUTES, DEFAULT_BMO_MAX_SESSION_MINUTES, 1, 24 * 60);
}

/** Answers 503 before looking at the body when LiveKit is not configured. */
const requireLiveKit: MiddlewareHandler<AppEnv> = async (c, next) => {
  liveKitSettings(c.env);
  await next();
};

export const livekitTokenRoutes = new Hono<AppEnv>().post(
  '/token',
  requireLiveKit,
  jsonContentType({ optional: true }),
  jsonBody(TokenRequest),
  async (c) => {
    const { participantName = DEFAULT_PARTICIPANT_NAME, timeZone, lang } = c.req.valid('json');
    const settings = liveKitSettings(c.env);
    const { url, apiKey, apiSecret } = settings;
    const ttl = intSetting(
      c.env.LIVEKIT_TOKEN_TTL_SECONDS,
      DEFAULT_LIVEKIT_TOKEN_TTL_SECONDS,
      30,
      86_400,
    );
    const roomName = `bmo-${randomId()}`;
    const identity = `visitor-${randomId()}`;
    const access = await accessLevel(c);

    const token = new AccessToken(apiKey, apiSecret, {
      identity,
      name: participantName,
      ttl,
      attributes: {
        [ACCESS_ATTRIBUTE]: access,
        ...(timeZone ? { [TIME_ZONE_ATTRIBUTE]: timeZone } : {}),
        ...(lang && lang !== 'en' ? { [LANG_ATTRIBUTE]: lang } : {}),
      },
    });
    token.addGrant({
      room: roomName,
      roomJoin: true,
      roomCreate: false,
      roomList: false,
      roomAdmin: false,
      roomRecord: false,
      recorder: false,
      canPublish: true,
      canPublishSources: [TrackSource.MICROPHONE],
      canSubscribe: true,
      canPublishData: true,
      canUpdateOwnMetadata: false,
    });
    const emptyTimeout = intSetting(
      c.env.LIVEKIT_ROOM_EMPTY_TIMEOUT_SECONDS,
      ROOM_EMPTY_TIMEOUT_SECONDS,
      1,
      3_600,
    );
    // the room's timeouts only: BMO's dispatch comes from the webhook, once, on the first join
    token.roomConfig = new SparseRoomConfiguration({
      emptyTimeout,
      departureTimeout: emptyTimeout,
    });
    const rooms = requireBmoRooms(c.env);
    const { client, network } = clientNetworks(clientAddress((name) => c.req.header(name)));
    const limit = sessionLimit(c.env);
    if (limit !== undefined) {
      const { active = 0 } = await rooms.client(client, { op: 'count', now: Date.now() });
      if (active >= limit) {
        console.log(JSON.stringify({ event: 'bmo_session_refused', active, limit }));
        throw new ApiError(
          429,
          'too_many_sessions',
          `This connection already has ${limit} conversation${limit === 1 ? '' : 's'} with BMO open. End one (BMO leaves a minute after you do) and try again.`,
        );
      }
    }
    // then the site's: BMO's sessions, and this network's share of them (ceiling.ts)
    const ceiling = siteCeiling(c.env);
    if (ceiling) {
      const held = await ceiling.ask({ op: 'status', day: today(), now: Date.now(), network });
      if (held.bmo >= ceilingLimits(c.env).bmo) throw bmoFull('full');
      if ((held.ofNetwork ?? 0) >= bmoNetworkLimit(c.env)) throw bmoFull('network');
    }
    const expiresAt = Date.now() + ttl * 1000;
    await rooms.room(roomName, { op: 'mint', client, network, expiresAt });
    const participantToken = await token.toJwt();
    const body: LiveKitTokenResponse = {
      serverUrl: url,
      roomName,
      participantToken,
      participantName,
      expiresAt: Math.floor(expiresAt / 1000),
    };
    return c.json(withTokenSourceFields(body), 200, { 'Cache-Control': 'no-store' });
  },
);
