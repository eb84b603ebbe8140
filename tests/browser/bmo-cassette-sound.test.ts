import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../web-components/bmo/bmo-cassette-slot/bmo-cassette-slot.ts';
import type { BmoCassetteSlot } from '../../web-components/bmo/bmo-cassette-slot/bmo-cassette-slot.ts';
import {
  onCassetteSound,
  playCassetteSound,
} from '../../web-components/bmo/bmo-cassette-slot/sound.ts';
import { setMotionChoice, setSoundMuted } from '../../web-components/stores/preferences.ts';
import { waitUntil } from './helpers/a11y.ts';

// The cassette's sound and the browser's autoplay rule: an AudioContext made before the page has
// had a user gesture cannot start, and Chrome warns in the console for each one. This file runs in
// its own page, which no test has clicked yet; the tests run in order.

/** Every AudioContext the page makes, counted. */
let made = 0;
const RealAudioContext = window.AudioContext;
class CountedAudioContext extends RealAudioContext {
  constructor(options?: AudioContextOptions) {
    super(options);
    made += 1;
  }
}
window.AudioContext = CountedAudioContext;

const played: string[] = [];
onCassetteSound((record) => played.push(record.kind));

describe('the cassette sound', () => {
  before(() => {
    setSoundMuted(false);
    setMotionChoice('full');
  });
  after(() => setSoundMuted(true));

  it('before any user gesture, a cassette animates in silently and no AudioContext is made', async () => {
    expect(navigator.userActivation.hasBeenActive, 'no gesture yet on this page').to.equal(false);
    const el = await fixture<BmoCassetteSlot>(html`<bmo-cassette-slot></bmo-cassette-slot>`);
    const inserted = oneEvent(el, 'bmo-cassette-insert');
    el.cassette = { title: 'Before any gesture', content: '1' };
    await inserted;
    expect(el.phase).to.equal('inserting');
    await waitUntil(() => el.phase === 'idle', 'the cassette rests in the slot');

    expect(playCassetteSound('insert'), 'a sound asked for now does not play').to.equal(false);
    expect(made).to.equal(0);
    expect(played).to.deep.equal([]);
  });

  it('makes one AudioContext on the first pointer press on the page, and plays from then on', async () => {
    await sendMouse({ type: 'click', position: [2, 2] });
    await waitUntil(() => made === 1, 'an AudioContext made on the gesture');

    const el = await fixture<BmoCassetteSlot>(html`<bmo-cassette-slot></bmo-cassette-slot>`);
    el.cassette = { title: 'After the gesture', content: '2' };
    await waitUntil(() => played.length === 1, 'the insert sound played');
    expect(played).to.deep.equal(['insert']);
    expect(made, 'one context for the page').to.equal(1);
  });
});
