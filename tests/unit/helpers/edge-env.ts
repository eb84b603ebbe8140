/**
 * Bindings for edge tests that run as deployed (no LOCAL_DEVELOPMENT): the rate-limit bindings a
 * deployment has, letting everything through, and the budget objects, so a test meets the route
 * rather than the fail-closed answer to a missing binding.
 */
import { ClientBudgetObject } from '../../../edge/budget.ts';
import type { Bindings, DurableObjectNamespaceLike, RateLimitBinding } from '../../../edge/env.ts';

/** A rate-limit binding that lets every request through, recording the keys it was asked about. */
export function allowAll(keys: string[] = []): RateLimitBinding {
  return {
    limit: async ({ key }) => {
      keys.push(key);
      return { success: true };
    },
  };
}

/**
 * A Durable Object namespace of the real ClientBudgetObject, each object with its own in-memory
 * storage, named as workerd names them (one object per name); `names` records who was charged.
 */
export function memoryBudgets(names: string[] = []): DurableObjectNamespaceLike {
  const objects = new Map<string, ClientBudgetObject>();
  return {
    idFromName: (name: string) => name,
    get: (id: unknown) => {
      const name = String(id);
      let object = objects.get(name);
      if (!object) {
        const stored = new Map<string, unknown>();
        object = new ClientBudgetObject({
          storage: {
            get: async <T>(key: string) => stored.get(key) as T | undefined,
            put: async (key: string, value: unknown) => {
              stored.set(key, structuredClone(value));
            },
          },
        });
        objects.set(name, object);
      }
      const found = object;
      return {
        fetch: (request: Request) => {
          names.push(name);
          return found.fetch(request);
        },
      };
    },
  };
}

/** The bindings of a deployment: both rate limiters and the budget objects present. */
export function deployed(extra: Partial<Bindings> = {}): Bindings {
  return {
    TOKEN_RATE_LIMITER: allowAll(),
    EVENTS_RATE_LIMITER: allowAll(),
    CLIENT_BUDGETS: memoryBudgets(),
    ...extra,
  };
}
