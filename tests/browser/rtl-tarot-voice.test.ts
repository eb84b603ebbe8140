import { expect, fixture, html } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import '../../web-components/tarot/cards.ts';
import '../../web-components/voice/index.ts';
import '../../web-components/voice/voice-launcher/voice-launcher.ts';
import '../../web-components/voice/voice-mic-consent/voice-mic-consent.ts';
import { configureEvents } from '../../web-components/events/index.ts';
import { waitUntil } from './helpers/a11y.ts';
import { textOf } from './helpers/dom.ts';
import { tarotEn } from '../../web-components/tarot/i18n/en.ts';
import { tarotEs } from '../../web-components/tarot/i18n/es.ts';
import '../../web-components/tarot/tarot-reading-text/tarot-reading-text.ts';

/** The innermost element of `el`'s shadow root whose text is `text`. */
function byText(el: Element, text: string): Element {
  const found = [...(el.shadowRoot?.querySelectorAll('*') ?? [])]
    .filter((node) => textOf(node) === text)
    .at(-1);
  if (!found) throw new Error(`${el.localName} does not say “${text}”`);
  return found;
}

/** The box of one character of a paragraph's text (its first text node with words). */
function charBox(p: Element, at: 'first' | 'last'): DOMRect {
  const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
  let text: Text | null = null;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.textContent?.trim()) text = n as Text;
    if (text && at === 'first') break;
  }
  if (!text) throw new Error('no words');
  const words = text.data.trimEnd();
  const start = text.data.indexOf(words.trim());
  const index = at === 'first' ? start : words.length - 1;
  const range = document.createRange();
  range.setStart(text, index);
  range.setEnd(text, index + 1);
  return range.getBoundingClientRect();
}

/** Whether a one-line English sentence reads left to right: its full stop to the right of its start. */
function stopSitsRight(p: Element): boolean {
  return charBox(p, 'last').left > charBox(p, 'first').left;
}

/** The horizontal centre of a box. */
function centre(node: Element | Range): number {
  const box = node.getBoundingClientRect();
  return box.left + box.width / 2;
}

function inside(el: Element, selector: string): Element {
  const found = el.shadowRoot?.querySelector(selector);
  if (!found) throw new Error(`${el.localName} has no ${selector}`);
  return found;
}

/** The toggle's own words (a text node beside its chevron), as a range to measure. */
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

interface Mirrored {
  name: string;
  view: (dir: 'ltr' | 'rtl') => TemplateResult;
  /** Two parts that sit side by side: [the one at the line's start, the other]. */
  pair: (el: Element) => [Element | Range, Element | Range];
}

/** Each element, and two of its parts whose places swap when it mirrors. */
const ELEMENTS: Mirrored[] = [
  {
    name: 'tarot-reading',
    view: (dir) => html`<tarot-reading dir=${dir}></tarot-reading>`,
    pair: (el) => [
      inside(el, 'li:first-child [part="mode"]'),
      inside(el, 'li:last-child [part="mode"]'),
    ],
  },
  {
    name: 'tarot-card-picker',
    view: (dir) => html`<tarot-card-picker dir=${dir}></tarot-card-picker>`,
    pair: (el) => [inside(el, '[data-index="0"]'), inside(el, '[data-index="1"]')],
  },
  {
    name: 'voice-transcript',
    view: (dir) => html`<voice-transcript dir=${dir}></voice-transcript>`,
    pair: (el) => [inside(el, '[part="toggle"] svg'), toggleWords(el)],
  },
  {
    name: 'voice-agent-indicator',
    view: (dir) => html`<voice-agent-indicator dir=${dir}></voice-agent-indicator>`,
    pair: (el) => [inside(el, '[part="dot"]'), inside(el, '[part="label"]')],
  },
  {
    name: 'voice-launcher',
    view: (dir) => html`<voice-launcher dir=${dir} open active></voice-launcher>`,
    pair: (el) => [inside(el, '[part="title"]'), inside(el, '[part="close"]')],
  },
  {
    name: 'voice-mic-consent',
    view: (dir) => html`<voice-mic-consent dir=${dir} text="We record."></voice-mic-consent>`,
    pair: (el) => [inside(el, '[part="accept"]'), inside(el, '[part="decline"]')],
  },
];

describe('right to left, the tarot and voice elements', () => {
  before(() => configureEvents({ console: false }));
  after(() => configureEvents({ console: true }));

  for (const { name, view, pair } of ELEMENTS) {
    it(`<${name}> mirrors with dir="rtl": two of its parts swap sides`, async () => {
      const page = await fixture<HTMLElement>(
        html`<div style="inline-size: 900px">${view('ltr')}${view('rtl')}</div>`,
      );
      const [ltr, rtl] = [...page.children];
      if (!ltr || !rtl) throw new Error(name);
      await waitUntil(() => {
        try {
          const [a, b] = pair(ltr);
          const [c, d] = pair(rtl);
          return centre(a) < centre(b) && centre(c) > centre(d);
        } catch {
          return false;
        }
      }, `${name} mirrored`);
    });
  }

  // A centred column, nothing side by side: their text runs right to left.
  for (const [name, view, part] of [
    [
      'tarot-card-stage',
      html`<tarot-card-stage dir="rtl" card-id="the-fool"></tarot-card-stage>`,
      '[part="caption"]',
    ],
    ['tarot-card', html`<tarot-card dir="rtl" card-id="the-fool"></tarot-card>`, '[part="art"]'],
    [
      'voice-speaker-button',
      html`<voice-speaker-button dir="rtl"></voice-speaker-button>`,
      '[part="hint"]',
    ],
  ] as const) {
    it(`<${name} dir="rtl"> runs its text right to left`, async () => {
      const el = await fixture<HTMLElement>(view);
      expect(getComputedStyle(inside(el, part)).direction).to.equal('rtl');
    });
  }

  // A card's picture is never drawn mirrored, alone or on the stage.
  for (const [name, view] of [
    ['tarot-card', html`<tarot-card dir="rtl" card-id="the-fool"></tarot-card>`],
    ['tarot-card-stage', html`<tarot-card-stage dir="rtl" card-id="the-fool"></tarot-card-stage>`],
  ] as const) {
    it(`<${name} dir="rtl"> draws the card's picture unmirrored`, async () => {
      const el = await fixture<HTMLElement>(view);
      const card = el.localName === 'tarot-card' ? el : inside(el, 'tarot-card');
      expect(getComputedStyle(inside(card, '[part="art"]')).transform).to.equal('none');
    });
  }

  it('<voice-launcher dir="rtl"> sits, with its open panel, in the line’s end corner: the left', async () => {
    const el = await fixture<HTMLElement>(
      html`<voice-launcher dir="rtl" open label="BMO"></voice-launcher>`,
    );
    const middle = innerWidth / 2;
    await waitUntil(() => centre(inside(el, '[part="panel"]')) < middle, 'the panel on the left');
    expect(centre(inside(el, '[part="button"]'))).to.be.below(middle);
  });

  it('words in their own direction: an English "2 of 3" in a mirrored indicator, an Arabic line in an English transcript', async () => {
    const indicator = await fixture<HTMLElement>(
      html`<voice-agent-indicator
        dir="rtl"
        label="Reading"
        .steps=${['Intent', 'Reading', 'Followup']}
      ></voice-agent-indicator>`,
    );
    expect(getComputedStyle(inside(indicator, '[part="step"]')).direction).to.equal('ltr');
    const transcript = await fixture<HTMLElement>(
      html`<voice-transcript
        open
        .entries=${[{ id: '1', role: 'user', text: 'مرحبا' }]}
      ></voice-transcript>`,
    );
    expect(getComputedStyle(inside(transcript, '[part~="entry"] p')).direction).to.equal('rtl');
  });

  it('English sentences in a right-to-left layout the elements do not speak (Hebrew) run left to right: the full stop at their end', async () => {
    const reading = await fixture<HTMLElement>(
      html`<tarot-reading lang="he" style="inline-size: 900px"></tarot-reading>`,
    );
    const said = (): Element => byText(reading, tarotEn.textChatHint);
    await waitUntil(() => {
      try {
        return said() !== null;
      } catch {
        return false;
      }
    }, 'the modes');
    const hint = said();
    expect(hint.getAttribute('dir')).to.equal('ltr');
    expect(getComputedStyle(hint).direction).to.equal('ltr');
    expect(stopSitsRight(hint), 'the full stop at the right').to.equal(true);
    expect(getComputedStyle(reading).direction).to.equal('rtl');

    const page = await fixture<HTMLElement>(
      html`<div lang="he" style="inline-size: 1400px">
        <tarot-reading-text></tarot-reading-text>
      </div>`,
    );
    const view = page.firstElementChild;
    if (!view) throw new Error('a text view');
    await (view as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const intro = byText(view, tarotEn.intro);
    expect(intro.getAttribute('dir')).to.equal('ltr');
    expect(stopSitsRight(intro), 'the full stop at the right').to.equal(true);
    expect(byText(view, tarotEn.noCardsYet).getAttribute('dir')).to.equal('ltr');
  });

  it('a supported language, or a left-to-right one, keeps its paragraphs in the layout’s direction', async () => {
    const reading = await fixture<HTMLElement>(
      html`<tarot-reading lang="es" dir="rtl"></tarot-reading>`,
    );
    await waitUntil(() => textOf(reading.shadowRoot).includes(tarotEs.textChatHint), 'Spanish');
    expect(byText(reading, tarotEs.textChatHint).hasAttribute('dir')).to.equal(false);
    const english = await fixture<HTMLElement>(html`<tarot-reading lang="en"></tarot-reading>`);
    await waitUntil(() => textOf(english.shadowRoot).includes(tarotEn.textChatHint), 'English');
    expect(byText(english, tarotEn.textChatHint).hasAttribute('dir')).to.equal(false);
  });

  it('a right-to-left lang mirrors without a dir (words in English)', async () => {
    const el = await fixture<HTMLElement>(
      html`<voice-agent-indicator lang="he" label="Reading"></voice-agent-indicator>`,
    );
    await waitUntil(
      () => centre(inside(el, '[part="dot"]')) > centre(inside(el, '[part="label"]')),
      'mirrored',
    );
    expect(getComputedStyle(el).direction).to.equal('rtl');
  });
});
