/**
 * A per-client daily budget of token minutes, kept in a Durable Object per client (the Workers
 * rate-limit binding counts over 10 or 60 seconds only). A client is its address as Cloudflare saw
 * it, an IPv6 address cut to its /64 (security.ts `clientKey`). Each token charges the minutes it
 * can buy: a reading token its reading's minute cap (`READING_MAX_MINUTES`, required deployed;
 * its lifetime where there is none), a LiveKit token its lifetime (`LIVEKIT_TOKEN_TTL_SECONDS`,
 * default 10 minutes). Past `DAILY_TOKEN_MINUTES` (default 240) in a UTC day, the token routes
 * answer 429 `budget_exhausted` until the next day.
 *
 * Deployed only: local development is one developer's machine, answering loopback only. Deployed
 * without the binding, the token routes fail closed.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AppEnv, intSetting, isLocalDevelopment } from './env.ts';
import { ApiError, errorBody } from './errors.ts';
import { clientAddress, clientKey } from './client.ts';

export const DEFAULT_DAILY_TOKEN_MINUTES = 240;

const Charge = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  minutes: z.number().int().min(0).max(100_000),
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
    if (used + minutes > limit) {
      return Response.json({ ok: false, used, limit } satisfies BudgetAnswer);
    }
    await this.#state.storage.put(SPENT, { day, used: used + minutes });
    return Response.json({ ok: true, used: used + minutes, limit } satisfies BudgetAnswer);
  }
}

/**
 * Charges the client `minutes(c)` before the route runs, or refuses with 429 when today's budget
 * would be passed.
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
    const limit = intSetting(env.DAILY_TOKEN_MINUTES, DEFAULT_DAILY_TOKEN_MINUTES, 1, 10_000_000);
    const client = clientKey(clientAddress((name) => c.req.header(name)));
    const stub = budgets.get(budgets.idFromName(client));
    const day = new Date().toISOString().slice(0, 10);
    const answer = BudgetAnswer.parse(
      await (
        await stub.fetch(
          new Request('https://budget.internal/charge', {
            method: 'POST',
            body: JSON.stringify({ day, minutes: minutes(c), limit }),
          }),
        )
      ).json(),
    );
    if (!answer.ok) {
      console.log(JSON.stringify({ event: 'budget_exhausted', used: answer.used, limit }));
      throw new ApiError(
        429,
        'budget_exhausted',
        `This connection has used today's ${limit} minutes of sessions. Try again tomorrow.`,
      );
    }
    await next();
  };
}
