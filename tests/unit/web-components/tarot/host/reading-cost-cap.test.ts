/**
 * A reading's cost cap: the edge returns the deployer's READING_MAX_MINUTES with the reading token
 * (required deployed, none in local development unless set), and the page's controller says
 * so a minute before, ends the reading at the cap, and counts from the first start across
 * reconnects and reloads (sessionStorage per element instance) until the person ends the reading.
 */
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadingTokenResponse } from '../../../../../contracts/reading-token.ts';
import type { AppEnv } from '../../../../../edge/env.ts';
import { capProblems, readingCaps } from '../../../../../edge/realtime/caps.ts';
import { readingTokenRoutes } from '../../../../../edge/routes/reading-token.ts';
import { createAnnouncer } from '../../../../../web-components/stores/announcer.ts';
import {
  COST_CAP_ENDED,
  COST_CAP_NOTICE,
  ReadingCostCap,
} from '../../../../../web-components/tarot/host/reading-cost-cap.ts';
import { deployed } from '../../../../support/edge-env.ts';

const MINUTE = 60_000;

describe('READING_MAX_MINUTES at the edge', () => {
  it('is what the deployer set; unset or 0 is none locally and a misconfiguration deployed, never no cap', () => {
    const minutes = (env: Parameters<typeof readingCaps>[0]) => readingCaps(env).minutes;
    expect(minutes({ LOCAL_DEVELOPMENT: 'true' })).toBeUndefined();
    expect(minutes(deployed({ READING_MAX_MINUTES: '12' }))).toBe(12);
    expect(minutes({ LOCAL_DEVELOPMENT: 'true', READING_MAX_MINUTES: '5' })).toBe(5);
    expect(capProblems({ LOCAL_DEVELOPMENT: 'true' })).toEqual([]);
    for (const setting of [undefined, '', '0', 'lots', '-5', '1.5', '99999']) {
      const env = deployed({ READING_MAX_MINUTES: setting });
      expect(minutes(env), String(setting)).toBeUndefined();
      expect(
        capProblems(env).map((p) => p.setting),
        String(setting),
      ).toEqual(['READING_MAX_MINUTES']);
    }
    expect(capProblems(deployed())).toEqual([]);
  });

  it('comes back with the reading token as maxSessionMinutes, and is absent with no cap', async () => {
    const app = new Hono<AppEnv>().route('/api/voice', readingTokenRoutes);
    const ask = (extra: Record<string, string>) =>
      app.request(
        '/api/voice/token',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sessionId: '3f9a1c2e-7b4d-4e8f-a1b2-c3d4e5f60718', mode: 'text' }),
        },
        { LOCAL_DEVELOPMENT: 'true', ...extra },
      );
    const capped = ReadingTokenResponse.parse(
      await (await ask({ READING_MAX_MINUTES: '5' })).json(),
    );
    expect(capped.maxSessionMinutes).toBe(5);
    const free = ReadingTokenResponse.parse(await (await ask({})).json());
    expect(free).not.toHaveProperty('maxSessionMinutes');
  });
});

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('the page’s reading cost cap', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function cap(storage = memoryStorage(), key = 'one:text') {
    const announcer = createAnnouncer();
    const ended: number[] = [];
    const controller = new ReadingCostCap({
      key: () => key,
      announcer,
      end: () => ended.push(Date.now()),
      storage,
    });
    return { controller, announcer, ended, storage };
  }

  it('says so a minute before in the reading’s live region, then ends the reading at the cap', () => {
    const { controller, announcer, ended } = cap();
    controller.connected(3);
    vi.advanceTimersByTime(2 * MINUTE - 1);
    expect(announcer.$polite.get()?.message ?? '').not.toBe(COST_CAP_NOTICE);
    vi.advanceTimersByTime(1);
    expect(announcer.$polite.get()?.message).toBe(COST_CAP_NOTICE);
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(MINUTE);
    expect(ended).toHaveLength(1);
    expect(announcer.$polite.get()?.message).toBe(COST_CAP_ENDED);
  });

  it('counts across a reconnect and a reload from the first start; a cap already past ends at once', () => {
    const storage = memoryStorage();
    const first = cap(storage);
    first.controller.connected(10);
    vi.advanceTimersByTime(4 * MINUTE);
    first.controller.connected(10); // a reconnect asks for a fresh token
    vi.advanceTimersByTime(3 * MINUTE);
    first.controller.stop(); // the page reloads
    const reloaded = cap(storage);
    reloaded.controller.connected(10);
    vi.advanceTimersByTime(3 * MINUTE - 1);
    expect(reloaded.ended).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reloaded.ended).toHaveLength(1);
    const later = cap(storage);
    later.controller.connected(10);
    expect(later.ended).toHaveLength(1);
  });

  it('keeps each element instance’s clock apart, and starts afresh after the person ends the reading', () => {
    const storage = memoryStorage();
    const one = cap(storage, 'one:text');
    const two = cap(storage, 'two:text');
    one.controller.connected(5);
    vi.advanceTimersByTime(4 * MINUTE);
    two.controller.connected(5);
    vi.advanceTimersByTime(MINUTE);
    expect(one.ended).toHaveLength(1);
    expect(two.ended).toEqual([]);
    two.controller.reset();
    two.controller.connected(5);
    vi.advanceTimersByTime(5 * MINUTE - 1);
    expect(two.ended).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(two.ended).toHaveLength(1);
  });

  it('does nothing without a cap', () => {
    const { controller, ended } = cap();
    controller.connected(undefined);
    vi.advanceTimersByTime(24 * 60 * MINUTE);
    expect(ended).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
