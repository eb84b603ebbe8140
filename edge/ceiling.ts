/**
 * The site's ceiling: what the whole deployment may spend, across every client, kept in one Durable
 * Object (`SITE_CEILING`, the object named `site`). Per-client limits (budget.ts, bmo-rooms.ts)
 * bound one visitor; this bounds all of them together, so that many addresses, a tunnel broker's
 * /64s or a pool of proxies cannot add up to a bill nobody chose.
 *
 * - **Minutes a day** (`SITE_DAILY_MINUTES`, default 2,000): every token's minutes, as the client's
 *   budget charges them, also count here.
 * - **Tokens a day** (`SITE_DAILY_TOKENS`, default 5,000,000): every relayed session and call adds
 *   the tokens OpenAI reported as it spends them; once past, no new token is handed out.
 * - **Sessions at once**: a lease per reading on OpenAI (a call or a relayed session, at most
 *   `SITE_MAX_READINGS`, default 20) and per BMO job (at most `BMO_MAX_SESSIONS`, default 8, the
 *   workers' capacity). A lease ends with its session, or at its cap if the end never arrives. BMO's
 *   leases name the visitor's network (an IPv6 /48, an IPv4 /24): one network may hold at most
 *   `BMO_NETWORK_SHARE` percent of BMO's sessions (default 25), which keeps the rest in reserve for
 *   everyone else.
 *
 * Past any of them, the route that would spend refuses with a plain message (503 `site_busy` or
 * `site_spent`, BMO's 503 `bmo_full`). Deployed only, like the client budget: local development is
 * one developer. Deployed without the binding, every route that costs money fails closed.
 */
import { z } from 'zod';
import {
  type Bindings,
  type DurableObjectNamespaceLike,
  intSetting,
  isLocalDevelopment,
} from './env.ts';
import { ApiError, errorBody } from './errors.ts';

export const DEFAULT_SITE_DAILY_MINUTES = 2_000;
export const DEFAULT_SITE_DAILY_TOKENS = 5_000_000;
export const DEFAULT_SITE_MAX_READINGS = 20;
export const DEFAULT_BMO_MAX_SESSIONS = 8;
export const DEFAULT_BMO_NETWORK_SHARE = 25;
/** How long past its cap a lease whose end never came is kept, ms. */
export const LEASE_SLACK_MS = 2 * 60 * 1000;

export type LeaseKind = 'reading' | 'bmo';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Count = z.number().int().min(0).max(1e12);
const LeaseId = z.string().min(1).max(200);
const Command = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('charge'),
    day: Day,
    minutes: Count,
    minutesLimit: Count,
    tokensLimit: Count,
  }),
  z.object({ op: z.literal('refund'), day: Day, minutes: Count }),
  z.object({ op: z.literal('spend'), day: Day, tokens: Count }),
  z.object({
    op: z.literal('lease'),
    kind: z.enum(['reading', 'bmo']),
    id: LeaseId,
    now: z.number(),
    until: z.number(),
    limit: Count,
    network: z.string().max(200).optional(),
    networkLimit: Count.optional(),
  }),
  z.object({ op: z.literal('release'), id: LeaseId }),
  z.object({
    op: z.literal('status'),
    day: Day,
    now: z.number(),
    network: z.string().max(200).optional(),
  }),
]);
export type CeilingCommand = z.infer<typeof Command>;

export const CeilingAnswer = z.object({
  ok: z.boolean(),
  /** Why a charge or a lease was refused. */
  reason: z.enum(['minutes', 'tokens', 'full', 'network']).optional(),
  minutes: z.number(),
  tokens: z.number(),
  /** Leases held now, by kind. */
  reading: z.number(),
  bmo: z.number(),
  /** `status` with a network: BMO's sessions that network holds. */
  ofNetwork: z.number().optional(),
});
export type CeilingAnswer = z.infer<typeof CeilingAnswer>;

const Spent = z.object({ day: z.string(), minutes: z.number(), tokens: z.number() });
const Lease = z.object({
  kind: z.enum(['reading', 'bmo']),
  until: z.number(),
  network: z.string().optional(),
});
const Leases = z.record(z.string(), Lease);
type Leases = z.infer<typeof Leases>;

/** The parts of workerd's DurableObjectState this object uses. */
interface CeilingState {
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
  };
}

export class SiteCeilingObject {
  readonly #state: CeilingState;

  constructor(state: CeilingState) {
    this.#state = state;
  }

  async fetch(request: Request): Promise<Response> {
    const command = Command.safeParse(await request.json().catch(() => undefined));
    if (!command.success) {
      return Response.json(errorBody('bad_request', 'Not a ceiling command.'), { status: 400 });
    }
    return Response.json(await this.#run(command.data));
  }

  async #spent(day: string): Promise<{ minutes: number; tokens: number }> {
    const stored = Spent.safeParse(await this.#state.storage.get('spent'));
    return stored.success && stored.data.day === day ? stored.data : { minutes: 0, tokens: 0 };
  }

  async #leases(now: number): Promise<Leases> {
    const stored = Leases.safeParse(await this.#state.storage.get('leases'));
    if (!stored.success) return {};
    return Object.fromEntries(Object.entries(stored.data).filter(([, lease]) => lease.until > now));
  }

  async #run(command: CeilingCommand): Promise<CeilingAnswer> {
    const storage = this.#state.storage;
    const day = 'day' in command ? command.day : today();
    const now = 'now' in command ? command.now : Date.now();
    const spent = await this.#spent(day);
    const leases = await this.#leases(now);
    const answer = (ok: boolean, reason?: CeilingAnswer['reason']): CeilingAnswer => ({
      ok,
      ...(reason ? { reason } : {}),
      minutes: spent.minutes,
      tokens: spent.tokens,
      reading: countOf(leases, 'reading'),
      bmo: countOf(leases, 'bmo'),
    });
    switch (command.op) {
      case 'charge': {
        if (spent.tokens >= command.tokensLimit) return answer(false, 'tokens');
        if (spent.minutes + command.minutes > command.minutesLimit) return answer(false, 'minutes');
        spent.minutes += command.minutes;
        await storage.put('spent', { day, ...spent });
        return answer(true);
      }
      case 'refund': {
        spent.minutes = Math.max(0, spent.minutes - command.minutes);
        await storage.put('spent', { day, ...spent });
        return answer(true);
      }
      case 'spend': {
        spent.tokens += command.tokens;
        await storage.put('spent', { day, ...spent });
        return answer(true);
      }
      case 'lease': {
        const { kind, id, until, limit, network, networkLimit } = command;
        if (!(id in leases)) {
          if (countOf(leases, kind) >= limit) return answer(false, 'full');
          const ofNetwork = Object.values(leases).filter(
            (lease) => lease.kind === kind && network !== undefined && lease.network === network,
          ).length;
          // a network holds at most its share, so the rest stays for everyone else
          if (networkLimit !== undefined && ofNetwork >= networkLimit) {
            return answer(false, 'network');
          }
        }
        leases[id] = { kind, until, ...(network !== undefined ? { network } : {}) };
        await storage.put('leases', leases);
        return answer(true);
      }
      case 'release': {
        delete leases[command.id];
        await storage.put('leases', leases);
        return answer(true);
      }
      case 'status': {
        const { network } = command;
        if (network === undefined) return answer(true);
        const held = Object.values(leases).filter((l) => l.kind === 'bmo' && l.network === network);
        return { ...answer(true), ofNetwork: held.length };
      }
    }
  }
}

function countOf(leases: Leases, kind: LeaseKind): number {
  return Object.values(leases).filter((lease) => lease.kind === kind).length;
}

/** Today, UTC, as the ceiling and the budgets count days. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The ceiling's limits, from the settings. */
export function ceilingLimits(env: Bindings | undefined) {
  return {
    minutes: intSetting(env?.SITE_DAILY_MINUTES, DEFAULT_SITE_DAILY_MINUTES, 1, 10_000_000),
    tokens: intSetting(env?.SITE_DAILY_TOKENS, DEFAULT_SITE_DAILY_TOKENS, 1, 1e12),
    readings: intSetting(env?.SITE_MAX_READINGS, DEFAULT_SITE_MAX_READINGS, 1, 100_000),
    bmo: intSetting(env?.BMO_MAX_SESSIONS, DEFAULT_BMO_MAX_SESSIONS, 1, 100_000),
    bmoNetworkShare: intSetting(env?.BMO_NETWORK_SHARE, DEFAULT_BMO_NETWORK_SHARE, 1, 100),
  };
}

/** BMO sessions one network may hold: its share of BMO's, at least one. */
export function bmoNetworkLimit(env: Bindings | undefined): number {
  const { bmo, bmoNetworkShare } = ceilingLimits(env);
  return Math.max(1, Math.floor((bmo * bmoNetworkShare) / 100));
}

export interface SiteCeiling {
  ask(command: CeilingCommand): Promise<CeilingAnswer>;
}

function ceilingOf(namespace: DurableObjectNamespaceLike): SiteCeiling {
  const stub = namespace.get(namespace.idFromName('site'));
  return {
    ask: async (command) =>
      CeilingAnswer.parse(
        await (
          await stub.fetch(
            new Request('https://ceiling.internal/', {
              method: 'POST',
              body: JSON.stringify(command),
            }),
          )
        ).json(),
      ),
  };
}

/**
 * The site's ceiling where it applies (deployed), `undefined` in local development; deployed
 * without the binding, the fail-closed 503 (logged, naming the binding).
 */
export function siteCeiling(env: Bindings | undefined): SiteCeiling | undefined {
  if (isLocalDevelopment(env)) return undefined;
  const namespace = env?.SITE_CEILING;
  if (namespace) return ceilingOf(namespace);
  console.error(JSON.stringify({ event: 'ceiling_binding_missing', binding: 'SITE_CEILING' }));
  throw new ApiError(
    503,
    'not_configured',
    'This service is not available right now. Please try again later.',
  );
}

/**
 * Takes one of the site's readings at once for `id`, until its end or its cap (`capSeconds`) and
 * some slack; throws the plain 503 when the site runs all it may. Nothing to take in local
 * development.
 */
export async function readingLease(
  env: Bindings | undefined,
  id: string,
  capSeconds: number,
): Promise<void> {
  const ceiling = siteCeiling(env);
  if (!ceiling) return;
  const now = Date.now();
  const answer = await ceiling.ask({
    op: 'lease',
    kind: 'reading',
    id,
    now,
    until: now + capSeconds * 1000 + LEASE_SLACK_MS,
    limit: ceilingLimits(env).readings,
  });
  if (!answer.ok) throw ceilingRefusal(answer.reason);
}

/** Adds tokens a session spent to the day's; never throws (a session's end must not fail on it). */
export async function spendTokens(env: Bindings | undefined, tokens: number): Promise<void> {
  if (tokens <= 0) return;
  try {
    await siteCeiling(env)?.ask({ op: 'spend', day: today(), tokens: Math.round(tokens) });
  } catch (error) {
    console.error(JSON.stringify({ event: 'ceiling_spend_failed', message: String(error) }));
  }
}

/** Ends a lease; never throws (the lease ends at its cap anyway). */
export async function releaseLease(env: Bindings | undefined, id: string): Promise<void> {
  try {
    await siteCeiling(env)?.ask({ op: 'release', id });
  } catch (error) {
    console.error(JSON.stringify({ event: 'ceiling_release_failed', message: String(error) }));
  }
}

/** Where the ceiling stands, for `/api/health`; undefined where it does not apply. */
export async function ceilingHealth(
  env: Bindings | undefined,
): Promise<'open' | 'spent' | 'busy' | undefined> {
  // without the binding the routes that cost refuse on their own; health answers for the rest
  if (!env?.SITE_CEILING) return undefined;
  const ceiling = siteCeiling(env);
  if (!ceiling) return undefined;
  const limits = ceilingLimits(env);
  const now = await ceiling.ask({ op: 'status', day: today(), now: Date.now() });
  if (now.minutes >= limits.minutes || now.tokens >= limits.tokens) return 'spent';
  if (now.reading >= limits.readings || now.bmo >= limits.bmo) return 'busy';
  return 'open';
}

/** What BMO's refusal says when the site's BMO sessions, or a network's share of them, are taken. */
export function bmoFull(reason: CeilingAnswer['reason']): ApiError {
  console.log(JSON.stringify({ event: 'bmo_full', reason }));
  return new ApiError(
    503,
    'bmo_full',
    'BMO is talking with as many people as it can right now. Please try again in a few minutes.',
  );
}

/** What a refusal says, by reason. */
export function ceilingRefusal(reason: CeilingAnswer['reason']): ApiError {
  if (reason === 'minutes' || reason === 'tokens') {
    console.log(JSON.stringify({ event: 'site_ceiling_reached', reason }));
    return new ApiError(
      503,
      'site_spent',
      'This site has used everything it may spend today. Please come back tomorrow.',
    );
  }
  console.log(JSON.stringify({ event: 'site_ceiling_busy', reason }));
  return new ApiError(
    503,
    'site_busy',
    'Too many readings are running on this site right now. Please try again in a few minutes.',
  );
}
