/**
 * LiveKit's public development credentials (`devkey` / `secret`) are refused outside local
 * development: `refuseLiveKitDevKeys` is what the LiveKit token route calls before minting.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../edge/errors.ts';
import { refuseLiveKitDevKeys, usesLiveKitDevKeys } from '../../../edge/livekit-credentials.ts';

const DEV = {
  LIVEKIT_URL: 'wss://lk.example',
  LIVEKIT_API_KEY: 'devkey',
  LIVEKIT_API_SECRET: 'secret',
};

describe('LiveKit development credentials', () => {
  it('are recognised by the key or the secret alone', () => {
    expect(usesLiveKitDevKeys(DEV)).toBe(true);
    expect(usesLiveKitDevKeys({ ...DEV, LIVEKIT_API_SECRET: 'a-real-secret' })).toBe(true);
    expect(usesLiveKitDevKeys({ ...DEV, LIVEKIT_API_KEY: 'APIreal' })).toBe(true);
    expect(usesLiveKitDevKeys({ LIVEKIT_API_KEY: 'APIreal', LIVEKIT_API_SECRET: 'real' })).toBe(
      false,
    );
  });

  it('are refused when deployed, with a 503 that names no setting', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let refused: unknown;
    try {
      refuseLiveKitDevKeys(DEV);
    } catch (error) {
      refused = error;
    }
    vi.restoreAllMocks();
    expect(refused).toBeInstanceOf(ApiError);
    const error = refused as ApiError;
    expect(error.status).toBe(503);
    expect(error.code).toBe('not_configured');
    expect(error.message).not.toMatch(/devkey|secret|LIVEKIT|key/i);
  });

  it('are accepted in local development, and real keys everywhere', () => {
    expect(() => refuseLiveKitDevKeys({ ...DEV, LOCAL_DEVELOPMENT: 'true' })).not.toThrow();
    expect(() =>
      refuseLiveKitDevKeys({ LIVEKIT_API_KEY: 'APIreal', LIVEKIT_API_SECRET: 'real-secret' }),
    ).not.toThrow();
  });
});
