import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { describe, expect, it } from 'vitest';
import {
  createReadingStore,
  type ReadingStore,
} from '../../../../../web-components/stores/reading.ts';
import { ReadingEvents } from '../../../../../web-components/tarot/host/reading-events.ts';

/** A stand-in for the element: an event target that holds controllers. */
class Host extends EventTarget implements ReactiveControllerHost {
  controllers: ReactiveController[] = [];
  heard: { type: string; detail: unknown; bubbles: boolean; composed: boolean }[] = [];
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {}
  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }
  listen(...types: string[]): void {
    for (const type of types) {
      this.addEventListener(type, (event) => {
        if (event instanceof CustomEvent) {
          this.heard.push({
            type,
            detail: event.detail,
            bubbles: event.bubbles,
            composed: event.composed,
          });
        }
      });
    }
  }
}

const TYPES = [
  'tarot-reading-session-start',
  'tarot-reading-session-end',
  'tarot-reading-phase',
  'tarot-reading-card-drawn',
  'tarot-reading-card-shown',
  'tarot-reading-complete',
  'tarot-reading-error',
];

function setup(mode: 'text' | 'voice' = 'text') {
  const host = new Host();
  host.listen(...TYPES);
  let active: { store: ReadingStore; mode: 'text' | 'voice' } | undefined = {
    store: createReadingStore(),
    mode,
  };
  const events = new ReadingEvents(host, { active: () => active });
  for (const controller of host.controllers) controller.hostConnected?.();
  return {
    host,
    events,
    store: () => {
      if (!active) throw new Error('no active reading');
      return active.store;
    },
    switchTo: (next: typeof active) => {
      active = next;
      for (const controller of host.controllers) controller.hostUpdate?.();
    },
  };
}

const card = {
  cardId: 'the-star',
  cardName: 'The Star',
  reversed: false,
  positionLabel: 'Future',
  promptRole: 'where this leads',
};

describe('the host events of a reading', () => {
  it('fire from the store in the order a reading goes, each with its session id, bubbling and composed', () => {
    const { host, store } = setup();
    const s = store();
    s.setSessionId('s-1');
    s.setConnection('connecting');
    s.setEngine('local');
    s.setConnection('connected');
    s.setAgent('IntentAssessment');
    s.setAgent('SpreadGeneration');
    s.addDrawnCard(card);
    s.setAgent('Reading');
    s.showCard(card);
    s.markCardShown('the-star');
    s.setReading({
      interpretations: [{ positionLabel: 'Future', cardId: 'the-star', summary: 'Hope.' }],
      synthesis: 'Hope.',
      advice: '',
    });
    s.setAgent('Followup');
    s.setConnection('disconnected');

    expect(host.heard.map((event) => event.type)).toEqual([
      'tarot-reading-session-start',
      'tarot-reading-phase',
      'tarot-reading-phase',
      'tarot-reading-card-drawn',
      'tarot-reading-phase',
      'tarot-reading-card-shown',
      'tarot-reading-complete',
      'tarot-reading-phase',
      'tarot-reading-session-end',
    ]);
    expect(host.heard.every((event) => event.bubbles && event.composed)).toBe(true);
    expect(host.heard[0]?.detail).toEqual({ sessionId: 's-1', mode: 'text', engine: 'local' });
    expect(host.heard[3]?.detail).toEqual({
      sessionId: 's-1',
      cardId: 'the-star',
      cardName: 'The Star',
      reversed: false,
      positionLabel: 'Future',
    });
    expect(host.heard[6]?.detail).toEqual({
      sessionId: 's-1',
      cards: [
        { cardId: 'the-star', cardName: 'The Star', reversed: false, positionLabel: 'Future' },
      ],
    });
    expect(host.heard[8]?.detail).toEqual({ sessionId: 's-1', mode: 'text', reason: 'ended' });
  });

  it('say a dropped connection ended the session as lost, with the error before it', () => {
    const { host, store } = setup('voice');
    const s = store();
    s.setSessionId('s-2');
    s.setConnection('connected');
    s.setError({ kind: 'connection', message: 'The connection to the reader closed.' });
    s.setConnection('disconnected');
    expect(host.heard.map((event) => [event.type, event.detail])).toEqual([
      ['tarot-reading-session-start', { sessionId: 's-2', mode: 'voice', engine: null }],
      [
        'tarot-reading-error',
        { sessionId: 's-2', code: 'connection', message: 'The connection to the reader closed.' },
      ],
      ['tarot-reading-session-end', { sessionId: 's-2', mode: 'voice', reason: 'lost' }],
    ]);
  });

  it('a reading that never connected fires its error but no start or end', () => {
    const { host, store } = setup();
    const s = store();
    s.setSessionId('s-3');
    s.setConnection('connecting');
    s.setError({ kind: 'connection', message: 'Could not reach the reading service.' });
    s.setConnection('error');
    expect(host.heard.map((event) => event.type)).toEqual(['tarot-reading-error']);
  });

  it('follow the mode that is active, and fall silent in the mode selection', () => {
    const { host, store, switchTo } = setup();
    const text = store();
    const voice = createReadingStore();
    switchTo({ store: voice, mode: 'voice' });
    text.setAgent('Reading');
    voice.setAgent('Followup');
    switchTo(undefined);
    voice.setAgent('Reading');
    expect(host.heard.map((event) => event.detail)).toEqual([
      { sessionId: '', agent: 'Followup', label: 'Followup' },
    ]);
  });

  it('report a failure outside any store (the code did not load) as an error with its code', () => {
    const { host, events } = setup();
    events.error('load', 'The reading could not be loaded.');
    expect(host.heard).toEqual([
      {
        type: 'tarot-reading-error',
        detail: { sessionId: null, code: 'load', message: 'The reading could not be loaded.' },
        bubbles: true,
        composed: true,
      },
    ]);
  });
});
