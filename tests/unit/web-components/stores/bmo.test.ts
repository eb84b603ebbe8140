import { cleanStores } from 'nanostores';
import { describe, expect, it } from 'vitest';
import {
  announceBmo,
  createBmoStores,
  MAX_TRANSCRIPT_ENTRIES,
  resetBmo,
  upsertBmoTranscript,
} from '../../../../web-components/stores/bmo.ts';
import { createCassetteStore } from '../../../../web-components/stores/cassette.ts';

describe('cassette store', () => {
  it('holds the latest cassette with its receipt time, and empties', () => {
    const store = createCassetteStore();
    const before = Date.now();
    const first = store.set({ title: 'Philhealth ID', content: '1234-5678-9012' });
    expect(store.$cassette.get()).toEqual(first);
    expect(first).toMatchObject({ title: 'Philhealth ID', content: '1234-5678-9012' });
    expect(first.receivedAt).toBeGreaterThanOrEqual(before);

    const second = store.set({ title: 'Wi-Fi', content: 'hunter2' });
    expect(store.$cassette.get()).toEqual(second);
    store.clear();
    expect(store.$cassette.get()).toBeNull();
    cleanStores(store.$cassette);
  });

  it('tells the same message sent twice apart, so the slot shows it arriving again', () => {
    const store = createCassetteStore();
    const a = store.set({ title: 'PIN', content: '0000' });
    const b = store.set({ title: 'PIN', content: '0000' });
    expect(a.id).not.toBe(b.id);
  });

  it('keeps plain data only (it survives structured cloning)', () => {
    const cassette = createCassetteStore().set({ title: 'PIN', content: '0000' });
    expect(structuredClone(cassette)).toEqual(cassette);
  });

  it('makes a separate store each time: one slot’s cassette never shows in another', () => {
    const a = createCassetteStore();
    const b = createCassetteStore();
    a.set({ title: 'Wi-Fi', content: 'lemon' });
    expect(b.$cassette.get()).toBeNull();
    b.set({ title: 'PIN', content: '0000' });
    expect(a.$cassette.get()?.title).toBe('Wi-Fi');
  });
});

describe('BMO store', () => {
  it('adds transcript lines and replaces a line that grows under the same id', () => {
    const stores = createBmoStores();
    upsertBmoTranscript(stores, { id: 's1', speaker: 'agent', text: 'Hel', final: false });
    upsertBmoTranscript(stores, { id: 'c1', speaker: 'user', text: 'Hi BMO', final: true });
    upsertBmoTranscript(stores, { id: 's1', speaker: 'agent', text: 'Hello!', final: true });
    expect(stores.$transcript.get()).toEqual([
      { id: 's1', speaker: 'agent', text: 'Hello!', final: true },
      { id: 'c1', speaker: 'user', text: 'Hi BMO', final: true },
    ]);
  });

  it('keeps only the latest lines of a long conversation', () => {
    const stores = createBmoStores();
    for (let i = 0; i < MAX_TRANSCRIPT_ENTRIES + 5; i += 1) {
      upsertBmoTranscript(stores, { id: `l${i}`, speaker: 'user', text: String(i), final: true });
    }
    const lines = stores.$transcript.get();
    expect(lines).toHaveLength(MAX_TRANSCRIPT_ENTRIES);
    expect(lines[0]?.id).toBe('l5');
  });

  it('resets to a fresh, disconnected assistant', () => {
    const stores = createBmoStores();
    stores.$agentState.set('speaking');
    stores.$engine.set('offline');
    stores.$hearing.set('down');
    stores.$notice.set("BMO's hearing stopped working.");
    stores.$error.set({ code: 'agent_timeout', message: 'BMO did not join.' });
    upsertBmoTranscript(stores, { id: 'x', speaker: 'user', text: 'hi', final: true });
    resetBmo(stores);
    expect(stores.$agentState.get()).toBe('disconnected');
    expect(stores.$engine.get()).toBeUndefined();
    expect(stores.$hearing.get()).toBeUndefined();
    expect(stores.$notice.get()).toBeNull();
    expect(stores.$error.get()).toBeNull();
    expect(stores.$transcript.get()).toEqual([]);
  });

  it('gives each assistant its own state: a reset or a line in one leaves the other alone', () => {
    const one = createBmoStores();
    const two = createBmoStores();
    one.$connection.set('connected');
    upsertBmoTranscript(one, { id: 'a', speaker: 'agent', text: 'Hi from one', final: true });
    expect(two.$connection.get()).toBe('disconnected');
    expect(two.$transcript.get()).toEqual([]);
    upsertBmoTranscript(two, { id: 'b', speaker: 'agent', text: 'Hi from two', final: true });
    resetBmo(two);
    expect(one.$transcript.get().map((l) => l.text)).toEqual(['Hi from one']);
    expect(one.$connection.get()).toBe('connected');
  });

  it('announces trimmed words with a new id each time, so the same words are read twice', () => {
    const stores = createBmoStores();
    announceBmo(stores, '  Connected.  ');
    const first = stores.$announcement.get();
    announceBmo(stores, 'Connected.');
    const second = stores.$announcement.get();
    expect(first?.message).toBe('Connected.');
    expect(second?.message).toBe('Connected.');
    expect(second?.id).not.toBe(first?.id);
    announceBmo(stores, '   ');
    expect(stores.$announcement.get()).toEqual(second);
  });
});
