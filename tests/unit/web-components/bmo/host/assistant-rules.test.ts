import { describe, expect, it } from 'vitest';
import { statusText } from '../../../../../web-components/bmo/host/assistant-controller.ts';
import { unreachableMessage } from '../../../../../web-components/bmo/session/rules.ts';

describe('statusText', () => {
  it('says the connection until the room is joined, then what BMO is doing', () => {
    expect(statusText('disconnected', 'disconnected')).toBe('Not connected');
    expect(statusText('connecting', 'connecting')).toBe('Connecting…');
    expect(statusText('reconnecting', 'listening')).toBe('Connection dropped. Reconnecting…');
    expect(statusText('connected', 'connecting')).toBe('Waiting for BMO to join…');
    expect(statusText('connected', 'disconnected')).toBe('BMO is not in the room');
    expect(statusText('connected', 'thinking')).toBe('BMO is thinking');
  });

  it('says "typing only" in a room joined without a microphone, and only in a room', () => {
    expect(statusText('connected', 'listening', true)).toBe('BMO is listening (typing only)');
    expect(statusText('disconnected', 'disconnected', true)).toBe('Not connected');
  });
});

describe('unreachableMessage', () => {
  const page = 'https://bmo.example/bmo';

  it('keeps the plain words for the page’s own token route', () => {
    const plain = 'Could not reach the server. Check your connection and retry.';
    expect(unreachableMessage('/api/livekit/token', page)).toBe(plain);
    expect(unreachableMessage('https://bmo.example/api/livekit/token', page)).toBe(plain);
    expect(unreachableMessage('/api/livekit/token', undefined)).toBe(plain);
  });

  it('names the other site’s server, and that it may not allow this site', () => {
    const message = unreachableMessage('https://edge.example:8443/api/livekit/token', page);
    expect(message).toContain("Could not reach BMO's server at edge.example:8443.");
    expect(message).toContain('that server may not allow this site');
  });
});
