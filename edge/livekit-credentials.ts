/**
 * LiveKit's public development credentials (`livekit-server --dev`: key `devkey`, secret
 * `secret`) are fine on a developer's machine and nowhere else: anyone can sign a token with them.
 * Outside local development the edge refuses to mint with them, as if LiveKit were not configured.
 * The LiveKit token route calls `refuseLiveKitDevKeys(c.env)` before minting.
 */
import { type Bindings, isLocalDevelopment } from './env.ts';
import { ApiError } from './errors.ts';

export const LIVEKIT_DEV_API_KEY = 'devkey';
export const LIVEKIT_DEV_API_SECRET = 'secret';

/** True when the configured LiveKit credentials are the public development ones. */
export function usesLiveKitDevKeys(env: Bindings | undefined): boolean {
  return (
    env?.LIVEKIT_API_KEY === LIVEKIT_DEV_API_KEY ||
    env?.LIVEKIT_API_SECRET === LIVEKIT_DEV_API_SECRET
  );
}

/**
 * Throws a 503 (`not_configured`) when the public development credentials are configured outside
 * local development. The message names no setting: a visitor learns only that BMO is unavailable.
 */
export function refuseLiveKitDevKeys(env: Bindings | undefined): void {
  if (!isLocalDevelopment(env) && usesLiveKitDevKeys(env)) {
    console.error(JSON.stringify({ event: 'livekit_dev_keys_refused' }));
    throw new ApiError(
      503,
      'not_configured',
      'BMO is not available on this site right now. Please try again later.',
    );
  }
}
