/**
 * The reading session's visitor-facing errors and notes are the host's words: a Spanish
 * `<tarot-reading>` gets its connection errors, microphone messages and stall choices in Spanish.
 */
import { RunContext } from '@openai/agents-core';
import { describe, expect, it, vi } from 'vitest';
import {
  type ReadingFacts,
  createReadingFacts,
} from '../../../../../web-components/tarot/agents/context.ts';
import {
  createDrawCardTool,
  createShowCardTool,
} from '../../../../../web-components/tarot/agents/tools.ts';
import { EdgeError } from '../../../../../web-components/shared/edge-client.ts';
import {
  readableConnectError,
  readingErrorFrom,
} from '../../../../../web-components/tarot/session/token.ts';
import { stallChoice } from '../../../../../web-components/tarot/session/stall-choice.ts';
import { tarotSessionEn } from '../../../../../web-components/tarot/i18n/session-en.ts';
import { tarotEs } from '../../../../../web-components/tarot/i18n/es.ts';
import { tarotSessionEs } from '../../../../../web-components/tarot/i18n/session-es.ts';
import { pageHost } from '../../../helpers/page-agents.ts';

/** A Spanish reading's strings: the elements' and the session's. */
const readingEs = { ...tarotEs, ...tarotSessionEs };

describe('the reading session’s words', () => {
  it('says an edge error in the visitor’s language, keeping its code', () => {
    const busy = readingErrorFrom(
      new EdgeError('busy', { code: 'upstream_busy', status: 503 }),
      readingEs,
    );
    expect(busy.message).toBe(readingEs.upstreamBusy);
    expect(busy.code).toBe('upstream_busy');
    expect(
      readingErrorFrom(new EdgeError('slow down', { code: 'rate_limited', status: 429 })).message,
    ).toBe(tarotSessionEn.rateLimited);
  });

  it('says a failed connection and a refused microphone in Spanish', () => {
    const refused = new Error('Realtime call request failed with status 401');
    expect(readableConnectError(refused, 'openai', false, readingEs)).toBe(readingEs.keyRefused);
    expect(readableConnectError(refused, 'openai', true, readingEs)).toBe(
      readingEs.callPassRefused,
    );
    const blocked = new DOMException('denied', 'NotAllowedError');
    expect(readableConnectError(blocked, 'openai', false, readingEs)).toBe(readingEs.micBlocked);
    expect(readableConnectError(new Error(''), 'local', false, readingEs)).toBe(
      readingEs.offlineRefused,
    );
  });

  it('offers a stall choice in Spanish', () => {
    expect(stallChoice('voice', 'Reading', 'draw_card', 'timeout', readingEs)?.message).toBe(
      'No se ha elegido ninguna carta a tiempo. ¿Qué quieres hacer?',
    );
    expect(stallChoice('voice', 'Reading', 'show_card', 'failed', readingEs)?.message).toBe(
      readingEs.cardNotShown,
    );
  });
});

describe('what the reading’s tools show while they run', () => {
  const context = (facts: ReadingFacts) => new RunContext({ reading: facts, history: [] });

  it('says the draw and the card shown in the visitor’s language', async () => {
    const facts = createReadingFacts('text', 'es');
    facts.cards.push({
      cardId: 'the-star',
      cardName: 'The Star',
      reversed: true,
      positionLabel: 'Pasado',
      promptRole: 'lo que fue',
    });
    const host = {
      ...pageHost(facts),
      strings: () => readingEs,
      // the visitor has not picked yet: the draw stays running
      requestPick: () => new Promise<never>(() => undefined),
    };
    const draw = createDrawCardTool(host, 'SpreadGeneration');
    void draw.invoke(
      context(facts),
      JSON.stringify({ positionLabel: 'Futuro', promptRole: 'lo que viene' }),
    );
    await vi.waitFor(() =>
      expect(host.store.$toolActivity.get()).toMatchObject({
        status: 'running',
        label: 'Sacando una carta para la posición Futuro',
      }),
    );
    const show = createShowCardTool(host, 'Reading');
    await show.invoke(context(facts), JSON.stringify({ cardId: 'the-star', reversed: true }));
    expect(host.store.$toolActivity.get()).toEqual({
      tool: 'show_card',
      status: 'success',
      label: 'Carta mostrada',
    });
    expect(readingEs.toolShowing(readingEs.cardName('the-star'), true)).toBe(
      'Mostrando La Estrella, invertida',
    );
  });
});
