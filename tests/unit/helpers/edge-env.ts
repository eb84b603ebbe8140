/**
 * Bindings for edge tests that run as deployed (no LOCAL_DEVELOPMENT): the rate-limit bindings a
 * deployment has, letting everything through, so a test meets the route rather than the
 * fail-closed answer to a missing binding.
 */
import type { Bindings, RateLimitBinding } from '../../../edge/env.ts';

/** A rate-limit binding that lets every request through, recording the keys it was asked about. */
export function allowAll(keys: string[] = []): RateLimitBinding {
  return {
    limit: async ({ key }) => {
      keys.push(key);
      return { success: true };
    },
  };
}

/** The bindings of a deployment: both rate limiters present. */
export function deployed(extra: Partial<Bindings> = {}): Bindings {
  return { TOKEN_RATE_LIMITER: allowAll(), EVENTS_RATE_LIMITER: allowAll(), ...extra };
}
