import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import {
  $bmoAgentState,
  $bmoError,
  $bmoTranscript,
  MAX_TRANSCRIPT_ENTRIES,
  resetBmo,
  setBmoAgentState,
  setBmoError,
  upsertBmoTranscript,
} from '../../web-components/stores/bmo.ts';
import { $cassette, clearCassette, setCassette } from '../../web-components/stores/cassette.ts';

afterEach(() => {
  clearCassette();
  resetBmo();
  cleanStores($cassette, $bmoTranscript, $bmoAgentState, $bmoError);
});

describe('cassette store', () => {
  it('holds the latest cassette with its receipt time, and empties', () => {
    const before = Date.now();
    const first = setCassette({ title: 'Philhealth ID', content: '1234-5678-9012' });
    expect($cassette.get()).toEqual(first);
    expect(first).toMatchObject({ title: 'Philhealth ID', content: '1234-5678-9012' });
    expect(first.receivedAt).toBeGreaterThanOrEqual(before);

    const second = setCassette({ title: 'Wi-Fi', content: 'hunter2' });
    expect($cassette.get()).toEqual(second);
    clearCassette();
    expect($cassette.get()).toBeNull();
  });

  it('tells the same message sent twice apart, so the slot shows it arriving again', () => {
    const a = setCassette({ title: 'PIN', content: '0000' });
    const b = setCassette({ title: 'PIN', content: '0000' });
    expect(a.id).not.toBe(b.id);
  });

  it('keeps plain data only (it survives structured cloning)', () => {
    const cassette = setCassette({ title: 'PIN', content: '0000' });
    expect(structuredClone(cassette)).toEqual(cassette);
  });
});

describe('BMO store', () => {
  it('adds transcript lines and replaces a line that grows under the same id', () => {
    upsertBmoTranscript({ id: 's1', speaker: 'agent', text: 'Hel', final: false });
    upsertBmoTranscript({ id: 'c1', speaker: 'user', text: 'Hi BMO', final: true });
    upsertBmoTranscript({ id: 's1', speaker: 'agent', text: 'Hello!', final: true });
    expect($bmoTranscript.get()).toEqual([
      { id: 's1', speaker: 'agent', text: 'Hello!', final: true },
      { id: 'c1', speaker: 'user', text: 'Hi BMO', final: true },
    ]);
  });

  it('keeps only the latest lines of a long conversation', () => {
    for (let i = 0; i < MAX_TRANSCRIPT_ENTRIES + 5; i += 1) {
      upsertBmoTranscript({ id: `l${i}`, speaker: 'user', text: String(i), final: true });
    }
    const lines = $bmoTranscript.get();
    expect(lines).toHaveLength(MAX_TRANSCRIPT_ENTRIES);
    expect(lines[0]?.id).toBe('l5');
  });

  it('resets to a fresh, disconnected page', () => {
    setBmoAgentState('speaking');
    setBmoError({ code: 'agent_timeout', message: 'BMO did not join.' });
    upsertBmoTranscript({ id: 'x', speaker: 'user', text: 'hi', final: true });
    resetBmo();
    expect($bmoAgentState.get()).toBe('disconnected');
    expect($bmoError.get()).toBeNull();
    expect($bmoTranscript.get()).toEqual([]);
  });
});
