/**
 * `VoiceCallObject`: one Durable Object per call token, named after its id. It makes a token open
 * one call, ever (a second claim is refused), keeps the call's id, and ends the call at the
 * reading's limits through the upstream's hangup, whatever the page does:
 *
 * - its minutes: an alarm at the cap;
 * - its tokens: on OpenAI, the object watches the call over OpenAI's server-side connection to it
 *   (`/realtime?call_id=…`, watcher.ts), adds up the usage each `response.done` reports, and hangs
 *   up once the budget is spent. A watcher that cannot attach is tried again; after a few failures
 *   the call is hung up, since its budget could not be held (fail closed). The local WebRTC reader
 *   costs nothing and has no such connection: its calls have their minute cap only.
 *
 * A hangup is tried until the upstream answers 2xx or 404 (the call already over), with backoff
 * (1 s doubling to a minute) and an error in the log each time, for as long as a call can live.
 * The page learns why its call closed from `/state` (routes/voice-calls.ts). Some minutes after the
 * call is over and the token has expired, it forgets everything.
 *
 *   POST /claim    { expiresAt }                        → 200, or 401 if the token was used
 *   POST /started  { callId, capSeconds, maxTokens }    → 200: the cap's alarm set, the watch begun
 *   POST /state    { callId }                           → 200 VoiceCallState, or 404
 */
import { z } from 'zod';
import { type ReadingLimit, VoiceCallState } from '../../contracts/reading-token.ts';
import { releaseLease, spendTokens } from '../ceiling.ts';
import type { Bindings } from '../env.ts';
import { errorBody } from '../errors.ts';
import { type CallUpstream, callUpstream, hangupCall } from '../realtime/upstream.ts';
import { CallWatcher } from './watcher.ts';

interface ObjectStorage {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  deleteAll(): Promise<void>;
  setAlarm(scheduledTime: number): Promise<void>;
}
interface ObjectState {
  storage: ObjectStorage;
}

const Claim = z.object({ expiresAt: z.number().int().positive() });
const Started = z.object({
  callId: z.string().min(1).max(120),
  capSeconds: z.number().int().min(0).max(86_400),
  maxTokens: z.number().int().min(0).max(100_000_000).default(0),
  /** The site's lease this call holds (ceiling.ts), ended with the call. */
  lease: z.string().min(1).max(200).optional(),
});
const StateQuery = z.object({ callId: z.string().min(1).max(120) });

/** Why the edge hung a call up: a limit, or a budget it could not watch. */
type EndReason = ReadingLimit | 'unwatched';

interface CallRecord {
  callId: string;
  startedAt: number;
  /** When the minute cap hangs up, epoch ms; 0 for never. */
  hangupAt: number;
  /** The token budget; 0 for none. */
  maxTokens: number;
  usedTokens: number;
  /** The call is over without a hangup of ours (the upstream no longer knows it). */
  gone: boolean;
  ended?: EndReason;
  endedAt?: number;
  hangup?: { state: 'pending' | 'done' | 'abandoned'; attempts: number; nextAt: number };
  watchFailures: number;
  lease?: string;
}

const CLAIM = 'claim';
const CALL = 'call';

/** The first retry of a failed hangup, doubling up to a minute. */
const HANGUP_FIRST_RETRY_MS = 1000;
const HANGUP_MAX_RETRY_MS = 60_000;
/**
 * How long after a call starts its hangup is still worth trying: past OpenAI's own 60-minute
 * session limit the call cannot be running, and a refused key would be tried for ever.
 */
const HANGUP_HORIZON_MS = 70 * 60_000;
/** How often a watched call checks that its watcher is still attached. */
const WATCH_CHECK_MS = 60_000;
/** Attempts to attach a watcher before the call is hung up as unwatchable. */
const MAX_WATCH_FAILURES = 3;
/** How long an ended call's record stays for the page to ask why. */
const KEEP_ENDED_MS = 10 * 60_000;

export const USED_TOKEN_MESSAGE =
  'This voice call token has already opened its call: start the reading again for a new one.';

export function hangupBackoff(attempts: number): number {
  return Math.min(HANGUP_MAX_RETRY_MS, HANGUP_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export class VoiceCallObject {
  readonly #storage: ObjectStorage;
  readonly #env: Bindings;
  #watcher: CallWatcher | undefined;

  constructor(state: ObjectState, env: Bindings) {
    this.#storage = state.storage;
    this.#env = env;
  }

  async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const body: unknown = await request.json().catch(() => undefined);
    if (path === '/claim') {
      const claim = Claim.safeParse(body);
      if (!claim.success)
        return Response.json(errorBody('bad_request', 'Bad claim.'), { status: 400 });
      if (await this.#storage.get(CLAIM)) {
        return Response.json(errorBody('unauthorized', USED_TOKEN_MESSAGE), { status: 401 });
      }
      await this.#storage.put(CLAIM, claim.data);
      await this.#storage.setAlarm((claim.data.expiresAt + 60) * 1000);
      return Response.json({ ok: true });
    }
    if (path === '/started') {
      const started = Started.safeParse(body);
      if (!started.success)
        return Response.json(errorBody('bad_request', 'Bad call.'), { status: 400 });
      const { callId, capSeconds, maxTokens, lease } = started.data;
      const now = Date.now();
      const record: CallRecord = {
        callId,
        startedAt: now,
        hangupAt: capSeconds > 0 ? now + capSeconds * 1000 : 0,
        maxTokens,
        usedTokens: 0,
        gone: false,
        watchFailures: 0,
        ...(lease !== undefined ? { lease } : {}),
      };
      await this.#storage.put(CALL, record);
      // The watcher attaches from the alarm, at once: the page's answer does not wait for it.
      if (this.#watched(record)) await this.#storage.setAlarm(now);
      else await this.#scheduleNext(record);
      return Response.json({ ok: true });
    }
    if (path === '/state') {
      const query = StateQuery.safeParse(body);
      const record = await this.#storage.get<CallRecord>(CALL);
      if (!query.success || !record || record.callId !== query.data.callId) {
        return Response.json(errorBody('not_found', 'No such call.'), { status: 404 });
      }
      const ended = record.ended === 'minutes' || record.ended === 'tokens' ? record.ended : null;
      return Response.json(VoiceCallState.parse({ callId: record.callId, ended }));
    }
    return Response.json(errorBody('not_found', 'No such call action.'), { status: 404 });
  }

  async alarm(): Promise<void> {
    const record = await this.#storage.get<CallRecord>(CALL);
    if (!record) {
      await this.#scheduleNext(undefined);
      return;
    }
    const now = Date.now();
    if (record.hangup?.state === 'pending') {
      if (now >= record.hangup.nextAt) await this.#tryHangup(record);
    } else if (!record.ended && !record.gone) {
      if (record.hangupAt > 0 && now >= record.hangupAt) await this.#end(record, 'minutes');
      else if (this.#watched(record) && !this.#watcher) await this.#watch(record);
    }
    await this.#scheduleNext(await this.#storage.get<CallRecord>(CALL));
  }

  #upstream(): CallUpstream | undefined {
    return callUpstream(this.#env);
  }

  /** Whether the call's tokens are watched: a budget, on OpenAI. */
  #watched(record: CallRecord): boolean {
    return record.maxTokens > 0 && this.#upstream()?.kind === 'openai';
  }

  /** Attaches the watcher to the call; a failure is tried again, then ends the call. */
  async #watch(record: CallRecord): Promise<void> {
    const upstream = this.#upstream();
    if (!upstream) return;
    const watcher = new CallWatcher({
      upstream,
      callId: record.callId,
      onTokens: (tokens) => this.#spent(tokens),
      onClose: () => {
        // Closed by the upstream, not by us: the call ended (the next attach says 404), or the
        // connection dropped (the next attach takes up the count again). Look again soon.
        if (this.#watcher !== watcher) return;
        this.#watcher = undefined;
        void this.#storage.setAlarm(Date.now() + HANGUP_FIRST_RETRY_MS);
      },
    });
    const attached = await watcher.attach();
    if (attached.ok) {
      this.#watcher = watcher;
      record.watchFailures = 0;
      await this.#storage.put(CALL, record);
      return;
    }
    if (attached.status === 404) {
      // The call ended without us: what it spent, for the owner sizing the budget.
      record.gone = true;
      await this.#storage.put(CALL, record);
      console.log(JSON.stringify({ event: 'voice_call_end', tokens: record.usedTokens }));
      if (record.lease) await releaseLease(this.#env, record.lease);
      return;
    }
    record.watchFailures += 1;
    console.error(
      JSON.stringify({
        event: 'voice_call_watch_error',
        status: attached.status,
        attempt: record.watchFailures,
      }),
    );
    await this.#storage.put(CALL, record);
    if (record.watchFailures >= MAX_WATCH_FAILURES) await this.#end(record, 'unwatched');
  }

  /** Usage the watcher read: counted, and past the budget the call ends. */
  async #spent(tokens: number): Promise<void> {
    const record = await this.#storage.get<CallRecord>(CALL);
    if (!record || record.ended) return;
    record.usedTokens += tokens;
    await this.#storage.put(CALL, record);
    await spendTokens(this.#env, tokens);
    if (record.maxTokens > 0 && record.usedTokens >= record.maxTokens) {
      await this.#end(record, 'tokens');
      await this.#scheduleNext(await this.#storage.get<CallRecord>(CALL));
    }
  }

  /** The edge ends the call: why is recorded for the page, and the hangup begins. */
  async #end(record: CallRecord, reason: EndReason): Promise<void> {
    record.ended = reason;
    record.endedAt = Date.now();
    record.hangup = { state: 'pending', attempts: 0, nextAt: record.endedAt };
    await this.#storage.put(CALL, record);
    this.#watcher?.close();
    this.#watcher = undefined;
    await this.#tryHangup(record);
    if (record.lease) await releaseLease(this.#env, record.lease);
  }

  /** One hangup attempt; a failure is logged and the next attempt set, backing off. */
  async #tryHangup(record: CallRecord): Promise<void> {
    const hangup = record.hangup;
    const upstream = this.#upstream();
    if (!hangup || hangup.state !== 'pending') return;
    const answer = upstream
      ? await hangupCall(upstream, record.callId)
      : ({ outcome: 'failed', status: 'network' } as const);
    hangup.attempts += 1;
    const now = Date.now();
    if (answer.outcome !== 'failed') {
      hangup.state = 'done';
      console.log(
        JSON.stringify({
          event: 'voice_call_hangup',
          reason: record.ended,
          outcome: answer.outcome,
          attempts: hangup.attempts,
          tokens: record.usedTokens,
        }),
      );
    } else if (now - record.startedAt >= HANGUP_HORIZON_MS) {
      hangup.state = 'abandoned';
      console.error(
        JSON.stringify({
          event: 'voice_call_hangup_abandoned',
          status: answer.status,
          attempts: hangup.attempts,
        }),
      );
    } else {
      hangup.nextAt = now + hangupBackoff(hangup.attempts);
      console.error(
        JSON.stringify({
          event: 'voice_call_hangup_error',
          status: answer.status,
          attempt: hangup.attempts,
          reason: record.ended,
        }),
      );
    }
    await this.#storage.put(CALL, record);
  }

  /** The next thing due: a hangup attempt, the cap, a look at the watcher, or forgetting. */
  async #scheduleNext(record: CallRecord | undefined): Promise<void> {
    const now = Date.now();
    if (record?.hangup?.state === 'pending') {
      await this.#storage.setAlarm(record.hangup.nextAt);
      return;
    }
    if (record && !record.ended && !record.gone) {
      const due = [
        record.hangupAt > 0 ? record.hangupAt : Infinity,
        this.#watched(record)
          ? now + (this.#watcher ? WATCH_CHECK_MS : HANGUP_FIRST_RETRY_MS)
          : Infinity,
      ];
      const next = Math.min(...due);
      if (next !== Infinity) {
        await this.#storage.setAlarm(next);
        return;
      }
    }
    const claim = await this.#storage.get<z.infer<typeof Claim>>(CLAIM);
    const forgetAt = Math.max(
      ((claim?.expiresAt ?? 0) + 60) * 1000,
      record?.endedAt !== undefined ? record.endedAt + KEEP_ENDED_MS : 0,
    );
    if (now >= forgetAt) await this.#storage.deleteAll();
    else await this.#storage.setAlarm(forgetAt);
  }
}
