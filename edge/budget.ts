/**
 * A per-client daily budget of token minutes, kept in a Durable Object per client (the Workers
 * rate-limit binding counts over 10 or 60 seconds only). A client is its address as Cloudflare saw
 * it, an IPv6 address cut to its /64 (client.ts); an IPv6 client is also charged to its /56 and
 * /48, so that a /48's 65,536 /64s do not multiply the budget. Each token charges the minutes it
 * can buy: a reading token its reading's minute cap (`READING_MAX_MINUTES`, required deployed;
 * its lifetime where there is none), a LiveKit token its BMO job's cap
 * (`BMO_MAX_SESSION_MINUTES`, default 30). Past `DAILY_TOKEN_MINUTES` (default 240) in a UTC day,
 * the token routes answer 429 `budget_exhausted` until the next day; the same minutes count
 * towards the whole site's ceiling (ceiling.ts).
 *
 * Deployed only: local development is one developer's machine, answering loopback only. Deployed
 * without the binding, the token routes fail closed.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  type AppEnv,
  type DurableObjectNamespaceLike,
  intSetting,
  isLocalDevelopment,
} from './env.ts';
import { ceilingLimits, ceilingRefusal, siteCeiling, today } from './ceiling.ts';
import { ApiError, errorBody } from './errors.ts';
import { clientAddress, clientNetworks } from './client.ts';

export const DEFAULT_DAILY_TOKEN_MINUTES = 240;

const Charge = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Negative: a refund of an earlier charge. */
  minutes: z.number().int().min(-100_000).max(100_000),
  limit: z.number().int().min(1).max(10_000_000),
});
const Spent = z.object({ day: z.string(), used: z.number() });
export const BudgetAnswer = z.object({ ok: z.boolean(), used: z.number(), limit: z.number() });
export type BudgetAnswer = z.infer<typeof BudgetAnswer>;

/** The parts of workerd's DurableObjectState this object uses. */
interface BudgetState {
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
  };
}

const SPENT = 'spent';

/** One client's minutes for the current UTC day; an earlier day's count is simply replaced. */
export class ClientBudgetObject {
  readonly #state: BudgetState;

  constructor(state: BudgetState) {
    this.#state = state;
  }

  async fetch(request: Request): Promise<Response> {
    const charge = Charge.safeParse(await request.json().catch(() => undefined));
    if (!charge.success) {
      return Response.json(errorBody('bad_request', 'Not a budget charge.'), { status: 400 });
    }
    const { day, minutes, limit } = charge.data;
    const stored = Spent.safeParse(await this.#state.storage.get(SPENT));
    const used = stored.success && stored.data.day === day ? stored.data.used : 0;
    if (minutes > 0 && used + minutes > limit) {
      return Response.json({ ok: false, used, limit } satisfies BudgetAnswer);
    }
    const now = Math.max(0, used + minutes);
    await this.#state.storage.put(SPENT, { day, used: now });
    return Response.json({ ok: true, used: now, limit } satisfies BudgetAnswer);
  }
}

/** A /56's and a /48's daily minutes, as multiples of one client's. */
export const NETWORK_BUDGET_MULTIPLES = [2, 4] as const;

/** One budget object's charge; `refund: true` gives back what an earlier charge took. */
async function chargeScope(
  budgets: DurableObjectNamespaceLike,
  name: string,
  day: string,
  minutes: number,
  limit: number,
): Promise<BudgetAnswer> {
  const stub = budgets.get(budgets.idFromName(name));
  const response = await stub.fetch(
    new Request('https://budget.internal/charge', {
      method: 'POST',
      body: JSON.stringify({ day, minutes, limit }),
    }),
  );
  return BudgetAnswer.parse(await response.json());
}

/**
 * The budgets a client's token is charged to: its own (its address, an IPv6 /64), then for IPv6
 * its /56 and /48 at `NETWORK_BUDGET_MULTIPLES` times its own, and with `ASN_DAILY_TOKEN_MINUTES`
 * set its network's (`request.cf.asn`: off by default, since one large ISP holds millions of real
 * visitors).
 */
function budgetScopes(
  c: Context<AppEnv>,
  limit: number,
): { name: string; limit: number; what: string }[] {
  const { client, wider } = clientNetworks(clientAddress((name) => c.req.header(name)));
  const scopes = [{ name: client, limit, what: 'This connection' }];
  wider.forEach((name, index) => {
    scopes.push({
      name,
      limit: limit * (NETWORK_BUDGET_MULTIPLES[index] ?? 1),
      what: 'Your network',
    });
  });
  const asnLimit = intSetting(c.env?.ASN_DAILY_TOKEN_MINUTES, 0, 1, 1e9);
  const asn = (c.req.raw as { cf?: { asn?: unknown } }).cf?.asn;
  if (asnLimit > 0 && typeof asn === 'number') {
    scopes.push({ name: `asn:${asn}`, limit: asnLimit, what: 'Your network' });
  }
  return scopes;
}

/**
 * Charges `minutes(c)` before the route runs to the site's ceiling (ceiling.ts) and to each of the
 * client's budgets (`budgetScopes`), or refuses: 503 past the site's, 429 past a client's. A
 * refusal gives back what the charges before it took, so a refused request spends nothing.
 */
export function tokenBudget(minutes: (c: Context<AppEnv>) => number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const env = c.env ?? {};
    if (isLocalDevelopment(env)) {
      await next();
      return;
    }
    const budgets = env.CLIENT_BUDGETS;
    if (!budgets) {
      console.error(JSON.stringify({ event: 'budget_binding_missing', binding: 'CLIENT_BUDGETS' }));
      throw new ApiError(
        503,
        'not_configured',
        'This service is not available right now. Please try again later.',
      );
    }
    const ceiling = siteCeiling(env);
    const limit = intSetting(env.DAILY_TOKEN_MINUTES, DEFAULT_DAILY_TOKEN_MINUTES, 1, 10_000_000);
    const day = today();
    const cost = minutes(c);
    const limits = ceilingLimits(env);
    const site = await ceiling?.ask({
      op: 'charge',
      day,
      minutes: cost,
      minutesLimit: limits.minutes,
      tokensLimit: limits.tokens,
    });
    if (site && !site.ok) throw ceilingRefusal(site.reason);
    const charged: string[] = [];
    for (const scope of budgetScopes(c, limit)) {
      const answer = await chargeScope(budgets, scope.name, day, cost, scope.limit);
      if (answer.ok) {
        charged.push(scope.name);
        continue;
      }
      await ceiling?.ask({ op: 'refund', day, minutes: cost });
      for (const name of charged) await chargeScope(budgets, name, day, -cost, scope.limit);
      console.log(
        JSON.stringify({ event: 'budget_exhausted', used: answer.used, limit: scope.limit }),
      );
      throw new ApiError(
        429,
        'budget_exhausted',
        `${scope.what} has used today's ${scope.limit} minutes of sessions. Try again tomorrow.`,
      );
    }
    await next();
  };
}
