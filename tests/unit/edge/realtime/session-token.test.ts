/**
 * Call and relay tokens are bound to the client that paid for them (edge/realtime/session-token.ts):
 * the token carries a tag of the client's key, not its address, and opens its session for that
 * client only.
 */
import { describe, expect, it } from 'vitest';
import { mintSessionToken, verifySessionToken } from '../../../../edge/realtime/session-token.ts';

const CLAIMS = { sessionId: 'reading-1', ttlSeconds: 60, capSeconds: 600, maxTokens: 1000 };

describe('a session token bound to its client', () => {
  it('opens for the client it was handed to, and is refused, in words, to any other', async () => {
    const { token } = await mintSessionToken('call', 'sk-upstream', {
      ...CLAIMS,
      client: '198.51.100.7',
    });
    const own = await verifySessionToken('call', 'sk-upstream', token, { client: '198.51.100.7' });
    expect(own.ok).toBe(true);
    const other = await verifySessionToken('call', 'sk-upstream', token, { client: '203.0.113.1' });
    expect(other).toEqual({
      ok: false,
      expired: false,
      message: 'This voice call token was given to another connection: start the reading again.',
    });
  });

  it("carries no trace of the client's address", async () => {
    const { token, payload } = await mintSessionToken('relay', 'sk-upstream', {
      ...CLAIMS,
      client: '2001:db8:1:2::/64',
    });
    expect(payload.cli).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const readable = Buffer.from(token.split('.')[0]?.slice('ek_relay_'.length) ?? '', 'base64url');
    expect(readable.toString()).not.toContain('2001');
  });
});
