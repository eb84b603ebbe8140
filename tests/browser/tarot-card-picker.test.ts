import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import {
  emulateMedia,
  resetMouse,
  sendKeys,
  sendMouse,
  setViewport,
} from '@web/test-runner-commands';
import '../../web-components/tarot/cards.ts';
import type { TarotCardPicker } from '../../web-components/tarot/tarot-card-picker/tarot-card-picker.ts';
import type { TarotCardElement } from '../../web-components/tarot/tarot-card/tarot-card.ts';
import {
  secureRandomInt,
  secureShuffle,
} from '../../web-components/tarot/tarot-card-picker/secure-shuffle.ts';
import { setMotionChoice } from '../../web-components/stores/preferences.ts';
import { CARD_IDS } from '../../contracts/cards.ts';
import { getCard } from '../../reader/reading/deck.ts';
import { DrawCardResult } from '../../contracts/reading-schema.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';
import { consoleErrors } from './helpers/console.ts';
import { all, animatesTransform, liveText, motionSettled, must, shadow } from './helpers/dom.ts';

function cards(picker: TarotCardPicker): HTMLButtonElement[] {
  return all<HTMLButtonElement>(picker, '[part="card"]');
}

function card(picker: TarotCardPicker, index: number): HTMLButtonElement {
  const button = cards(picker)[index];
  if (!button) throw new Error(`no card ${index}`);
  return button;
}

function focused(picker: TarotCardPicker): Element | null {
  return shadow(picker).activeElement;
}

const liveRegion = (picker: TarotCardPicker): string => liveText(picker);
const flipper = (picker: TarotCardPicker): HTMLElement => must(picker, '[part="flipper"]');

async function clickCenter(element: Element): Promise<void> {
  element.scrollIntoView({ block: 'center' });
  const rect = element.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(rect.x + rect.width / 2), Math.round(rect.y + rect.height / 2)],
  });
}

const pickerHtml = (excluded: string[] = []) =>
  html`<div>
    <button type="button" id="before">Before</button>
    <tarot-card-picker
      position-label="Past"
      prompt-role="what shaped you"
      .excluded=${excluded}
    ></tarot-card-picker>
    <button type="button" id="after">After</button>
  </div>`;

async function mountPicker(excluded: string[] = []): Promise<TarotCardPicker> {
  const wrapper = await fixture<HTMLElement>(pickerHtml(excluded));
  const picker = wrapper.querySelector('tarot-card-picker');
  if (!picker) throw new Error('no picker');
  await picker.updateComplete;
  return picker;
}

afterEach(async () => {
  setMotionChoice('system');
  await emulateMedia({ reducedMotion: 'no-preference', forcedColors: 'none' });
  await resetMouse();
});

describe('<tarot-card-picker>', () => {
  it('given excluded as the attribute "[object Object]", logs one error naming .prop and keeps the cards it excludes', async () => {
    const picker = await mountPicker(['the-fool']);
    const offered = cards(picker).length;
    const errors = await consoleErrors(async () => {
      picker.setAttribute('excluded', '[object Object]');
      await picker.updateComplete;
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('excluded="[object Object]"').and.contain(':excluded.prop=');
    expect(picker.excluded).to.deep.equal(['the-fool']);
    expect(cards(picker).length).to.equal(offered);
  });

  describe('cancelling a draw', () => {
    it('the Cancel draw button cancels the draw for its position', async () => {
      const picker = await mountPicker();
      const button = must<HTMLButtonElement>(picker, '[part="cancel"]');
      expect(button.textContent?.trim()).to.equal('Cancel draw');
      const cancelled = oneEvent(picker, 'tarot-card-pick-cancel');
      button.click();
      const event = await cancelled;
      expect(event.detail).to.deep.equal({ positionLabel: 'Past' });
      expect(event.bubbles && event.composed).to.equal(true);
      expect(picker.drawn).to.equal(null);
    });

    it('Escape cancels the draw from the keyboard', async () => {
      const picker = await mountPicker();
      card(picker, 0).focus();
      const cancelled = oneEvent(picker, 'tarot-card-pick-cancel');
      await sendKeys({ press: 'Escape' });
      expect((await cancelled).detail.positionLabel).to.equal('Past');
    });

    it('once a card is picked there is nothing to cancel', async () => {
      const picker = await mountPicker();
      let cancels = 0;
      picker.addEventListener('tarot-card-pick-cancel', () => (cancels += 1));
      const picked = oneEvent(picker, 'tarot-card-pick');
      card(picker, 2).click();
      await picked;
      expect(picker.shadowRoot?.querySelector('[part="cancel"]')).to.equal(null);
      card(picker, 2).focus();
      await sendKeys({ press: 'Escape' });
      expect(cancels).to.equal(0);
    });
  });

  describe('accessibility', () => {
    it('is accessible before and after a pick', async () => {
      const picker = await mountPicker();
      await expectAccessible(picker);
      const picked = oneEvent(picker, 'tarot-card-pick');
      card(picker, 3).click();
      await picked;
      await expectAccessible(picker);
    });

    it('shows the position label and the prompt role', async () => {
      const picker = await mountPicker();
      const text = picker.shadowRoot?.querySelector('header')?.textContent ?? '';
      expect(text).to.contain('Past');
      expect(text).to.contain('what shaped you');
      const group = picker.shadowRoot?.querySelector('[role="group"]');
      expect(group?.getAttribute('aria-label')).to.equal('Choose a card for Past');
    });

    it('offers every card face down as a native button named by its place in the spread', async () => {
      const picker = await mountPicker();
      const buttons = cards(picker);
      expect(buttons).to.have.length(78);
      expect(buttons[0]?.getAttribute('aria-label')).to.equal('Card 1 of 78');
      expect(buttons[11]?.getAttribute('aria-label')).to.equal('Card 12 of 78');
      // Cheap DOM: a bare button per card, its back painted by CSS.
      expect(buttons.every((b) => b.childElementCount === 0)).to.equal(true);
      // Face down means face down: nothing in the page tells which card lies where.
      const markup = picker.shadowRoot?.innerHTML ?? '';
      for (const id of CARD_IDS) expect(markup).not.to.contain(id);
    });
  });

  describe('layout', () => {
    for (const [width, height] of [
      [320, 640],
      [1280, 800],
    ] as const) {
      it(`fits every card in the width of a ${width} px screen`, async () => {
        await setViewport({ width, height });
        try {
          const picker = await mountPicker();
          const box = picker.getBoundingClientRect();
          expect(box.width).to.be.at.most(width);
          for (const button of cards(picker)) {
            const rect = button.getBoundingClientRect();
            expect(rect.left).to.be.at.least(box.left);
            expect(rect.right).to.be.at.most(box.right);
            // Large enough to hit with a finger (WCAG 2.5.8: at least 24 × 24 px).
            expect(rect.width).to.be.at.least(24);
          }
          expect(document.documentElement.scrollWidth).to.be.at.most(width);
          await expectAccessible(picker);
        } finally {
          await setViewport({ width: 800, height: 600 });
        }
      });
    }
  });

  describe('forced colours', () => {
    it('keeps card edges and the focus ring in system colours', async () => {
      await emulateMedia({ forcedColors: 'active' });
      const picker = await mountPicker();
      card(picker, 0).focus();
      // A key press makes the focus keyboard focus, so :focus-visible applies.
      await sendKeys({ press: 'ArrowRight' });
      const style = getComputedStyle(card(picker, 1));
      expect(style.borderTopStyle).to.equal('solid');
      expect(style.borderTopColor).not.to.equal('rgba(0, 0, 0, 0)');
      expect(style.outlineStyle).to.equal('solid');
      expect(style.outlineWidth).to.equal('3px');
    });
  });

  describe('keyboard', () => {
    it('is one tab stop: Tab enters on the first card, the next Tab reaches Cancel draw, then leaves', async () => {
      const picker = await mountPicker();
      expect(cards(picker).filter((b) => b.tabIndex === 0)).to.have.length(1);
      document.getElementById('before')?.focus();
      await sendKeys({ press: 'Tab' });
      expect(focused(picker)).to.equal(card(picker, 0));
      await sendKeys({ press: 'Tab' });
      expect(focused(picker)).to.equal(must(picker, '[part="cancel"]'));
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement?.id).to.equal('after');
    });

    it('moves focus with the arrow keys, Home and End', async () => {
      const picker = await mountPicker();
      document.getElementById('before')?.focus();
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'ArrowRight' });
      expect(focused(picker)).to.equal(card(picker, 1));
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ press: 'ArrowLeft' });
      expect(focused(picker)).to.equal(card(picker, 1));
      await sendKeys({ press: 'End' });
      expect(focused(picker)).to.equal(card(picker, 77));
      await sendKeys({ press: 'ArrowRight' });
      expect(focused(picker)).to.equal(card(picker, 77));
      await sendKeys({ press: 'Home' });
      expect(focused(picker)).to.equal(card(picker, 0));
      await sendKeys({ press: 'ArrowLeft' });
      expect(focused(picker)).to.equal(card(picker, 0));
    });

    it('moves a row down and up with ArrowDown and ArrowUp, staying in the column', async () => {
      const picker = await mountPicker();
      card(picker, 0).focus();
      const start = card(picker, 0).getBoundingClientRect();
      await sendKeys({ press: 'ArrowDown' });
      const below = focused(picker);
      expect(below).to.be.instanceOf(HTMLButtonElement);
      const rect = (below as HTMLElement).getBoundingClientRect();
      expect(rect.top).to.be.greaterThan(start.top + start.height / 2);
      expect(Math.abs(rect.left - start.left)).to.be.lessThan(start.width / 2);
      await sendKeys({ press: 'ArrowUp' });
      expect(focused(picker)).to.equal(card(picker, 0));
    });

    it('keeps the tab stop where focus went last', async () => {
      const picker = await mountPicker();
      card(picker, 0).focus();
      await sendKeys({ press: 'End' });
      await sendKeys({ press: 'Tab' });
      document.getElementById('before')?.focus();
      await sendKeys({ press: 'Tab' });
      expect(focused(picker)).to.equal(card(picker, 77));
    });

    it('picks the focused card with Enter', async () => {
      const picker = await mountPicker();
      card(picker, 0).focus();
      await sendKeys({ press: 'ArrowRight' });
      const picked = oneEvent(picker, 'tarot-card-pick');
      await sendKeys({ press: 'Enter' });
      const { detail } = await picked;
      expect(DrawCardResult.safeParse(detail).success).to.equal(true);
      expect(card(picker, 1).getAttribute('aria-label')).to.contain('drawn');
      expect(focused(picker)).to.equal(card(picker, 1));
    });

    it('picks the focused card with Space', async () => {
      const picker = await mountPicker();
      card(picker, 0).focus();
      const picked = oneEvent(picker, 'tarot-card-pick');
      await sendKeys({ press: 'Space' });
      const { detail } = await picked;
      expect(getCard(detail.cardId)?.name).to.equal(detail.cardName);
    });
  });

  describe('pointer', () => {
    it('picks a card on click, reveals it and says what was drawn', async () => {
      const picker = await mountPicker();
      const picked = oneEvent(picker, 'tarot-card-pick');
      await clickCenter(card(picker, 20));
      const { detail } = await picked;
      const revealed = picker.shadowRoot?.querySelector<TarotCardElement>('tarot-card');
      expect(revealed?.cardId).to.equal(detail.cardId);
      expect(revealed?.reversed).to.equal(detail.reversed);
      const orientation = detail.reversed ? 'reversed' : 'upright';
      expect(liveRegion(picker)).to.equal(`You drew ${detail.cardName}, ${orientation}`);
      const caption = picker.shadowRoot?.querySelector('[part="caption"]')?.textContent ?? '';
      expect(caption).to.contain(detail.cardName);
      expect(caption.toLowerCase()).to.contain(orientation);
    });
  });

  describe('events', () => {
    it('fires tarot-card-pick once, with { cardId, cardName, reversed }, after the reveal', async () => {
      const picker = await mountPicker();
      const events: CustomEvent[] = [];
      let animatingAtEvent = true;
      picker.addEventListener('tarot-card-pick', (event) => {
        events.push(event);
        animatingAtEvent = flipper(picker)
          .getAnimations()
          .some((a) => a.playState === 'running');
      });
      card(picker, 7).click();
      // While the card flips, nothing has been fired yet.
      await picker.updateComplete;
      expect(events).to.have.length(0);
      expect(animatesTransform(flipper(picker))).to.equal(true);
      await waitUntil(() => events.length > 0, 'the pick event');
      card(picker, 8).click();
      await clickCenter(card(picker, 9));
      await motionSettled(picker);
      expect(events).to.have.length(1);
      const [event] = events;
      expect(animatingAtEvent).to.equal(false);
      expect(event?.bubbles).to.equal(true);
      expect(event?.composed).to.equal(true);
      expect(Object.keys(event?.detail ?? {}).sort()).to.deep.equal([
        'cardId',
        'cardName',
        'reversed',
      ]);
      expect(picker.drawn).to.deep.equal(event?.detail);
    });

    it('is disabled after the pick, and reset() shuffles again for the next draw', async () => {
      const picker = await mountPicker();
      const first = oneEvent(picker, 'tarot-card-pick');
      card(picker, 0).click();
      await first;
      expect(picker.disabled).to.equal(true);
      expect(cards(picker).every((b) => b.getAttribute('aria-disabled') === 'true')).to.equal(true);

      picker.reset();
      await picker.updateComplete;
      expect(picker.disabled).to.equal(false);
      expect(picker.drawn).to.equal(null);
      expect(picker.shadowRoot?.querySelector('[part="reveal"]')).to.equal(null);
      const second = oneEvent(picker, 'tarot-card-pick');
      card(picker, 0).click();
      expect((await second).detail.cardId).to.be.a('string');
    });

    it('starts a new draw when the position label changes', async () => {
      const picker = await mountPicker();
      const first = oneEvent(picker, 'tarot-card-pick');
      card(picker, 0).click();
      const { detail } = await first;
      picker.excluded = [detail.cardId];
      picker.positionLabel = 'Present';
      await picker.updateComplete;
      expect(picker.disabled).to.equal(false);
      expect(cards(picker)).to.have.length(77);
      expect(picker.shadowRoot?.querySelector('[part="position"]')?.textContent).to.equal(
        'Present',
      );
    });
  });

  describe('reduced motion', () => {
    for (const [how, apply] of [
      ['the system setting', () => emulateMedia({ reducedMotion: 'reduce' })],
      ['the saved $reducedMotion choice', async () => setMotionChoice('reduce')],
    ] as const) {
      it(`reveals without turning the card under ${how}`, async () => {
        await apply();
        const picker = await mountPicker();
        await waitUntil(() => picker.hasAttribute('data-reduced-motion'), 'reduced motion seen');
        const picked = oneEvent(picker, 'tarot-card-pick');
        card(picker, 5).click();
        await picker.updateComplete;
        const reveal = picker.shadowRoot?.querySelector('[part="reveal"]') ?? picker;
        expect(animatesTransform(reveal)).to.equal(false);
        expect(getComputedStyle(flipper(picker)).transform).to.equal('none');
        // The reveal is a brief fade, not the 700 ms flip: the pick waits only for that (read
        // from the animations' own timing, not the clock, which a busy machine stretches).
        const durations = reveal
          .getAnimations({ subtree: true })
          .map((animation) => Number(animation.effect?.getTiming().duration));
        expect(durations.length).to.be.above(0);
        expect(Math.max(...durations)).to.be.at.most(150);
        await picked;
        // Focus does not lift the cards either.
        card(picker, 6).focus();
        expect(getComputedStyle(card(picker, 6)).transitionDuration).to.equal('0s');
      });
    }
  });

  describe('no repeated card', () => {
    it('never offers an excluded card', async () => {
      const excluded = ['the-fool', 'the-star', 'ace-of-cups'];
      const picker = await mountPicker(excluded);
      expect(cards(picker)).to.have.length(75);
      expect(card(picker, 74).getAttribute('aria-label')).to.equal('Card 75 of 75');
      for (let i = 0; i < 5; i++) {
        const picked = oneEvent(picker, 'tarot-card-pick');
        card(picker, secureRandomInt(75)).click();
        const { detail } = await picked;
        expect(excluded).not.to.include(detail.cardId);
        picker.reset();
        await picker.updateComplete;
      }
    });

    it('draws the whole deck through successive pickers without a repeat', async () => {
      const picker = await mountPicker();
      picker.style.setProperty('--tarot-card-picker-flip-duration', '0ms');
      const drawn: string[] = [];
      for (let round = 1; round <= 78; round++) {
        expect(cards(picker)).to.have.length(78 - drawn.length);
        const picked = oneEvent(picker, 'tarot-card-pick');
        card(picker, secureRandomInt(78 - drawn.length)).click();
        const { detail } = await picked;
        expect(drawn).not.to.include(detail.cardId);
        drawn.push(detail.cardId);
        picker.excluded = [...drawn];
        picker.positionLabel = `Position ${round}`;
        await picker.updateComplete;
      }
      expect(new Set(drawn).size).to.equal(78);
      expect(cards(picker)).to.have.length(0);
      expect(picker.shadowRoot?.textContent).to.contain('No cards are left to draw.');
    });
  });

  describe('a light first render', () => {
    it('draws its header first, then deals the spread a row or so per frame; updateComplete waits for every card', async () => {
      const picker = document.createElement('tarot-card-picker');
      picker.positionLabel = 'Past';
      document.body.append(picker);
      try {
        // The first update (a microtask) renders the header; the cards wait for animation frames.
        for (let i = 0; i < 100 && !picker.hasUpdated; i++) await Promise.resolve();
        expect(picker.shadowRoot?.querySelector('[part="position"]')?.textContent).to.equal('Past');
        expect(cards(picker)).to.have.length(0);
        // The header gets a frame of its own; the first cards come with the next.
        await new Promise((resolve) => requestAnimationFrame(resolve));
        expect(cards(picker)).to.have.length(0);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const first = cards(picker).length;
        expect(first).to.be.greaterThan(0).and.below(78);
        expect(card(picker, 0).getAttribute('aria-label')).to.equal('Card 1 of 78');
        expect(cards(picker).filter((b) => b.tabIndex === 0)).to.have.length(1);
        await picker.updateComplete;
        expect(cards(picker)).to.have.length(78);
        expect(cards(picker).filter((b) => b.tabIndex === 0)).to.have.length(1);
        expect(card(picker, 77).getAttribute('aria-label')).to.equal('Card 78 of 78');
      } finally {
        picker.remove();
      }
    });

    it('is dealt in a hidden page too, where no animation frame comes', async () => {
      const frames = window.requestAnimationFrame;
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      window.requestAnimationFrame = () => 0;
      const picker = document.createElement('tarot-card-picker');
      try {
        document.body.append(picker);
        await picker.updateComplete;
        expect(cards(picker)).to.have.length(78);
      } finally {
        window.requestAnimationFrame = frames;
        Reflect.deleteProperty(document, 'visibilityState');
        picker.remove();
      }
      expect(document.visibilityState).to.equal('visible');
    });

    it('reshuffles on reset() without dealing the cards again', async () => {
      const picker = await mountPicker();
      const before = cards(picker);
      const picked = oneEvent(picker, 'tarot-card-pick');
      card(picker, 4).click();
      await picked;
      picker.reset();
      await picker.updateComplete;
      const after = cards(picker);
      expect(after).to.have.length(78);
      expect(after.every((button, i) => button === before[i])).to.equal(true);
    });

    it('fades the spread back as one layer once a card is drawn, not card by card', async () => {
      const picker = await mountPicker();
      card(picker, 3).click();
      await picker.updateComplete;
      const spread = must(picker, '[part="spread"]');
      const fades = (element: Element) =>
        element
          .getAnimations()
          .filter((a) => a instanceof CSSTransition && a.transitionProperty === 'opacity');
      expect(fades(spread)).to.have.length(1);
      expect(cards(picker).filter((b) => fades(b).length > 0)).to.have.length(1);
      expect(fades(card(picker, 3))).to.have.length(1);
      await Promise.all(fades(spread).map((a) => a.finished));
      const drawn = Number(getComputedStyle(card(picker, 3)).opacity);
      expect(Number(getComputedStyle(spread).opacity) * drawn).to.be.closeTo(0.15, 0.01);
    });
  });

  describe('shuffling', () => {
    it('draws integers within range and shuffles into a permutation', () => {
      for (const max of [1, 2, 3, 7, 78, 2 ** 32]) {
        for (let i = 0; i < 200; i++) {
          const value = secureRandomInt(max);
          expect(value).to.be.at.least(0).and.below(max);
          expect(Number.isInteger(value)).to.equal(true);
        }
      }
      const shuffled = secureShuffle(CARD_IDS);
      expect([...shuffled].sort()).to.deep.equal([...CARD_IDS].sort());
      expect(() => secureRandomInt(0)).to.throw(RangeError);
      expect(() => secureRandomInt(1.5)).to.throw(RangeError);
    });

    it('deals a different order each time', () => {
      // 78! orders: two equal shuffles in a row would mean no shuffling at all.
      expect(secureShuffle(CARD_IDS)).not.to.deep.equal(secureShuffle(CARD_IDS));
    });
  });
});
