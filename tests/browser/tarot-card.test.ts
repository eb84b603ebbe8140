import { expect, fixture, html } from '@open-wc/testing';
import '../../web-components/tarot/tarot-card/tarot-card.ts';
import type { TarotCardElement } from '../../web-components/tarot/tarot-card/tarot-card.ts';
import { DECK } from '../../reader/reading/deck.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';
import { must } from './helpers/dom.ts';

const art = (el: TarotCardElement): HTMLElement => must(el, '[part="art"]');

function labelOf(el: TarotCardElement): string | null {
  const img = el.shadowRoot?.querySelector('svg[role="img"], img');
  if (!img) return null;
  return img.getAttribute('aria-label') ?? img.getAttribute('alt');
}

describe('<tarot-card>', () => {
  it('is accessible face up, reversed, face down and unknown', async () => {
    const el = await fixture<HTMLElement>(
      html`<div>
        <tarot-card card-id="the-fool"></tarot-card>
        <tarot-card card-id="three-of-cups" reversed></tarot-card>
        <tarot-card card-id="the-star" face-down></tarot-card>
        <tarot-card card-id="no-such-card"></tarot-card>
      </div>`,
    );
    await expectAccessible(el);
  });

  it('names the card and its orientation for screen readers', async () => {
    const el = await fixture<TarotCardElement>(html`<tarot-card card-id="the-fool"></tarot-card>`);
    expect(labelOf(el)).to.equal('The Fool, upright');
    el.reversed = true;
    await el.updateComplete;
    expect(labelOf(el)).to.equal('The Fool, reversed');
    el.faceDown = true;
    await el.updateComplete;
    expect(labelOf(el)).to.equal('Face-down card');
  });

  it('turns a reversed card upside down and leaves an upright one as it is', async () => {
    const el = await fixture<TarotCardElement>(
      html`<tarot-card card-id="the-tower" reversed></tarot-card>`,
    );
    const turned = new DOMMatrix(getComputedStyle(art(el)).transform);
    expect(turned.a).to.be.closeTo(-1, 1e-6);
    expect(turned.d).to.be.closeTo(-1, 1e-6);
    el.reversed = false;
    await el.updateComplete;
    expect(getComputedStyle(art(el)).transform).to.equal('none');
  });

  it('shows the back, labelled "Unknown card", for an id not in the deck, without throwing', async () => {
    const el = await fixture<TarotCardElement>(html`<tarot-card card-id="the-joker"></tarot-card>`);
    expect(labelOf(el)).to.equal('Unknown card');
    expect(el.shadowRoot?.textContent).not.to.contain('Joker');
  });

  it('draws a face with its name for every card of the deck', async () => {
    const el = await fixture<TarotCardElement>(html`<tarot-card></tarot-card>`);
    for (const card of DECK) {
      el.cardId = card.id;
      await el.updateComplete;
      const text = el.shadowRoot?.querySelector('svg')?.textContent ?? '';
      expect(text, card.id).to.contain(card.name);
    }
  });

  it('draws distinct faces for different cards', async () => {
    const el = await fixture<TarotCardElement>(html`<tarot-card></tarot-card>`);
    const faces = new Set<string>();
    for (const card of DECK) {
      el.cardId = card.id;
      await el.updateComplete;
      // The markup without the name: the pictures themselves must differ.
      const svg = el.shadowRoot?.querySelector('svg');
      const shapes = [...(svg?.querySelectorAll(':not(text)') ?? [])].map((n) => n.outerHTML);
      faces.add(shapes.join('').replaceAll(card.name, ''));
    }
    expect(faces.size).to.equal(DECK.length);
  });

  it("uses the deployer's image from image-base, with the accessible name as alt text", async () => {
    const el = await fixture<TarotCardElement>(
      html`<tarot-card
        card-id="ace-of-cups"
        reversed
        image-base="https://cards.example/{id}.png"
      ></tarot-card>`,
    );
    const img = el.shadowRoot?.querySelector('img');
    expect(img?.getAttribute('src')).to.equal('https://cards.example/ace-of-cups.png');
    expect(img?.getAttribute('alt')).to.equal('Ace of Cups, reversed');
    expect(el.shadowRoot?.querySelector('svg')).to.equal(null);
  });

  it('keeps the back when face down even with an image-base', async () => {
    const el = await fixture<TarotCardElement>(
      html`<tarot-card card-id="ace-of-cups" face-down image-base="/cards/{id}.png"></tarot-card>`,
    );
    expect(el.shadowRoot?.querySelector('img')).to.equal(null);
    expect(labelOf(el)).to.equal('Face-down card');
  });

  it('falls back to its own art when the image cannot load', async () => {
    const el = await fixture<TarotCardElement>(
      html`<tarot-card card-id="the-moon" image-base="/no-such-folder/{id}.png"></tarot-card>`,
    );
    await waitUntil(
      () => el.shadowRoot?.querySelector('svg') !== null,
      'the SVG art replaces the image',
    );
    expect(labelOf(el)).to.equal('The Moon, upright');
  });
});
