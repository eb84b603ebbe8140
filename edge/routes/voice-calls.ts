/**
 * `POST /api/voice/calls` (mounted at `/api/voice`): the voice reading's WebRTC call, through the
 * edge. The page's `OpenAIRealtimeWebRTC` posts its SDP offer here (`baseUrl`) with the call token
 * the edge minted for this reading (`Authorization: Bearer ek_call_…`); the edge claims the token
 * in its Durable Object (one call per token, ever), forwards the offer with the pinned session to
 * the upstream (upstream.ts), records the call's id so the object hangs it up at the reading's cap,
 * and answers as OpenAI does: 201, the SDP answer, `Location` naming the call.
 *
 * A missing, forged, expired or used token gets 401, as OpenAI answers a bad key. The preflight for
 * `Authorization`, `Content-Type: application/sdp` and `X-OpenAI-Agents-SDK` is answered by the
 * origin guard (security.ts); `Location` is exposed to the page.
 */
import { Hono } from 'hono';
import { type AppEnv, isLocalDevelopment } from '../env.ts';
import { ApiError } from '../errors.ts';
import { rateLimit } from '../security.ts';
import { verifyCallToken } from '../realtime/session-token.ts';
import { callUpstream, forwardOffer, pinnedSession } from '../realtime/upstream.ts';

/** An SDP offer with its candidates is a few kilobytes. */
const MAX_OFFER_BYTES = 8 * 1024;

async function callObject(
  c: { env: AppEnv['Bindings'] | undefined },
  tokenId: string,
  action: 'claim' | 'started',
  body: object,
): Promise<Response> {
  const calls = c.env?.VOICE_CALLS;
  if (!calls) {
    throw new ApiError(
      503,
      'not_configured',
      isLocalDevelopment(c.env)
        ? 'The VOICE_CALLS Durable Object binding is missing: run the edge with wrangler.toml.'
        : 'Voice readings are not available on this site right now. Please try again later.',
    );
  }
  return calls.get(calls.idFromName(tokenId)).fetch(
    new Request(`https://voice-call.internal/${action}`, {
      method: 'POST',
      body: JSON.stringify(body),
    }),
  );
}

export const voiceCallRoutes = new Hono<AppEnv>().post('/calls', rateLimit, async (c) => {
  const upstream = callUpstream(c.env);
  if (!upstream) {
    throw new ApiError(
      404,
      'not_found',
      'Voice calls are not set up on this site: the reading uses the WebSocket reader.',
    );
  }
  const authorization = c.req.header('authorization') ?? '';
  const checked = await verifyCallToken(upstream.key, authorization.replace(/^Bearer /u, ''));
  if (!checked.ok) throw new ApiError(401, 'unauthorized', checked.message);
  if (!(c.req.header('content-type') ?? '').startsWith('application/sdp')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the SDP offer as application/sdp.');
  }
  const offer = await c.req.text();
  if (!offer.startsWith('v=0') || offer.length > MAX_OFFER_BYTES) {
    throw new ApiError(400, 'bad_request', 'The body is not an SDP offer.');
  }
  const { payload } = checked;
  const claimed = await callObject(c, payload.jti, 'claim', { expiresAt: payload.exp });
  if (!claimed.ok) {
    return new Response(claimed.body, { status: claimed.status, headers: claimed.headers });
  }
  const { callId, answer } = await forwardOffer(
    upstream,
    offer,
    pinnedSession(c.env, 'voice'),
    payload.lang,
  );
  await callObject(c, payload.jti, 'started', { callId, capSeconds: payload.cap });
  console.log(JSON.stringify({ event: 'voice_call_start', upstream: upstream.kind }));
  return c.body(answer, 201, {
    'Content-Type': 'application/sdp',
    Location: `/api/voice/calls/${callId}`,
    'Access-Control-Expose-Headers': 'Location',
    'Cache-Control': 'no-store',
  });
});
