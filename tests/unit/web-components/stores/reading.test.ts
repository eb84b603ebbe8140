import { describe, expect, it } from 'vitest';
import type { DrawnCard } from '../../../../contracts/reading-schema.ts';
import * as readingStores from '../../../../web-components/stores/reading.ts';

const { createReadingStore } = readingStores;

const past: DrawnCard = {
  cardId: 'the-tower',
  cardName: 'The Tower',
  reversed: false,
  positionLabel: 'Past',
  promptRole: 'what shaped the situation',
};
const present: DrawnCard = {
  cardId: 'three-of-cups',
  cardName: 'Three of Cups',
  reversed: true,
  positionLabel: 'Present',
  promptRole: 'where you stand',
};

describe('the reading store', () => {
  it('starts empty: no agent, idle connection, closed picker, no cards', () => {
    const store = createReadingStore();
    expect(store.$agent.get()).toBeNull();
    expect(store.$connection.get()).toBe('idle');
    expect(store.$engine.get()).toBeNull();
    expect(store.$picker.get()).toEqual({ open: false });
    expect(store.$cards.get()).toEqual([]);
    expect(store.$transcript.get()).toEqual([]);
    expect(store.$audio.get()).toEqual({ listening: false, speaking: false });
  });

  it('keeps every store it makes isolated from the others (one per reading, per mode)', () => {
    const first = createReadingStore();
    const second = createReadingStore();
    first.setSessionId('first');
    first.setAgent('SpreadGeneration');
    first.addDrawnCard(past);
    first.openPicker({ positionLabel: 'Past', promptRole: 'what shaped the situation' });
    expect(second.$sessionId.get()).toBeNull();
    expect(second.$agent.get()).toBeNull();
    expect(second.$cards.get()).toEqual([]);
    expect(second.$picker.get()).toEqual({ open: false });
    first.reset();
    expect(first.$sessionId.get()).toBeNull();
  });

  it('exports a factory, not a store: nothing in the module is shared session state', () => {
    const values = Object.values(readingStores);
    const stateful = values.filter(
      (value) =>
        typeof value === 'object' && value !== null && ('get' in value || '$agent' in value),
    );
    expect(stateful).toEqual([]);
  });

  it('opens the picker with the position label and prompt role, and closes it', () => {
    const store = createReadingStore();
    store.openPicker({ positionLabel: 'Past', promptRole: 'what shaped the situation' });
    expect(store.$picker.get()).toEqual({
      open: true,
      positionLabel: 'Past',
      promptRole: 'what shaped the situation',
    });
    store.closePicker();
    expect(store.$picker.get()).toEqual({ open: false });
  });

  it('keeps drawn cards in the order drawn and never adds the same card twice', () => {
    const store = createReadingStore();
    expect(store.addDrawnCard(past)).toBe(true);
    expect(store.addDrawnCard(present)).toBe(true);
    expect(store.addDrawnCard({ ...past, positionLabel: 'Future' })).toBe(false);
    expect(store.$cards.get().map((card) => card.cardId)).toEqual(['the-tower', 'three-of-cups']);
    expect(store.$drawnIds.get()).toEqual(['the-tower', 'three-of-cups']);
  });

  it('summarises the spread as it grows: every position of the layout, filled as cards arrive', () => {
    const store = createReadingStore();
    store.addDrawnCard(past);
    expect(store.$spreadRows.get()).toEqual([
      { positionLabel: 'Past', promptRole: 'what shaped the situation', card: past },
    ]);
    store.setSpread({
      name: 'Past, Present, Future',
      positions: [
        { label: 'Past', role: 'what shaped the situation' },
        { label: 'Present', role: 'where you stand' },
        { label: 'Future', role: 'where it leads' },
      ],
    });
    store.addDrawnCard(present);
    const clarification: DrawnCard = {
      cardId: 'the-star',
      cardName: 'The Star',
      reversed: false,
      positionLabel: 'Clarification',
      promptRole: 'what helps',
    };
    store.addDrawnCard(clarification);
    expect(
      store.$spreadRows.get().map((row) => [row.positionLabel, row.card?.cardId ?? null]),
    ).toEqual([
      ['Past', 'the-tower'],
      ['Present', 'three-of-cups'],
      ['Future', null],
      ['Clarification', 'the-star'],
    ]);
  });

  it('shows a card as revealing until the stage reports it shown', () => {
    const store = createReadingStore();
    store.showCard({ cardId: 'the-tower', cardName: 'The Tower', reversed: true });
    expect(store.$displayed.get()).toEqual({
      cardId: 'the-tower',
      cardName: 'The Tower',
      reversed: true,
      status: 'revealing',
    });
    store.markCardShown('the-fool');
    expect(store.$displayed.get()?.status).toBe('revealing');
    store.markCardShown('the-tower');
    expect(store.$displayed.get()?.status).toBe('shown');
  });

  it('records agent, connection, engine, phase findings, tool activity, errors and audio', () => {
    const store = createReadingStore();
    store.setAgent('Reading');
    store.setConnection('connected');
    store.setEngine('local');
    store.setIntent({
      intentSummary: 'Should I move?',
      hiddenConcern: '',
      topic: 'general',
      timeframe: 'this year',
    });
    store.setReading({
      interpretations: [{ cardId: 'the-tower', positionLabel: 'Past', summary: 'upheaval' }],
      synthesis: 's',
      advice: 'a',
    });
    store.setToolActivity({
      tool: 'draw_card',
      status: 'running',
      label: 'Drawing a card for the Past position',
    });
    store.setError({ kind: 'connection', message: 'The reader refused the connection.' });
    store.setAudio({ speaking: true });
    expect(store.$agent.get()).toBe('Reading');
    expect(store.$connection.get()).toBe('connected');
    expect(store.$engine.get()).toBe('local');
    expect(store.$intent.get()?.topic).toBe('general');
    expect(store.$reading.get()?.interpretations).toHaveLength(1);
    expect(store.$toolActivity.get()?.label).toBe('Drawing a card for the Past position');
    expect(store.$error.get()?.kind).toBe('connection');
    expect(store.$audio.get()).toEqual({ listening: false, speaking: true });
  });

  it('resets to a fresh reading', () => {
    const store = createReadingStore();
    store.setAgent('Followup');
    store.addDrawnCard(past);
    store.openPicker({ positionLabel: 'Past', promptRole: 'r' });
    store.setTranscript([{ kind: 'message', id: '1', role: 'user', text: 'hi', done: true }]);
    store.reset();
    expect(store.$agent.get()).toBeNull();
    expect(store.$cards.get()).toEqual([]);
    expect(store.$picker.get()).toEqual({ open: false });
    expect(store.$transcript.get()).toEqual([]);
    expect(store.$spreadRows.get()).toEqual([]);
  });
});
