import { describe, expect, it } from 'vitest';
import { requestReadingToken } from '../../../../../web-components/tarot/session/token.ts';
import { apiUrl } from '../../../../../web-components/shared/api-url.ts';

const SESSION = '7d6f4a43-0f0a-4f57-9a1c-1f4ad0f0e0b1';

function recordingFetch(status: number, body: unknown, urls: string[]): typeof fetch {
  return async (input) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

describe('the edge an embed talks to (api-base)', () => {
  it('puts API paths below the edge origin, or on the page’s own origin when none is given', () => {
    expect(apiUrl('', '/api/voice/token')).toBe('/api/voice/token');
    expect(apiUrl(undefined, '/api/health')).toBe('/api/health');
    expect(apiUrl('https://edge.example', '/api/voice/token')).toBe(
      'https://edge.example/api/voice/token',
    );
    expect(apiUrl(' https://edge.example// ', '/api/health')).toBe(
      'https://edge.example/api/health',
    );
  });

  it('asks that edge for the reading token; the default stays the page’s own route', async () => {
    const urls: string[] = [];
    const answer = { engine: 'openai', token: 'ek_abc', expiresAt: 1_900_000_000, model: 'm' };
    await requestReadingToken({
      mode: 'voice',
      sessionId: SESSION,
      apiBase: 'https://edge.example/',
      fetch: recordingFetch(200, answer, urls),
    });
    await requestReadingToken({
      mode: 'voice',
      sessionId: SESSION,
      fetch: recordingFetch(200, answer, urls),
    });
    expect(urls).toEqual(['https://edge.example/api/voice/token', '/api/voice/token']);
  });

  it('says that another origin’s edge may be down or may not accept this site, when it cannot be reached', async () => {
    const attempt = requestReadingToken({
      mode: 'text',
      sessionId: SESSION,
      apiBase: 'https://edge.example',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(attempt).rejects.toThrow(
      'Could not reach the reading service at https://edge.example. It may be offline, or it may not accept readings from this site.',
    );
  });
});
