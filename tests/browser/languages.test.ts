import { expect, fixture, html } from '@open-wc/testing';
import '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import '../../web-components/tarot/cards.ts';
import '../../web-components/tarot/tarot-reading-text/tarot-reading-text.ts';
// a text reading's session, in before the test that opens one (a busy machine's dev server is slow)
import '../../web-components/tarot/session/realtime-reading.ts';
import '../../web-components/voice/index.ts';
import '../../web-components/voice/voice-launcher/voice-launcher.ts';
import '../../web-components/bmo/index.ts';
import type { SupportedLang } from '../../contracts/locale.ts';
import { createReadingStore } from '../../web-components/stores/reading.ts';
import { configureEvents } from '../../web-components/events/index.ts';
import { voiceEs } from '../../web-components/voice/i18n/es.ts';
import { voiceFr } from '../../web-components/voice/i18n/fr.ts';
import { voiceDe } from '../../web-components/voice/i18n/de.ts';
import { voicePt } from '../../web-components/voice/i18n/pt.ts';
import { voiceJa } from '../../web-components/voice/i18n/ja.ts';
import { voiceAr } from '../../web-components/voice/i18n/ar.ts';
import { tarotEs } from '../../web-components/tarot/i18n/es.ts';
import { tarotFr } from '../../web-components/tarot/i18n/fr.ts';
import { tarotDe } from '../../web-components/tarot/i18n/de.ts';
import { tarotPt } from '../../web-components/tarot/i18n/pt.ts';
import { tarotJa } from '../../web-components/tarot/i18n/ja.ts';
import { tarotAr } from '../../web-components/tarot/i18n/ar.ts';
import { bmoEs } from '../../web-components/bmo/i18n/es.ts';
import { bmoFr } from '../../web-components/bmo/i18n/fr.ts';
import { bmoDe } from '../../web-components/bmo/i18n/de.ts';
import { bmoPt } from '../../web-components/bmo/i18n/pt.ts';
import { bmoJa } from '../../web-components/bmo/i18n/ja.ts';
import { bmoAr } from '../../web-components/bmo/i18n/ar.ts';
import { tarotSessionJa } from '../../web-components/tarot/i18n/session-ja.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';
import { find, textOf } from './helpers/dom.ts';

/** Everything an element shows or names: its text and its accessible names. */
function words(el: Element | null | undefined): string {
  const root = el?.shadowRoot;
  if (!root) return '';
  const named = [...root.querySelectorAll('[aria-label]')].map((n) => n.getAttribute('aria-label'));
  return `${textOf(root)} ${named.join(' ')}`;
}

const CATALOGUES = {
  es: { voice: voiceEs, tarot: tarotEs, bmo: bmoEs },
  fr: { voice: voiceFr, tarot: tarotFr, bmo: bmoFr },
  de: { voice: voiceDe, tarot: tarotDe, bmo: bmoDe },
  pt: { voice: voicePt, tarot: tarotPt, bmo: bmoPt },
  ja: { voice: voiceJa, tarot: tarotJa, bmo: bmoJa },
  ar: { voice: voiceAr, tarot: tarotAr, bmo: bmoAr },
} satisfies Record<Exclude<SupportedLang, 'en'>, unknown>;

/** An edge that refuses the page's origin. */
const REFUSING = 'https://refusing.example';
const realFetch = globalThis.fetch;

describe('the elements in each of their languages', () => {
  before(() => configureEvents({ console: false }));
  after(() => configureEvents({ console: true }));
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  for (const [lang, { voice, tarot, bmo }] of Object.entries(CATALOGUES)) {
    // A regional tag reads as its language: Portugal's Portuguese as the Brazilian it has.
    const tag = lang === 'pt' ? 'pt-PT' : `${lang}-XX`;
    it(`lang="${tag}": an element of each family speaks ${lang}, a position named in its tarot words`, async () => {
      const page = await fixture<HTMLElement>(
        html`<div lang=${tag}>
          <voice-speaker-button></voice-speaker-button>
          <tarot-card-picker position-label="Likely Outcome"></tarot-card-picker>
          <bmo-cassette-slot></bmo-cassette-slot>
        </div>`,
      );
      const [talk, picker, slot] = [...page.children];
      await waitUntil(() => words(talk).includes(voice.holdToSpeak), `${lang} voice words`);
      await waitUntil(
        () => words(picker).includes(tarot.chooseCardFor(tarot.position('Likely Outcome'))),
        `${lang} tarot words`,
      );
      await waitUntil(() => words(slot).includes(bmo.cassetteEmpty), `${lang} BMO words`);
      expect(tarot.position('Likely Outcome')).not.to.equal('Likely Outcome');
      expect(find(talk ?? page, '[part="lang-notice"]')).to.equal(null);
    });
  }

  it('a tool’s position key is worded in the reading’s language; a label that is no key, as it came', async () => {
    const store = createReadingStore();
    store.setConnection('connected');
    store.setAgent('Reading');
    for (const [cardId, positionLabel] of [
      ['the-star', 'Past'],
      ['the-moon', 'Hidden Influences'],
    ] as const) {
      store.addDrawnCard({
        cardId,
        cardName: cardId,
        reversed: false,
        positionLabel,
        promptRole: '',
      });
    }
    const el = await fixture<HTMLElement>(
      html`<tarot-reading-text lang="ja" .store=${store}></tarot-reading-text>`,
    );
    await waitUntil(() => words(el).includes(tarotJa.position('Past')), 'the Past in Japanese');
    expect(words(el)).to.include('Hidden Influences');
    expect(words(el)).not.to.include('Past ');
    await expectAccessible(el);
  });

  it('`.strings` on <tarot-reading> reaches its view, the elements inside it and its session’s words', async () => {
    // An edge that refuses this page's origin: said at once, never retried.
    globalThis.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith(REFUSING)) return realFetch(input, init);
      const refusal = { error: { code: 'forbidden_origin', message: 'Origin not allowed.' } };
      return new Response(JSON.stringify(refusal), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      });
    };
    const el = await fixture<HTMLElement>(
      html`<tarot-reading
        lang="ja"
        mode="text"
        api-base=${REFUSING}
        .strings=${{ send: '送る', forbiddenOrigin: 'このページからは占えません。' }}
      ></tarot-reading>`,
    );
    const view = () => el.shadowRoot?.querySelector('tarot-reading-text');
    // the view's own word, replaced from its root
    await waitUntil(() => words(view()).includes('送る'), 'the replaced Send');
    // the view's other words in the reading's language
    expect(words(view())).to.include(tarotJa.endReading);
    // the session's refusal, replaced from the root
    await waitUntil(
      () => view()?.store.$error.get()?.message === 'このページからは占えません。',
      'the replaced refusal',
    );
    expect(tarotSessionJa.forbiddenOrigin).not.to.equal('このページからは占えません。');
  });

  it('`.strings` on an element reaches the elements inside it, its own words winning, and a change of them too', async () => {
    const page = await fixture<HTMLElement>(
      html`<voice-launcher lang="fr" open active .strings=${{ talkHint: 'Du lanceur.' }}>
        <voice-speaker-button .strings=${{ holdToSpeak: 'Parlez' }}></voice-speaker-button>
        <voice-speaker-button .strings=${{ talkHint: 'Le sien.' }}></voice-speaker-button>
      </voice-launcher>`,
    );
    const [first, second] = [...page.querySelectorAll('voice-speaker-button')];
    await waitUntil(() => words(first).includes('Du lanceur.'), 'the launcher’s hint');
    expect(words(first)).to.include('Parlez');
    expect(words(second)).to.include('Le sien.');
    expect(words(second)).to.include(voiceFr.holdToSpeak);
    Object.assign(page, { strings: { talkHint: 'Nouveau.' } });
    await waitUntil(() => words(first).includes('Nouveau.'), 'the launcher’s new hint');
    expect(words(second)).to.include('Le sien.');
  });
});
