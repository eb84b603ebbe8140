/**
 * `POST /api/voice/calls` (mounted at `/api/voice`): the voice reading's WebRTC call, through the
 * edge. The page's `OpenAIRealtimeWebRTC` posts its SDP offer here (`baseUrl`) with the call token
 * the edge minted for this reading (`Authorization: Bearer ek_call_…`); the edge claims the token
 * in its Durable Object (one call per token, ever), forwards the offer with the pinned session to
 * the upstream (realtime/upstream.ts), hands the call's id to the object, which holds the call to
 * the reading's minutes and tokens (voice-calls/call-object.ts), and answers as OpenAI does: 201,
 * the SDP answer, `Location` naming the call. If the object cannot take the call, the call is hung
 * up at once (a call nobody holds to its limits must not run) and the page gets 503.
 *
 * `GET /api/voice/calls/{callId}` with the same token, expired or not: whether the edge ended that
 * call at a limit (`VoiceCallState`), which a page whose call closed cannot tell otherwise.
 *
 * A missing, forged, expired (for a new call) or used token gets 401, as OpenAI answers a bad key.
 * The preflight for `Authorization`, `Content-Type: application/sdp` and `X-OpenAI-Agents-SDK` is
 * answered by the origin guard (security.ts); `Location` is exposed to the page.
 */
import { Hono, type Context } from 'hono';
import { VoiceCallState } from '../../contracts/reading-token.ts';
import { type AppEnv, isLocalDevelopment } from '../env.ts';
import { ApiError } from '../errors.ts';
import { rateLimit } from '../security.ts';
import { requestClient } from '../client.ts';
import { readingLease, releaseLease } from '../ceiling.ts';
import { verifySessionToken } from '../realtime/session-token.ts';
import {
  type CallUpstream,
  callUpstream,
  forwardOffer,
  hangupCall,
  pinnedSession,
} from '../realtime/upstream.ts';
import { hangupBackoff } from '../voice-calls/call-object.ts';

/** An SDP offer with its candidates is a few kilobytes. */
const MAX_OFFER_BYTES = 8 * 1024;
/** Hangup attempts for a call no object holds: one at once, the rest after the answer. */
const ORPHAN_HANGUP_ATTEMPTS = 5;

async function callObject(
  c: { env: AppEnv['Bindings'] | undefined },
  tokenId: string,
  action: 'claim' | 'started' | 'state',
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

function upstreamOf(c: Context<AppEnv>): CallUpstream {
  const upstream = callUpstream(c.env);
  if (!upstream) {
    throw new ApiError(
      404,
      'not_found',
      'Voice calls are not set up on this site: the reading uses the WebSocket.',
    );
  }
  return upstream;
}

/**
 * Hangs up a call that no object holds: at once, and, when that fails, again with backoff after
 * the answer has gone (as long as the runtime lets the request's work run on). Each failure is an
 * error in the log.
 */
async function hangUpOrphan(c: Context<AppEnv>, upstream: CallUpstream, callId: string) {
  const attempt = async (count: number): Promise<boolean> => {
    const answer = await hangupCall(upstream, callId);
    if (answer.outcome !== 'failed') {
      console.log(JSON.stringify({ event: 'voice_call_hangup', reason: 'start_failed', count }));
      return true;
    }
    console.error(
      JSON.stringify({
        event: 'voice_call_hangup_error',
        reason: 'start_failed',
        status: answer.status,
        attempt: count,
      }),
    );
    return false;
  };
  if (await attempt(1)) return;
  const retries = (async () => {
    for (let count = 2; count <= ORPHAN_HANGUP_ATTEMPTS; count += 1) {
      await new Promise((resolve) => setTimeout(resolve, hangupBackoff(count - 1)));
      if (await attempt(count)) return;
    }
    console.error(JSON.stringify({ event: 'voice_call_hangup_abandoned', reason: 'start_failed' }));
  })();
  try {
    c.executionCtx.waitUntil(retries);
  } catch {
    await retries; // no execution context (a test's app.request): finish here
  }
}

export const voiceCallRoutes = new Hono<AppEnv>()
  .post('/calls', rateLimit, async (c) => {
    const upstream = upstreamOf(c);
    const authorization = c.req.header('authorization') ?? '';
    const checked = await verifySessionToken(
      'call',
      upstream.key,
      authorization.replace(/^Bearer /u, ''),
      { client: requestClient((name) => c.req.header(name)) },
    );
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
    // one of the site's readings at once, held until the call ends (or its cap)
    const lease = `call:${payload.jti}`;
    await readingLease(c.env, lease, payload.cap);
    const { callId, answer } = await forwardOffer(
      upstream,
      offer,
      pinnedSession(c.env, 'voice'),
      payload.lang,
    ).catch(async (error: unknown) => {
      await releaseLease(c.env, lease);
      throw error;
    });
    const held = await callObject(c, payload.jti, 'started', {
      callId,
      capSeconds: payload.cap,
      maxTokens: payload.tok,
      lease,
    }).catch(() => undefined);
    await held?.body?.cancel();
    if (!held?.ok) {
      await releaseLease(c.env, lease);
      console.error(JSON.stringify({ event: 'voice_call_start_error', status: held?.status }));
      await hangUpOrphan(c, upstream, callId);
      throw new ApiError(
        503,
        'upstream_unavailable',
        'The voice call could not be started right now. Try again shortly, or use text chat.',
      );
    }
    console.log(JSON.stringify({ event: 'voice_call_start', upstream: upstream.kind }));
    return c.body(answer, 201, {
      'Content-Type': 'application/sdp',
      Location: `/api/voice/calls/${callId}`,
      'Access-Control-Expose-Headers': 'Location',
      'Cache-Control': 'no-store',
    });
  })
  .get('/calls/:callId', rateLimit, async (c) => {
    const upstream = upstreamOf(c);
    const authorization = c.req.header('authorization') ?? '';
    const checked = await verifySessionToken(
      'call',
      upstream.key,
      authorization.replace(/^Bearer /u, ''),
      { allowExpired: true },
    );
    if (!checked.ok) throw new ApiError(401, 'unauthorized', checked.message);
    const callId = c.req.param('callId');
    if (callId.length > 120) throw new ApiError(404, 'not_found', 'No such call.');
    const answer = await callObject(c, checked.payload.jti, 'state', { callId });
    if (!answer.ok) throw new ApiError(404, 'not_found', 'No such call.');
    const state = VoiceCallState.safeParse(await answer.json().catch(() => undefined));
    if (!state.success) throw new ApiError(404, 'not_found', 'No such call.');
    return c.json(state.data, 200, { 'Cache-Control': 'no-store' });
  });
