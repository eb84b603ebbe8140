import { describe, expect, it } from 'vitest';
import { requestReaderEngine } from '../../../../../web-components/tarot/host/reader-engine.ts';

function recordingFetch(status: number, body: unknown, urls: string[]): typeof fetch {
  return async (input) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

describe('the reader engine question, asked of the edge’s health check before any reading', () => {
  it('reads the engine and whether its reader hears from the edge’s health check, and null when the edge cannot say', async () => {
    const urls: string[] = [];
    const health = { status: 'ok', reader: 'local', livekit: false, time: '2026-01-01T00:00:00Z' };
    expect(
      await requestReaderEngine({
        apiBase: 'https://edge.example',
        fetch: recordingFetch(200, health, urls),
      }),
    ).toEqual({ engine: 'local', hears: false });
    // An edge whose offline reader hears says so.
    expect(
      await requestReaderEngine({ fetch: recordingFetch(200, { ...health, hears: true }, []) }),
    ).toEqual({ engine: 'local', hears: true });
    expect(urls).toEqual(['https://edge.example/api/health']);
    expect(await requestReaderEngine({ fetch: recordingFetch(200, { status: 'ok' }, []) })).toBe(
      null,
    );
    expect(
      await requestReaderEngine({
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      }),
    ).toBe(null);
  });

  it('reads no engine from an answer that is not the contract’s, or from an error status', async () => {
    const health = { status: 'ok', reader: 'local', time: '2026-01-01T00:00:00Z' };
    for (const body of [
      { ...health, reader: 'other' },
      { ...health, hears: 'yes' },
      { ...health, time: undefined },
      { ...health, status: 'down' },
      [health],
    ]) {
      expect(await requestReaderEngine({ fetch: recordingFetch(200, body, []) })).toBe(null);
    }
    expect(await requestReaderEngine({ fetch: recordingFetch(503, health, []) })).toBe(null);
  });
});
