/**
 * `VoiceCallObject`: one Durable Object per call token, named after its id. It makes a token open
 * one call, ever (a second claim is refused), keeps the call's id, and at the reading's cap hangs
 * the call up through the upstream's hangup, whatever the page does. Once the token has expired
 * it forgets everything.
 *
 *   POST /claim    { expiresAt }            → 200, or 401 if the token was used
 *   POST /started  { callId, capSeconds }   → 200: the alarm is set at the cap
 */
import { z } from 'zod';
import type { Bindings } from '../env.ts';
import { errorBody } from '../errors.ts';
import { callUpstream, hangupCall } from '../realtime/upstream.ts';

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
});
interface CallRecord {
  callId: string;
  /** When to hang up, epoch ms; 0 for never. */
  hangupAt: number;
  hungUp: boolean;
}

const CLAIM = 'claim';
const CALL = 'call';

export const USED_TOKEN_MESSAGE =
  'This voice call token has already opened its call: start the reading again for a new one.';

export class VoiceCallObject {
  readonly #storage: ObjectStorage;
  readonly #env: Bindings;

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
      const { callId, capSeconds } = started.data;
      const record: CallRecord = {
        callId,
        hangupAt: capSeconds > 0 ? Date.now() + capSeconds * 1000 : 0,
        hungUp: false,
      };
      await this.#storage.put(CALL, record);
      await this.#scheduleNext(record);
      return Response.json({ ok: true });
    }
    return Response.json(errorBody('not_found', 'No such call action.'), { status: 404 });
  }

  async alarm(): Promise<void> {
    const record = await this.#storage.get<CallRecord>(CALL);
    if (record && !record.hungUp && record.hangupAt > 0 && Date.now() >= record.hangupAt) {
      const upstream = callUpstream(this.#env);
      const ended = upstream ? await hangupCall(upstream, record.callId) : false;
      console.log(JSON.stringify({ event: 'voice_call_cap_hangup', ended }));
      record.hungUp = true;
      await this.#storage.put(CALL, record);
    }
    await this.#scheduleNext(record);
  }

  /** The next thing due: the hangup, else forgetting the token after it expired. */
  async #scheduleNext(record: CallRecord | undefined): Promise<void> {
    if (record && !record.hungUp && record.hangupAt > 0) {
      await this.#storage.setAlarm(record.hangupAt);
      return;
    }
    const claim = await this.#storage.get<z.infer<typeof Claim>>(CLAIM);
    const forgetAt = ((claim?.expiresAt ?? 0) + 60) * 1000;
    if (Date.now() >= forgetAt) await this.#storage.deleteAll();
    else await this.#storage.setAlarm(forgetAt);
  }
}
