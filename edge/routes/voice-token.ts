/**
 * `POST /api/voice/token` (mounted at `/api/voice`): the short-lived credential a reading connects
 * with. Body: `VoiceTokenRequest` (`{ sessionId, mode }`); answer: `VoiceTokenResponse`.
 *
 * Without `OPENAI_API_KEY` the reading runs on the local reader: the token is a local reader token
 * (`ek_local_…`, HMAC-signed, `VOICE_TOKEN_TTL_SECONDS`, default 60) and `url` is the reader's
 * WebSocket on this same host. With a key the OpenAI client-secret mint belongs here
 * (`openAiToken`); until it is written that path answers 501.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  VoiceTokenRequest,
  type VoiceTokenRequest as VoiceTokenRequestBody,
  type VoiceTokenResponse,
} from '../../contracts/voice.ts';
import { type AppEnv, intSetting } from '../env.ts';
import { ApiError } from '../errors.ts';
import { DEFAULT_TOKEN_TTL_SECONDS, mintReaderToken, readerSecret } from '../reader/token.ts';
import { jsonBody } from '../validate.ts';

/** Where `readerRoutes` answers WebSockets once mounted at `/api/reader`. */
export const READER_WS_PATH = '/api/reader/realtime';
export const DEFAULT_REALTIME_MODEL = 'gpt-realtime';

/** The OpenAI client-secret bounds: 10 s … 2 h. */
const MIN_TTL_SECONDS = 10;
const MAX_TTL_SECONDS = 7200;

/** The body must be JSON: anything else is 415, not a confusing "sessionId is required". */
const requireJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type.trim())) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  }
  await next();
};

/** The reader's WebSocket URL on the host that served this request (`wss:` behind `https:`). */
export function readerUrl(requestUrl: string): string {
  const url = new URL(READER_WS_PATH, requestUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

async function localToken(
  c: Context<AppEnv>,
  body: VoiceTokenRequestBody,
): Promise<VoiceTokenResponse> {
  const env = c.env ?? {};
  const minted = await mintReaderToken({
    secret: readerSecret(env.READER_TOKEN_SECRET),
    sessionId: body.sessionId,
    ttlSeconds: intSetting(
      env.VOICE_TOKEN_TTL_SECONDS,
      DEFAULT_TOKEN_TTL_SECONDS,
      MIN_TTL_SECONDS,
      MAX_TTL_SECONDS,
    ),
  });
  return {
    engine: 'local',
    token: minted.token,
    expiresAt: minted.expiresAt,
    model: env.OPENAI_REALTIME_MODEL || DEFAULT_REALTIME_MODEL,
    url: readerUrl(c.req.url),
  };
}

/** The OpenAI path: mint a client secret with `OPENAI_API_KEY`. Not written yet. */
async function openAiToken(
  _c: Context<AppEnv>,
  _body: VoiceTokenRequestBody,
): Promise<VoiceTokenResponse> {
  throw new ApiError(
    501,
    'not_configured',
    'OpenAI voice tokens are not available yet: unset OPENAI_API_KEY to use the local reader.',
  );
}

export const voiceTokenRoutes = new Hono<AppEnv>().post(
  '/token',
  requireJson,
  jsonBody(VoiceTokenRequest),
  async (c) => {
    const body = c.req.valid('json');
    const response = c.env?.OPENAI_API_KEY ? await openAiToken(c, body) : await localToken(c, body);
    return c.json(response, 200, { 'Cache-Control': 'no-store' });
  },
);
