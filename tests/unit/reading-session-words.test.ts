/**
 * The reading session's visitor-facing errors and notes are the host's words: a Spanish
 * `<tarot-reading>` gets its connection errors, microphone messages and stall choices in Spanish.
 */
import { describe, expect, it } from 'vitest';
import { EdgeError } from '../../web-components/shared/edge-client.ts';
import {
  readableConnectError,
  readingErrorFrom,
} from '../../web-components/tarot/session/connection.ts';
import { stallChoice } from '../../web-components/tarot/session/stall-choice.ts';
import { tarotEn } from '../../web-components/tarot/strings-en.ts';
import { tarotEs } from '../../web-components/tarot/strings-es.ts';

describe('the reading session’s words', () => {
  it('says an edge error in the visitor’s language, keeping its code', () => {
    const busy = readingErrorFrom(
      new EdgeError('busy', { code: 'upstream_busy', status: 503 }),
      tarotEs,
    );
    expect(busy.message).toBe(tarotEs.upstreamBusy);
    expect(busy.code).toBe('upstream_busy');
    expect(
      readingErrorFrom(new EdgeError('slow down', { code: 'rate_limited', status: 429 })).message,
    ).toBe(tarotEn.rateLimited);
  });

  it('says a failed connection and a refused microphone in Spanish', () => {
    const refused = new Error('Realtime call request failed with status 401');
    expect(readableConnectError(refused, 'openai', false, tarotEs)).toBe(tarotEs.keyRefused);
    expect(readableConnectError(refused, 'openai', true, tarotEs)).toBe(tarotEs.callPassRefused);
    const blocked = new DOMException('denied', 'NotAllowedError');
    expect(readableConnectError(blocked, 'openai', false, tarotEs)).toBe(tarotEs.micBlocked);
    expect(readableConnectError(new Error(''), 'local', false, tarotEs)).toBe(
      tarotEs.offlineRefused,
    );
  });

  it('offers a stall choice in Spanish', () => {
    expect(stallChoice('voice', 'Reading', 'draw_card', 'timeout', tarotEs)?.message).toBe(
      'No se ha elegido ninguna carta a tiempo. ¿Qué quieres hacer?',
    );
    expect(stallChoice('voice', 'Reading', 'show_card', 'failed', tarotEs)?.message).toBe(
      tarotEs.cardNotShown,
    );
  });
});
