/**
 * Bindings for edge tests that run as deployed (no LOCAL_DEVELOPMENT): the reading caps a
 * deployment must set, the rate-limit bindings it has, letting everything through, and the budget
 * and rooms objects, so a test meets the route rather than the fail-closed answer to a missing
 * setting or binding.
 */
import { BmoRoomsObject } from '../../edge/bmo-rooms.ts';
import { ClientBudgetObject } from '../../edge/budget.ts';
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

/**
 * A Durable Object namespace of the real BmoRoomsObject, each object with its own in-memory
 * storage, answering one request at a time as workerd's input gates make it (its alarm is never
 * run: a test's tokens do not expire while it runs).
 */
export function memoryRooms(): DurableObjectNamespaceLike {
  const objects = new Map<string, BmoRoomsObject>();
  const queues = new Map<string, Promise<void>>();
  return {
    idFromName: (name: string) => name,
    get: (id: unknown) => {
      const name = String(id);
      let object = objects.get(name);
      if (!object) {
        const stored = new Map<string, unknown>();
        object = new BmoRoomsObject({
          storage: {
            get: async <T>(key: string) => stored.get(key) as T | undefined,
            put: async (key: string, value: unknown) => {
              stored.set(key, structuredClone(value));
            },
            deleteAll: async () => stored.clear(),
            setAlarm: async () => undefined,
          },
        });
        objects.set(name, object);
      }
      const found = object;
      return {
        fetch: (request: Request) => {
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

/** A deployment's reading caps, which it must set (edge/realtime/caps.ts). */
export const DEPLOYED_CAPS = { READING_MAX_MINUTES: '30', READING_MAX_TOKENS: '200000' } as const;

/**
 * The bindings of a deployment: its reading caps, both rate limiters, the budget and the rooms
 * objects present.
 */
export function deployed(extra: Partial<Bindings> = {}): Bindings {
  return {
    ...DEPLOYED_CAPS,
    TOKEN_RATE_LIMITER: allowAll(),
    EVENTS_RATE_LIMITER: allowAll(),
    CLIENT_BUDGETS: memoryBudgets(),
    BMO_ROOMS: memoryRooms(),
    ...extra,
  };
}
