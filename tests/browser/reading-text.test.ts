import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../web-components/tarot/tarot-reading-text/tarot-reading-text.ts';
import {
  OFFLINE_READER_NOTICE,
  type TarotReadingText,
} from '../../web-components/tarot/tarot-reading-text/tarot-reading-text.ts';
import type { TarotCardPicker } from '../../web-components/tarot/tarot-card-picker/tarot-card-picker.ts';
import type { TarotCardStage } from '../../web-components/tarot/tarot-card-stage/tarot-card-stage.ts';
import { setMotionChoice } from '../../web-components/stores/preferences.ts';
import { type ReadingStore, createReadingStore } from '../../web-components/stores/reading.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';
import { buttonNamed, control, must as part } from './helpers/dom.ts';

/** The store each test drives, handed to the element as `.store` (no `<tarot-reading>` above it). */
let textReading: ReadingStore = createReadingStore();

function connectedReading(): void {
  textReading.reset();
  textReading.setConnection('connected');
  textReading.setEngine('local');
  textReading.setAgent('SpreadGeneration');
  textReading.setTranscript([
    { kind: 'message', id: 'u1', role: 'user', text: 'Will I move abroad?', done: true },
    { kind: 'message', id: 'a1', role: 'assistant', text: 'Let us draw three cards.', done: true },
    { kind: 'phase', id: 'p1', agent: 'SpreadGeneration' },
    {
      kind: 'card',
      id: 'c1',
      action: 'drawn',
      cardId: 'the-tower',
      cardName: 'The Tower',
      reversed: true,
      positionLabel: 'Past',
    },
  ]);
  textReading.addDrawnCard({
    cardId: 'the-tower',
    cardName: 'The Tower',
    reversed: true,
    positionLabel: 'Past',
    promptRole: 'what shaped the situation',
  });
}

async function render(): Promise<TarotReadingText> {
  const el = await fixture<TarotReadingText>(
    html`<tarot-reading-text .store=${textReading}></tarot-reading-text>`,
  );
  await el.updateComplete;
  return el;
}

describe('<tarot-reading-text>', () => {
  beforeEach(() => {
    textReading = createReadingStore();
  });
  afterEach(async () => {
    setMotionChoice('system');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('is accessible with a conversation, a drawn card and the spread summary', async () => {
    connectedReading();
    const el = await render();
    await expectAccessible(el);
    const log = part<HTMLElement>(el, '[role="log"]');
    expect(log.getAttribute('aria-live')).to.equal('polite');
    expect(log.textContent).to.contain('Let us draw three cards.');
    expect(part(el, '[part="spread"]').textContent).to.contain('The Tower, reversed');
  });

  it('used alone, each keeps a store of its own: what one shows never reaches another', async () => {
    const [one, two] = await Promise.all([
      fixture<TarotReadingText>(html`<tarot-reading-text></tarot-reading-text>`),
      fixture<TarotReadingText>(html`<tarot-reading-text></tarot-reading-text>`),
    ]);
    expect(one.store).not.to.equal(two.store);
    one.store.setConnection('connected');
    one.store.openPicker({ positionLabel: 'Past', promptRole: 'what shaped you' });
    one.store.setTranscript([
      { kind: 'message', id: 'u1', role: 'user', text: 'Will I move abroad?', done: true },
    ]);
    await one.updateComplete;
    await two.updateComplete;
    expect(part(one, 'tarot-card-picker').getAttribute('position-label')).to.equal('Past');
    expect(part(one, '[role="log"]').textContent).to.contain('Will I move abroad?');
    expect(two.shadowRoot?.querySelector('tarot-card-picker')).to.equal(null);
    expect(part(two, '[role="log"]').textContent).not.to.contain('Will I move abroad?');
  });

  it('follows a new store given as .store, and no longer the old one', async () => {
    connectedReading();
    const el = await render();
    const old = textReading;
    const next = createReadingStore();
    next.setConnection('connected');
    next.setAgent('Followup');
    el.store = next;
    await el.updateComplete;
    expect(part(el, '[part="phase"]').textContent).to.equal('Followup');
    old.setAgent('Reading');
    await el.updateComplete;
    expect(part(el, '[part="phase"]').textContent).to.equal('Followup');
    expect(part(el, '[role="log"]').textContent).not.to.contain('Will I move abroad?');
  });

  it('says plainly when the offline reader is the engine', async () => {
    connectedReading();
    const el = await render();
    expect(part(el, '[part="notice"]').textContent?.trim()).to.equal(OFFLINE_READER_NOTICE);
    textReading.setEngine('openai');
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('[part="notice"]')).to.equal(null);
  });

  it('sends the typed message when Enter is pressed, and clears the box', async () => {
    connectedReading();
    const el = await render();
    const input = part<HTMLInputElement>(el, 'input[name="message"]');
    input.focus();
    await sendKeys({ type: 'Should I take the job?' });
    const sent = oneEvent(el, 'tarot-reading-send');
    await sendKeys({ press: 'Enter' });
    expect((await sent).detail).to.deep.equal({ text: 'Should I take the job?' });
    expect(input.value).to.equal('');
  });

  it('shows the picker inline with the position and its role, and moves focus to it', async () => {
    connectedReading();
    const el = await render();
    part<HTMLInputElement>(el, 'input[name="message"]').focus();
    textReading.openPicker({ positionLabel: 'Present', promptRole: 'where you stand' });
    await el.updateComplete;
    // the card elements load once the reading is under way
    await customElements.whenDefined('tarot-card-picker');
    const picker = part<TarotCardPicker>(el, 'tarot-card-picker');
    expect(picker.positionLabel).to.equal('Present');
    expect(picker.promptRole).to.equal('where you stand');
    expect(picker.excluded).to.deep.equal(['the-tower']);
    expect(part<HTMLInputElement>(el, 'input[name="message"]').disabled).to.equal(true);
    await waitUntil(
      () => el.shadowRoot?.activeElement === part(el, '[part="draw"]'),
      'focus on the draw',
    );
    await expectAccessible(el);
    textReading.closePicker();
    await el.updateComplete;
    await waitUntil(
      () => el.shadowRoot?.activeElement === part(el, 'input[name="message"]'),
      'focus back in the message box',
    );
  });

  it('puts the card being shown on the stage', async () => {
    connectedReading();
    const el = await render();
    textReading.showCard({ cardId: 'the-tower', cardName: 'The Tower', reversed: true });
    await el.updateComplete;
    await customElements.whenDefined('tarot-card-stage');
    const stage = part<TarotCardStage>(el, 'tarot-card-stage');
    expect(stage.card).to.deep.equal({ cardId: 'the-tower', reversed: true });
  });

  it('fires tarot-reading-end from "End reading", then offers a new reading', async () => {
    connectedReading();
    const el = await render();
    const ended = oneEvent(el, 'tarot-reading-end');
    buttonNamed(el, 'End reading').click();
    await ended;
    textReading.setConnection('disconnected');
    await el.updateComplete;
    const restart = oneEvent(el, 'tarot-reading-restart');
    buttonNamed(el, 'Start a new reading').click();
    await restart;
  });

  it('after the reading, "Choose another mode" fires tarot-reading-leave: a button, or a link where choose-href is set', async () => {
    connectedReading();
    textReading.setConnection('disconnected');
    const el = await render();
    const choose = buttonNamed(el, 'Choose another mode');
    expect(choose.textContent?.trim()).to.equal('Choose another mode');
    const leaving = oneEvent(el, 'tarot-reading-leave');
    choose.click();
    const event = await leaving;
    expect(event.bubbles && event.composed).to.equal(true);

    el.chooseHref = '/reading';
    await el.updateComplete;
    const link = control<HTMLAnchorElement>(el, 'Choose another mode', 'a');
    expect(link.getAttribute('href')).to.equal('/reading');
    expect(link.textContent?.trim()).to.equal('Choose another mode');
    await expectAccessible(el);
    // A plain click stays in the page and fires the event instead of following the link.
    const followed = oneEvent(el, 'tarot-reading-leave');
    const click = new MouseEvent('click', { bubbles: true, composed: true, cancelable: true });
    link.dispatchEvent(click);
    await followed;
    expect(click.defaultPrevented).to.equal(true);
  });

  it('announces errors in an alert', async () => {
    connectedReading();
    textReading.setError({ kind: 'connection', message: 'The connection to the reader closed.' });
    const el = await render();
    expect(part(el, '[role="alert"]').textContent).to.contain(
      'The connection to the reader closed.',
    );
  });

  it('animates new messages, and not at all with reduced motion', async () => {
    connectedReading();
    let el = await render();
    expect(getComputedStyle(part(el, '[part~="message"]')).animationName).to.equal('arrive');
    await emulateMedia({ reducedMotion: 'reduce' });
    el = await render();
    expect(getComputedStyle(part(el, '[part~="message"]')).animationName).to.equal('none');
    await emulateMedia({ reducedMotion: 'no-preference' });
    setMotionChoice('reduce');
    el = await render();
    expect(el.hasAttribute('data-reduced-motion')).to.equal(true);
    expect(getComputedStyle(part(el, '[part~="message"]')).animationName).to.equal('none');
  });
});
