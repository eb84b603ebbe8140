/**
 * Where a voice call goes and how: OpenAI's `POST /realtime/calls` with the site's key, or, on a
 * developer's machine without one, the local WebRTC reader (voice-peer/) that answers the same API
 * with the edge's own key for it. The offer travels with the session the edge pins, as OpenAI
 * documents for a server that keeps its key (multipart `sdp` and `session`); the page's own
 * `session.update` after connecting can change what is not pinned here (docs/architecture.md).
 */
import { type Bindings, intSetting, isLocalDevelopment } from '../env.ts';
import { DEFAULT_REALTIME_MODEL } from '../../contracts/reading-token.ts';
import type { SupportedLang } from '../../contracts/locale.ts';
import { ApiError } from '../errors.ts';
import { trimEnd } from '../../contracts/text.ts';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_REALTIME_VOICE = 'alloy';
/** Output tokens per response: a card's interpretation is a few hundred. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;
/** Call ids as OpenAI and the local reader make them. */
const CALL_ID = /^rtc_[A-Za-z0-9_-]{1,100}$/;

export interface CallUpstream {
  kind: 'openai' | 'local';
  /** The API base, `…/v1`. */
  base: string;
  key: string;
}

function trimSlashes(url: string): string {
  return trimEnd(url, '/');
}

/** OpenAI where a key is set; the local WebRTC reader in local development where it is set up. */
export function callUpstream(env: Bindings | undefined): CallUpstream | undefined {
  if (env?.OPENAI_API_KEY) {
    return {
      kind: 'openai',
      base: trimSlashes(env.OPENAI_BASE_URL || DEFAULT_OPENAI_BASE_URL),
      key: env.OPENAI_API_KEY,
    };
  }
  if (isLocalDevelopment(env) && env?.VOICE_PEER_URL && env.VOICE_PEER_KEY) {
    return { kind: 'local', base: trimSlashes(env.VOICE_PEER_URL), key: env.VOICE_PEER_KEY };
  }
  return undefined;
}

/**
 * What the edge pins for every session it opens: the model, the voice, the modality, an output
 * cap per response, no tracing. Not the instructions or tools, which the agents' handoffs change.
 */
export function pinnedSession(env: Bindings | undefined, mode: 'voice' | 'text') {
  return {
    type: 'realtime' as const,
    model: env?.OPENAI_REALTIME_MODEL || DEFAULT_REALTIME_MODEL,
    output_modalities: mode === 'text' ? ['text'] : ['audio'],
    audio: { output: { voice: env?.OPENAI_REALTIME_VOICE || DEFAULT_REALTIME_VOICE } },
    max_output_tokens: intSetting(
      env?.OPENAI_MAX_OUTPUT_TOKENS,
      DEFAULT_MAX_OUTPUT_TOKENS,
      1,
      4096,
    ),
    tracing: null,
  };
}

function logUpstream(event: string, status: number | 'network' | 'malformed'): void {
  // Status only: never the key, the token, the SDP or the upstream body.
  console.error(JSON.stringify({ event, status }));
}

/** Posts the offer with the pinned session; the upstream's call id and SDP answer. */
export async function forwardOffer(
  upstream: CallUpstream,
  offer: string,
  session: object,
  lang?: SupportedLang,
): Promise<{ callId: string; answer: string }> {
  const form = new FormData();
  form.set('sdp', offer);
  form.set('session', JSON.stringify(session));
  // The local reader's own field (OpenAI's agents are told the language in their instructions,
  // and its API takes no other field): the language the offline reader reads and speaks in.
  if (upstream.kind === 'local' && lang) form.set('reader_lang', lang);
  let response: Response;
  try {
    response = await fetch(`${upstream.base}/realtime/calls`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${upstream.key}` },
      body: form,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch {
    logUpstream('voice_call_upstream_error', 'network');
    throw new ApiError(
      503,
      'upstream_unavailable',
      'The voice service could not be reached. Try again shortly, or use text chat.',
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    logUpstream('voice_call_upstream_error', response.status);
    throw new ApiError(
      503,
      response.status === 429 ? 'upstream_busy' : 'upstream_unavailable',
      'The voice service could not take the call right now. Try again shortly, or use text chat.',
    );
  }
  const callId = response.headers.get('location')?.split('/').pop() ?? '';
  const answer = await response.text();
  if (!CALL_ID.test(callId) || !answer.startsWith('v=')) {
    logUpstream('voice_call_upstream_error', 'malformed');
    throw new ApiError(
      503,
      'upstream_unavailable',
      'The voice service answered in a way we did not expect. Try again shortly.',
    );
  }
  return { callId, answer };
}

/** Ends a call through the upstream's hangup; whether it answered 2xx. */
export async function hangupCall(upstream: CallUpstream, callId: string): Promise<boolean> {
  if (!CALL_ID.test(callId)) return false;
  try {
    const response = await fetch(`${upstream.base}/realtime/calls/${callId}/hangup`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${upstream.key}` },
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) logUpstream('voice_call_hangup_error', response.status);
    return response.ok;
  } catch {
    logUpstream('voice_call_hangup_error', 'network');
    return false;
  }
}
