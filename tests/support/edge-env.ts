/**
 * Bindings for edge tests that run as deployed (no LOCAL_DEVELOPMENT): the reading caps a
 * deployment must set, the rate-limit bindings it has, letting everything through, and the budget
 * and rooms objects, so a test meets the route rather than the fail-closed answer to a missing
 * setting or binding.
 */
import { BmoRoomsObject } from '../../edge/bmo-rooms.ts';
import { ClientBudgetObject } from '../../edge/budget.ts';
import { SiteCeilingObject } from '../../edge/ceiling.ts';
import type { Bindings, DurableObjectNamespaceLike, RateLimitBinding } from '../../edge/env.ts';

/** A rate-limit binding that lets every request through, recording the keys it was asked about. */
export function allowAll(keys: string[] = []): RateLimitBinding {
  return {
    limit: async ({ key }) => {
      keys.push(key);
      return { success: true };
    },
  };
}

/** In-memory storage with the parts of workerd's the edge's objects use (alarms never run). */
function memoryStorage(seed: Record<string, unknown> = {}) {
  const stored = new Map<string, unknown>(Object.entries(structuredClone(seed)));
  return {
    get: async <T>(key: string) => stored.get(key) as T | undefined,
    put: async (key: string, value: unknown) => {
      stored.set(key, structuredClone(value));
    },
    deleteAll: async () => stored.clear(),
    setAlarm: async () => undefined,
  };
}

/**
 * A Durable Object namespace of real objects made by `make`, each with its own in-memory storage,
 * named as workerd names them (one object per name) and answering one request at a time as
 * workerd's input gates make it; `names` records which object each request reached. Its alarms
 * never run: a test's tokens do not expire while it runs.
 */
function memoryNamespace(
  make: (storage: ReturnType<typeof memoryStorage>) => {
    fetch(request: Request): Promise<Response>;
  },
  names: string[] = [],
  seed: Record<string, unknown> = {},
): DurableObjectNamespaceLike {
  const objects = new Map<string, { fetch(request: Request): Promise<Response> }>();
  const queues = new Map<string, Promise<void>>();
  return {
    idFromName: (name: string) => name,
    get: (id: unknown) => {
      const name = String(id);
      const found = objects.get(name) ?? make(memoryStorage(seed));
      objects.set(name, found);
      return {
        fetch: (request: Request) => {
          names.push(name);
          const answer = (queues.get(name) ?? Promise.resolve()).then(() => found.fetch(request));
          queues.set(
            name,
            answer.then(
              () => undefined,
              () => undefined,
            ),
          );
          return answer;
        },
      };
    },
  };
}

/** The real ClientBudgetObject, in memory; `names` records who was charged. */
export function memoryBudgets(names: string[] = []): DurableObjectNamespaceLike {
  return memoryNamespace((storage) => new ClientBudgetObject({ storage }), names);
}

/** The real BmoRoomsObject, in memory. */
export function memoryRooms(): DurableObjectNamespaceLike {
  return memoryNamespace((storage) => new BmoRoomsObject({ storage }));
}

/**
 * The real SiteCeilingObject, in memory; `seed` is what its storage holds at first (the day's
 * spending, the leases running), as a site that has been busy all day would have it.
 */
export function memoryCeiling(seed: Record<string, unknown> = {}): DurableObjectNamespaceLike {
  return memoryNamespace((storage) => new SiteCeilingObject({ storage }), [], seed);
}

/** A deployment's reading caps, which it must set (edge/realtime/caps.ts). */
export const DEPLOYED_CAPS = { READING_MAX_MINUTES: '30', READING_MAX_TOKENS: '200000' } as const;

/**
 * The bindings of a deployment: its reading caps, both rate limiters, the budget, rooms and
 * ceiling objects present.
 */
export function deployed(extra: Partial<Bindings> = {}): Bindings {
  return {
    ...DEPLOYED_CAPS,
    TOKEN_RATE_LIMITER: allowAll(),
    EVENTS_RATE_LIMITER: allowAll(),
    CLIENT_BUDGETS: memoryBudgets(),
    BMO_ROOMS: memoryRooms(),
    SITE_CEILING: memoryCeiling(),
    ...extra,
  };
}
