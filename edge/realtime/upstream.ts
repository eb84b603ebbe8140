/**
 * The Realtime upstream and how the edge talks to it: OpenAI with the site's key, or, on a
 * developer's machine without one, the local WebRTC reader (voice-peer/) that answers the same
 * call API with the edge's own key for it. A voice call's offer travels with the session the edge
 * pins, as OpenAI documents for a server that keeps its key (multipart `sdp` and `session`); the
 * relay pins the same fields on every `session.update` it forwards (edge/relay/client-frames.ts); a call's
 * hangup says whether the upstream took it, so the call's object can try again.
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

/** OpenAI, where a key is set. */
export function openAiUpstream(env: Bindings | undefined): CallUpstream | undefined {
  if (!env?.OPENAI_API_KEY) return undefined;
  return {
    kind: 'openai',
    base: trimSlashes(env.OPENAI_BASE_URL || DEFAULT_OPENAI_BASE_URL),
    key: env.OPENAI_API_KEY,
  };
}

/** OpenAI where a key is set; the local WebRTC reader in local development where it is set up. */
export function callUpstream(env: Bindings | undefined): CallUpstream | undefined {
  const openAi = openAiUpstream(env);
  if (openAi) return openAi;
  if (isLocalDevelopment(env) && env?.VOICE_PEER_URL && env.VOICE_PEER_KEY) {
    return { kind: 'local', base: trimSlashes(env.VOICE_PEER_URL), key: env.VOICE_PEER_KEY };
  }
  return undefined;
}

export interface PinnedSession {
  type: 'realtime';
  model: string;
  output_modalities: ['text'] | ['audio'];
  audio: { output: { voice: string } };
  max_output_tokens: number;
  tracing: null;
}

/**
 * What the edge pins for every session it opens: the model, the voice, the modality, an output
 * cap per response, no tracing. Not the instructions or tools, which the agents' handoffs change.
 */
export function pinnedSession(env: Bindings | undefined, mode: 'voice' | 'text'): PinnedSession {
  return {
    type: 'realtime',
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

/**
 * What a hangup came to: `ended` (2xx), `gone` (404: the call had already ended), or `failed`
 * with the status (a 5xx, a 429, a refused key, no answer), when it must be tried again.
 */
export type HangupOutcome =
  { outcome: 'ended' | 'gone' } | { outcome: 'failed'; status: number | 'network' };

/** Asks the upstream to end a call, once. */
export async function hangupCall(upstream: CallUpstream, callId: string): Promise<HangupOutcome> {
  if (!CALL_ID.test(callId)) return { outcome: 'gone' };
  try {
    const response = await fetch(`${upstream.base}/realtime/calls/${callId}/hangup`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${upstream.key}` },
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return { outcome: 'ended' };
    if (response.status === 404) return { outcome: 'gone' };
    return { outcome: 'failed', status: response.status };
  } catch {
    return { outcome: 'failed', status: 'network' };
  }
}

/** How long the edge waits for an upstream WebSocket's handshake. */
const SOCKET_TIMEOUT_MS = 10_000;

/**
 * Opens a WebSocket to the upstream's Realtime API with its key, from workerd (a `fetch` with
 * `Upgrade: websocket`, the only way a Worker sends an `Authorization` header on a handshake):
 * `query` is `model=…` for a session of its own (the relay) or `call_id=…` for the server-side
 * connection to a call (its watcher). The socket is accepted and ready; or the handshake's status.
 */
export async function openRealtimeSocket(
  upstream: CallUpstream,
  query: URLSearchParams,
): Promise<{ ok: true; socket: WebSocket } | { ok: false; status: number | 'network' }> {
  const url = new URL(`${upstream.base}/realtime`);
  url.protocol =
    url.protocol === 'wss:' ? 'https:' : url.protocol === 'ws:' ? 'http:' : url.protocol;
  url.search = query.toString();
  // A signal that outlived the handshake would abort the socket itself when it fires.
  const handshake = new AbortController();
  const timer = setTimeout(() => handshake.abort(), SOCKET_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url.toString(), {
      headers: { Upgrade: 'websocket', Authorization: `Bearer ${upstream.key}` },
      signal: handshake.signal,
    });
  } catch {
    return { ok: false, status: 'network' };
  } finally {
    clearTimeout(timer);
  }
  const socket = response.webSocket;
  if (response.status !== 101 || !socket) {
    await response.body?.cancel();
    return { ok: false, status: response.status };
  }
  socket.accept();
  return { ok: true, socket };
}
