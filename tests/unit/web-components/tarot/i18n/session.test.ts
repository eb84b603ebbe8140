/**
 * A reading's strings: the session's own errors, notes and announcements in the reading's language
 * (loaded with `load()`, which each open waits for), under the host's strings, which a site may
 * have replaced.
 */
import { describe, expect, it } from 'vitest';
import { ReadingLocale } from '../../../../../web-components/tarot/i18n/session.ts';
import { tarotSessionEn } from '../../../../../web-components/tarot/i18n/session-en.ts';
import { tarotSessionJa } from '../../../../../web-components/tarot/i18n/session-ja.ts';
import { tarotSessionAr } from '../../../../../web-components/tarot/i18n/session-ar.ts';
import { tarotEs } from '../../../../../web-components/tarot/i18n/es.ts';

describe('a reading’s strings', () => {
  it('are English until the session’s own load, then the reading’s language', async () => {
    const locale = new ReadingLocale('ja');
    expect(locale.t.connectTimedOut).toBe(tarotSessionEn.connectTimedOut);
    await locale.load();
    expect(locale.t.connectTimedOut).toBe(tarotSessionJa.connectTimedOut);
    expect(locale.t.drawingFor('過去', '過ぎたこと')).toContain('過去');
  });

  it('take the host’s strings over the session’s, a site’s replacements included', async () => {
    const replaced = { reconnecting: 'الاتصال مقطوع، لحظة من فضلك…' };
    const locale = new ReadingLocale('ar', () => ({ ...tarotEs, ...replaced }));
    await locale.load();
    expect(locale.t.reconnecting).toBe(replaced.reconnecting);
    expect(locale.t.reconnected).toBe(tarotSessionAr.reconnected);
    // the host's element strings (here Spanish ones, to tell them apart) come through too
    expect(locale.t.position('Past')).toBe(tarotEs.position('Past'));
  });

  it('load once, and say when they are in: at once for English, after the load for another', async () => {
    const english = new ReadingLocale();
    expect(english.load()).toBe(undefined);
    expect(english.t.reconnected).toBe(tarotSessionEn.reconnected);
    const arabic = new ReadingLocale('ar');
    const first = arabic.load();
    expect(first).toBeInstanceOf(Promise);
    expect(arabic.load()).toBe(first);
    await first;
    expect(arabic.load()).toBe(undefined);
    expect(arabic.t.reconnected).toBe(tarotSessionAr.reconnected);
  });
});
