import { describe, expect, it } from 'vitest';
import { loadedByOptions, otherLanguage } from '../../../scripts/bundle-weight.ts';

describe('what a session is weighed without', () => {
  it('counts the launcher and the consent question as a page’s options, not as a session', () => {
    expect(loadedByOptions('web-components/voice/voice-launcher/launcher-panel.ts')).toBe(true);
    expect(loadedByOptions('web-components/voice/voice-mic-consent/mic-consent.ts')).toBe(true);
    expect(loadedByOptions('web-components/bmo/session/bmo-room.ts')).toBe(false);
    expect(loadedByOptions('web-components/bmo/bmo-cassette-slot/sound.ts')).toBe(false);
  });

  it('leaves out every other language’s strings and the tables that find them, and keeps English', () => {
    for (const source of [
      'web-components/bmo/i18n/es.ts',
      'web-components/bmo/i18n/conversation-ja.ts',
      'web-components/tarot/i18n/session-ar.ts',
      'web-components/voice/i18n/languages.ts',
    ])
      expect(otherLanguage(source), source).toBe(true);
    for (const source of [
      'web-components/bmo/i18n/en.ts',
      'web-components/bmo/i18n/conversation-en.ts',
      'web-components/tarot/i18n/session-en.ts',
      'web-components/tarot/i18n/session.ts',
      'web-components/bmo/i18n/conversation.ts',
      'web-components/tarot/i18n/views-en.ts',
      'web-components/voice/i18n/start-audio-en.ts',
    ])
      expect(otherLanguage(source), source).toBe(false);
  });
});
