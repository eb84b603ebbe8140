import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../web-components/tarot/cards.ts';
import type { TarotCardStage } from '../../web-components/tarot/tarot-card-stage/tarot-card-stage.ts';
import type { TarotCardElement } from '../../web-components/tarot/tarot-card/tarot-card.ts';
import { setMotionChoice } from '../../web-components/stores/preferences.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';
import { all, animatesTransform, liveText, motionSettled, must } from './helpers/dom.ts';

function figures(stage: TarotCardStage): HTMLElement[] {
  return all(stage, 'figure');
}

const current = (stage: TarotCardStage): HTMLElement => must(stage, '[part="figure"]');
const liveRegion = (stage: TarotCardStage): string => liveText(stage);
const moves = animatesTransform;

async function emptyStage(): Promise<TarotCardStage> {
  return fixture<TarotCardStage>(html`<tarot-card-stage></tarot-card-stage>`);
}

afterEach(async () => {
  setMotionChoice('system');
  await emulateMedia({ reducedMotion: 'no-preference' });
});

describe('<tarot-card-stage>', () => {
  it('is accessible, with the card name and orientation as visible text', async () => {
    const stage = await emptyStage();
    const shown = oneEvent(stage, 'tarot-card-shown');
    stage.card = { cardId: 'the-tower', reversed: true };
    await shown;
    await expectAccessible(stage);
    const caption = current(stage).querySelector('figcaption');
    expect(caption?.textContent).to.contain('The Tower');
    expect(caption?.textContent).to.contain('Reversed');
    expect(caption?.checkVisibility()).to.equal(true);
    const card = current(stage).querySelector<TarotCardElement>('tarot-card');
    expect(card?.cardId).to.equal('the-tower');
    expect(card?.reversed).to.equal(true);
  });

  it('announces the card it shows, politely', async () => {
    const stage = await emptyStage();
    const shown = oneEvent(stage, 'tarot-card-shown');
    stage.card = { cardId: 'the-tower', reversed: true };
    await shown;
    const region = stage.shadowRoot?.querySelector('[role="status"]');
    expect(region?.getAttribute('aria-live')).to.equal('polite');
    expect(liveRegion(stage)).to.equal('Showing The Tower, reversed');
  });

  it('fires tarot-card-shown once the display animation has completed', async () => {
    const stage = await emptyStage();
    const events: CustomEvent[] = [];
    let movingAtEvent = true;
    stage.addEventListener('tarot-card-shown', (event) => {
      events.push(event);
      movingAtEvent = current(stage)
        .getAnimations()
        .some((a) => a.playState === 'running');
    });
    stage.card = { cardId: 'the-star', reversed: false };
    await stage.updateComplete;
    expect(events).to.have.length(0);
    expect(moves(current(stage))).to.equal(true);
    await waitUntil(() => events.length > 0, 'the shown event');
    await motionSettled(stage);
    expect(events).to.have.length(1);
    expect(movingAtEvent).to.equal(false);
    expect(events[0]?.detail).to.deep.equal({ cardId: 'the-star', reversed: false });
    expect(events[0]?.bubbles).to.equal(true);
    expect(events[0]?.composed).to.equal(true);
  });

  it('takes the card from attributes too', async () => {
    const stage = await emptyStage();
    const shown = oneEvent(stage, 'tarot-card-shown');
    stage.setAttribute('card-id', 'ace-of-swords');
    stage.setAttribute('reversed', '');
    const { detail } = await shown;
    expect(detail).to.deep.equal({ cardId: 'ace-of-swords', reversed: true });
    expect(stage.card).to.deep.equal({ cardId: 'ace-of-swords', reversed: true });
  });

  it('slides the old card out as the new one comes in, then keeps only the new one', async () => {
    const stage = await emptyStage();
    let shown = oneEvent(stage, 'tarot-card-shown');
    stage.card = { cardId: 'the-sun', reversed: false };
    await shown;
    shown = oneEvent(stage, 'tarot-card-shown');
    stage.card = { cardId: 'the-moon', reversed: true };
    await stage.updateComplete;
    const [leaving, entering] = figures(stage);
    expect(figures(stage)).to.have.length(2);
    expect(leaving?.getAttribute('aria-hidden')).to.equal('true');
    expect(leaving?.textContent).to.contain('The Sun');
    expect(moves(leaving ?? stage)).to.equal(true);
    expect(entering?.textContent).to.contain('The Moon');
    const { detail } = await shown;
    expect(detail).to.deep.equal({ cardId: 'the-moon', reversed: true });
    await stage.updateComplete;
    expect(figures(stage)).to.have.length(1);
    expect(current(stage).textContent).to.contain('The Moon');
    expect(liveRegion(stage)).to.equal('Showing The Moon, reversed');
  });

  it('reports only the last card when changed again mid-animation', async () => {
    const stage = await emptyStage();
    const details: unknown[] = [];
    stage.addEventListener('tarot-card-shown', (event) => details.push(event.detail));
    stage.card = { cardId: 'the-sun', reversed: false };
    await stage.updateComplete;
    stage.card = { cardId: 'death', reversed: false };
    await waitUntil(() => details.length > 0, 'the shown event');
    await motionSettled(stage);
    expect(details).to.deep.equal([{ cardId: 'death', reversed: false }]);
  });

  it('fires again when the same card is shown again through .card', async () => {
    const stage = await emptyStage();
    let shown = oneEvent(stage, 'tarot-card-shown');
    stage.card = { cardId: 'justice', reversed: false };
    await shown;
    shown = oneEvent(stage, 'tarot-card-shown');
    stage.card = { cardId: 'justice', reversed: false };
    expect((await shown).detail).to.deep.equal({ cardId: 'justice', reversed: false });
    expect(figures(stage)).to.have.length(1);
  });

  it('stays on the card until it is changed', async () => {
    const stage = await emptyStage();
    const shown = oneEvent(stage, 'tarot-card-shown');
    stage.card = { cardId: 'the-lovers', reversed: false };
    await shown;
    await motionSettled(stage);
    expect(current(stage).textContent).to.contain('The Lovers');
    expect(current(stage).checkVisibility({ opacityProperty: true })).to.equal(true);
  });

  it('shows an unknown id face down as "Unknown card" and reports nothing', async () => {
    const stage = await emptyStage();
    let fired = false;
    stage.addEventListener('tarot-card-shown', () => (fired = true));
    stage.card = { cardId: 'the-joker', reversed: false };
    await stage.updateComplete;
    expect(current(stage).textContent).to.contain('Unknown card');
    await motionSettled(stage);
    expect(fired).to.equal(false);
    await expectAccessible(stage);
  });

  describe('reduced motion', () => {
    for (const [how, apply] of [
      ['the system setting', () => emulateMedia({ reducedMotion: 'reduce' })],
      ['the saved $reducedMotion choice', async () => setMotionChoice('reduce')],
    ] as const) {
      it(`swaps cards without movement and reports at once under ${how}`, async () => {
        await apply();
        const stage = await emptyStage();
        await waitUntil(() => stage.hasAttribute('data-reduced-motion'), 'reduced motion seen');
        let shown = oneEvent(stage, 'tarot-card-shown');
        stage.card = { cardId: 'the-hermit', reversed: false };
        await stage.updateComplete;
        // Fired during the update itself: no animation to wait for.
        await shown;
        shown = oneEvent(stage, 'tarot-card-shown');
        stage.card = { cardId: 'the-empress', reversed: true };
        await stage.updateComplete;
        await shown;
        expect(figures(stage)).to.have.length(1);
        expect(moves(stage.shadowRoot?.querySelector('[part="stage"]') ?? stage)).to.equal(false);
        expect(current(stage).textContent).to.contain('The Empress');
      });
    }
  });
});
