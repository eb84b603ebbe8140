import { describe, expect, it } from 'vitest';
import { isTimeZone } from '../../../contracts/livekit-schema.ts';

describe('isTimeZone (the token request\u2019s time zone check)', () => {
  it('accepts a zone the runtime knows, again and again, from its cache', () => {
    for (let i = 0; i < 3; i++) expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('europe/paris')).toBe(true);
  });

  it('refuses a name the runtime does not know, however often it is asked', () => {
    for (let i = 0; i < 3; i++) expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('keeps answering for every valid zone once its cache is full', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.length).toBeGreaterThan(300);
    // Case variants are valid names too: enough of them to pass the cache's cap.
    const variants = zones.flatMap((zone) => [zone, zone.toUpperCase(), zone.toLowerCase()]);
    expect(variants.length).toBeGreaterThan(1000);
    expect(variants.every(isTimeZone)).toBe(true);
    expect(isTimeZone('Not/A_Zone')).toBe(false);
  });
});
