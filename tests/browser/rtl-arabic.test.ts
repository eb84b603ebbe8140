import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { atom } from 'nanostores';
import type { TemplateResult } from 'lit';
import '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import '../../web-components/tarot/cards.ts';
import '../../web-components/tarot/tarot-reading-text/tarot-reading-text.ts';
import '../../web-components/tarot/tarot-reading-voice/tarot-reading-voice.ts';
import '../../web-components/voice/index.ts';
import '../../web-components/voice/voice-launcher/voice-launcher.ts';
import '../../web-components/voice/voice-mic-consent/voice-mic-consent.ts';
import '../../web-components/voice/voice-start-audio/voice-start-audio.ts';
import '../../web-components/bmo/index.ts';
import { PlaybackGuard } from '../../web-components/voice/audio/playback.ts';
import { createAnnouncer } from '../../web-components/stores/announcer.ts';
import { type ReadingStore, createReadingStore } from '../../web-components/stores/reading.ts';
import { configureEvents } from '../../web-components/events/index.ts';
import { upsertBmoTranscript } from '../../web-components/stores/bmo.ts';
import type { BmoAssistant } from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import { voiceAr } from '../../web-components/voice/i18n/ar.ts';
import { tarotAr } from '../../web-components/tarot/i18n/ar.ts';
import { bmoAr } from '../../web-components/bmo/i18n/ar.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';
import { motionSettled, textOf } from './helpers/dom.ts';

// Every element in Arabic, as a visitor whose page says lang="ar" meets it (no dir: the language
// alone mirrors it): its own words in Arabic, placed from the line's start, which is the right,
// and nothing axe finds in the light scheme or the dark one. Its English twin, beside it, keeps
// the left-to-right placement, so each placement is measured against the one it mirrors.

/** Everything an element shows or names: its text and its accessible names. */
function words(el: Element): string {
  const root = el.shadowRoot;
  if (!root) return '';
  const named = [...root.querySelectorAll('[aria-label]')].map((n) => n.getAttribute('aria-label'));
  return `${textOf(root)} ${named.join(' ')}`;
}

function inside(el: Element, selector: string): Element {
  const found = el.shadowRoot?.querySelector(selector);
  if (!found) throw new Error(`${el.localName} has no ${selector}`);
  return found;
}

/** The horizontal centre of a box. */
function centre(node: Element | Range): number {
  const box = node.getBoundingClientRect();
  return box.left + box.width / 2;
}

/** The words of a toggle (a text node beside its chevron), as a range to measure. */
function toggleWords(el: Element): Range {
  const toggle = inside(el, '[part="toggle"]');
  const text = [...toggle.childNodes].find(
    (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
  );
  if (!text) throw new Error('no toggle words');
  const range = document.createRange();
  range.selectNodeContents(text);
  return range;
}

/** The boxes of the first two words on a part's first line of text, in reading order. */
function firstTwoWords(part: Element): [DOMRect, DOMRect] {
  const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    const first = text.search(/\S/);
    const gap = text.indexOf(' ', first);
    const second = gap < 0 ? -1 : text.slice(gap).search(/\S/) + gap;
    if (first < 0 || gap < 0 || second <= gap) continue;
    const box = (at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    return [box(first), box(second)];
  }
  throw new Error(`${part.localName} has no two words to measure`);
}

/** Whether a part's text runs right to left: its first word to the right of its second. */
function runsRightToLeft(part: Element): boolean {
  const [first, second] = firstTwoWords(part);
  return Math.abs(first.top - second.top) < 2 && first.left > second.left;
}

/** The box of one character of a text node. */
function charAt(text: Text, index: number): DOMRect {
  const range = document.createRange();
  range.setStart(text, index);
  range.setEnd(text, index + 1);
  return range.getBoundingClientRect();
}

/** Whether a one-line English sentence in `part` reads left to right: its `?` after its start. */
function englishReadsLeftToRight(part: Element): boolean {
  const text = [...part.childNodes].find((n): n is Text => n instanceof Text && /\w/.test(n.data));
  if (!text) throw new Error(`${part.localName} holds no words`);
  const start = text.data.search(/\S/);
  const end = text.data.trimEnd().length - 1;
  return charAt(text, end).left > charAt(text, start).left;
}

/** A page's audio held back by the browser, as the autoplay policy holds it. */
class HeldBack extends PlaybackGuard {
  readonly #held = atom(true);
  override get $blocked() {
    return this.#held;
  }
}

/** A text reading under way: a card drawn for the Past. */
function textReading(): ReadingStore {
  const store = createReadingStore();
  store.setConnection('connected');
  store.setEngine('openai');
  store.setAgent('SpreadGeneration');
  store.setTranscript([
    {
      kind: 'card',
      id: 'c1',
      action: 'drawn',
      cardId: 'the-star',
      cardName: 'The Star',
      reversed: false,
      positionLabel: 'Past',
    },
  ]);
  store.addDrawnCard({
    cardId: 'the-star',
    cardName: 'The Star',
    reversed: false,
    positionLabel: 'Past',
    promptRole: 'ما شكّل الموقف',
  });
  return store;
}

/** A voice reading that has just connected. */
function voiceReading(): ReadingStore {
  const store = createReadingStore();
  store.setConnection('connected');
  store.setEngine('openai');
  store.setAgent('IntentAssessment');
  return store;
}

interface ArabicCase {
  name: string;
  /** The element in `lang`. */
  view: (lang: 'ar' | 'en') => TemplateResult;
  /** What it says in Arabic, from its catalogue. */
  says: string;
  /**
   * Where its placement shows: two parts side by side ([the one at the line's start, the other]),
   * or a part whose text runs from the line's start.
   */
  placement:
    | { pair: (el: Element) => [Element | Range, Element | Range] }
    | { text: (el: Element) => Element }
    | { unmirrored: (el: Element) => Element };
}

const announcer = createAnnouncer();
const guard = new HeldBack();

const ELEMENTS: ArabicCase[] = [
  {
    name: 'voice-speaker-button',
    view: (lang) => html`<voice-speaker-button lang=${lang}></voice-speaker-button>`,
    says: voiceAr.holdToSpeak,
    placement: { text: (el) => inside(el, '[part="hint"]') },
  },
  {
    name: 'voice-transcript',
    view: (lang) => html`<voice-transcript lang=${lang}></voice-transcript>`,
    says: voiceAr.transcript,
    placement: { pair: (el) => [inside(el, '[part="toggle"] svg'), toggleWords(el)] },
  },
  {
    name: 'voice-agent-indicator',
    view: (lang) => html`<voice-agent-indicator lang=${lang}></voice-agent-indicator>`,
    says: voiceAr.notStarted,
    placement: { pair: (el) => [inside(el, '[part="dot"]'), inside(el, '[part="label"]')] },
  },
  {
    name: 'voice-announcer',
    view: (lang) => html`<voice-announcer lang=${lang} .announcer=${announcer}></voice-announcer>`,
    says: 'بدأت مرحلة القراءة.',
    // Its messages are anyone's words: each runs in its own direction.
    placement: { text: (el) => inside(el, '[part="polite"] p') },
  },
  {
    name: 'voice-start-audio',
    view: (lang) => html`<voice-start-audio lang=${lang} .guard=${guard}></voice-start-audio>`,
    says: voiceAr.startAudio,
    placement: { text: (el) => inside(el, '[part="message"]') },
  },
  {
    name: 'voice-launcher',
    view: (lang) => html`<voice-launcher lang=${lang} open active></voice-launcher>`,
    says: voiceAr.close,
    placement: { pair: (el) => [inside(el, '[part="title"]'), inside(el, '[part="close"]')] },
  },
  {
    name: 'voice-mic-consent',
    view: (lang) =>
      html`<voice-mic-consent
        lang=${lang}
        text="نرسل صوتك إلى القارئة لتجيبك."
      ></voice-mic-consent>`,
    says: voiceAr.consentAllow,
    placement: { pair: (el) => [inside(el, '[part="accept"]'), inside(el, '[part="decline"]')] },
  },
  {
    name: 'tarot-card',
    view: (lang) => html`<tarot-card lang=${lang} card-id="the-star"></tarot-card>`,
    says: tarotAr.cardAs(tarotAr.cardName('the-star'), false),
    placement: { unmirrored: (el) => inside(el, '[part="art"]') },
  },
  {
    name: 'tarot-card-stage',
    view: (lang) =>
      html`<tarot-card-stage lang=${lang} card-id="the-high-priestess"></tarot-card-stage>`,
    says: tarotAr.cardName('the-high-priestess'),
    placement: { text: (el) => inside(el, '[part="name"]') },
  },
  {
    name: 'tarot-card-picker',
    view: (lang) =>
      html`<tarot-card-picker lang=${lang} position-label="Past"></tarot-card-picker>`,
    says: tarotAr.position('Past'),
    placement: { pair: (el) => [inside(el, '[data-index="0"]'), inside(el, '[data-index="1"]')] },
  },
  {
    name: 'tarot-reading',
    view: (lang) => html`<tarot-reading lang=${lang}></tarot-reading>`,
    says: tarotAr.textChat,
    placement: {
      pair: (el) => [
        inside(el, 'li:first-child [part="mode"]'),
        inside(el, 'li:last-child [part="mode"]'),
      ],
    },
  },
  {
    name: 'tarot-reading-text',
    view: (lang) =>
      html`<tarot-reading-text lang=${lang} .store=${textReading()}></tarot-reading-text>`,
    says: tarotAr.forPosition(tarotAr.position('Past')),
    placement: {
      pair: (el) => [inside(el, '[part="composer"] input'), inside(el, '[part="composer"] button')],
    },
  },
  {
    name: 'tarot-reading-voice',
    view: (lang) =>
      html`<tarot-reading-voice lang=${lang} .store=${voiceReading()}></tarot-reading-voice>`,
    says: tarotAr.back,
    placement: {
      pair: (el) => [inside(el, '[part="bar"] button'), inside(el, 'voice-agent-indicator')],
    },
  },
  {
    name: 'bmo-assistant',
    view: (lang) => html`<bmo-assistant lang=${lang}></bmo-assistant>`,
    says: bmoAr.connect,
    placement: {
      pair: (el) => [inside(el, '[part="console"]'), inside(el, '[part="conversation"]')],
    },
  },
  {
    name: 'bmo-cassette-slot',
    view: (lang) => html`<bmo-cassette-slot lang=${lang}></bmo-cassette-slot>`,
    says: bmoAr.cassetteEmpty,
    placement: { text: (el) => inside(el, '[part="empty"]') },
  },
  {
    name: 'bmo-face',
    view: (lang) => html`<bmo-face lang=${lang}></bmo-face>`,
    says: bmoAr.faceLabel('disconnected'),
    placement: { unmirrored: (el) => inside(el, '[part="body"]') },
  },
];

describe('every element in Arabic', () => {
  before(() => configureEvents({ console: false }));
  after(() => configureEvents({ console: true }));
  afterEach(() => emulateMedia({ colorScheme: 'no-preference', reducedMotion: 'no-preference' }));

  for (const { name, view, says, placement } of ELEMENTS) {
    it(`<${name} lang="ar"> speaks Arabic from the right, and is accessible in light and dark`, async () => {
      // Still: a fade in progress would be measured half-transparent.
      await emulateMedia({ reducedMotion: 'reduce' });
      announcer.announce('بدأت مرحلة القراءة.');
      // On the page's own background, as a page using styles/tokens.css paints it.
      const page = await fixture<HTMLElement>(
        html`<div style="inline-size: 960px; background: var(--va-color-bg); padding: 1rem">
          ${view('en')}${view('ar')}
        </div>`,
      );
      const [en, ar] = [...page.children];
      if (!en || !ar) throw new Error(name);
      await waitUntil(() => words(ar).includes(says), `<${name}> saying “${says}”`);
      await motionSettled(ar);

      if ('pair' in placement) {
        const [start, other] = placement.pair(ar);
        const [startEn, otherEn] = placement.pair(en);
        expect(centre(start), 'the start sits right in Arabic').to.be.above(centre(other));
        expect(centre(startEn), 'and left in English').to.be.below(centre(otherEn));
      } else if ('text' in placement) {
        const part = placement.text(ar);
        expect(getComputedStyle(part).direction).to.equal('rtl');
        expect(runsRightToLeft(part), `${name}'s words run from the right`).to.equal(true);
      } else {
        // A picture is drawn as it is: never mirrored, whatever the language.
        expect(getComputedStyle(ar).direction).to.equal('rtl');
        expect(getComputedStyle(placement.unmirrored(ar)).transform).to.be.oneOf(['none', '']);
      }

      // Alone on the page for axe, which finds a page's landmarks once each.
      en.remove();
      for (const colorScheme of ['light', 'dark'] as const) {
        await emulateMedia({ colorScheme });
        await expectAccessible(ar);
      }
    });
  }

  it('an English line in an Arabic conversation reads left to right, its question mark at its end', async () => {
    const question = 'Shall we draw?';
    const store = textReading();
    store.setTranscript([
      { kind: 'message', id: 'a1', role: 'assistant', text: question, done: true },
    ]);
    const text = await fixture<HTMLElement>(
      html`<tarot-reading-text lang="ar" .store=${store}></tarot-reading-text>`,
    );
    const bmo = await fixture<BmoAssistant>(html`<bmo-assistant lang="ar"></bmo-assistant>`);
    upsertBmoTranscript(bmo.stores.bmo, {
      id: 'b1',
      speaker: 'agent',
      text: question,
      final: true,
    });
    await bmo.updateComplete;
    for (const [el, selector] of [
      [text, '[part~="message"] p'],
      [bmo, '[role="log"] li span:last-child'],
    ] as const) {
      const line = inside(el, selector);
      expect(line.textContent?.trim()).to.equal(question);
      expect(getComputedStyle(line).direction).to.equal('ltr');
      expect(englishReadsLeftToRight(line), el.localName).to.equal(true);
    }
  });

  it('<tarot-reading-voice lang="ar">: its way back points right, to the line’s start', async () => {
    const el = await fixture<HTMLElement>(
      html`<tarot-reading-voice lang="ar" .store=${voiceReading()}></tarot-reading-voice>`,
    );
    await waitUntil(() => words(el).includes(tarotAr.back), 'the Arabic back button');
    const arrow = inside(el, '[part="bar"] button [aria-hidden="true"]');
    expect(new DOMMatrix(getComputedStyle(arrow).transform).a).to.equal(-1);
  });
});
