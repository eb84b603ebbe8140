import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../web-components/bmo/bmo-face/bmo-face.ts';
import type { BmoFace } from '../../web-components/bmo/bmo-face/bmo-face.ts';
import type { BmoStoresSource } from '../../web-components/bmo/host/assistant-link.ts';
import { BMO_AGENT_STATES, createBmoStores } from '../../web-components/stores/bmo.ts';
import { createCassetteStore } from '../../web-components/stores/cassette.ts';
import { setMotionChoice } from '../../web-components/stores/preferences.ts';
import { expectAccessible } from './helpers/a11y.ts';

function face(el: BmoFace): HTMLElement {
  const found = el.shadowRoot?.querySelector<HTMLElement>('[role="img"]');
  if (!found) throw new Error('no face');
  return found;
}
function running(el: BmoFace): Animation[] {
  return (el.shadowRoot?.getAnimations() ?? []).filter((a) => a.playState === 'running');
}

/** The stores an assistant hands the face linked to it. */
let source: BmoStoresSource = {
  stores: { bmo: createBmoStores(), cassette: createCassetteStore() },
};
const setBmoAgentState = (state: (typeof BMO_AGENT_STATES)[number]) =>
  source.stores.bmo.$agentState.set(state);

describe('<bmo-face>', () => {
  beforeEach(async () => {
    source = { stores: { bmo: createBmoStores(), cassette: createCassetteStore() } };
    setMotionChoice('full');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });
  afterEach(async () => {
    setMotionChoice('system');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('is accessible in every state, and says the state in words', async () => {
    const expected = {
      disconnected: 'BMO is not connected',
      connecting: 'BMO is connecting',
      listening: 'BMO is listening',
      thinking: 'BMO is thinking',
      speaking: 'BMO is speaking',
    };
    const el = await fixture<BmoFace>(html`<bmo-face></bmo-face>`);
    for (const state of BMO_AGENT_STATES) {
      el.state = state;
      await el.updateComplete;
      expect(face(el).getAttribute('aria-label')).to.equal(expected[state]);
      expect(el.getAttribute('state')).to.equal(state);
      await expectAccessible(el);
    }
  });

  it("follows its assistant's agent state when no state is set", async () => {
    const el = await fixture<BmoFace>(html`<bmo-face .assistant=${source}></bmo-face>`);
    expect(face(el).getAttribute('aria-label')).to.equal('BMO is not connected');
    setBmoAgentState('thinking');
    await el.updateComplete;
    expect(face(el).getAttribute('aria-label')).to.equal('BMO is thinking');
    setBmoAgentState('speaking');
    await el.updateComplete;
    expect(face(el).getAttribute('aria-label')).to.equal('BMO is speaking');
    expect(el.currentState).to.equal('speaking');
  });

  it("lets a set state win over its assistant's", async () => {
    setBmoAgentState('thinking');
    const el = await fixture<BmoFace>(
      html`<bmo-face state="listening" .assistant=${source}></bmo-face>`,
    );
    expect(face(el).getAttribute('aria-label')).to.equal('BMO is listening');
    el.removeAttribute('state');
    await el.updateComplete;
    expect(face(el).getAttribute('aria-label')).to.equal('BMO is thinking');
  });

  it('draws a different face for each state', async () => {
    const el = await fixture<BmoFace>(html`<bmo-face></bmo-face>`);
    const drawings = new Set<string>();
    for (const state of BMO_AGENT_STATES) {
      el.state = state;
      await el.updateComplete;
      drawings.add(el.shadowRoot?.querySelector('svg')?.innerHTML ?? '');
    }
    expect(drawings.size).to.equal(BMO_AGENT_STATES.length);
  });

  it('talks, blinks and thinks with motion allowed', async () => {
    const el = await fixture<BmoFace>(html`<bmo-face state="speaking"></bmo-face>`);
    expect(running(el).length).to.be.greaterThan(0);
    el.state = 'thinking';
    await el.updateComplete;
    expect(running(el).length).to.be.greaterThan(0);
  });

  it('holds still under reduced motion, from the system setting or the saved choice', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    setMotionChoice('system');
    const el = await fixture<BmoFace>(html`<bmo-face state="speaking"></bmo-face>`);
    expect(running(el)).to.have.length(0);
    expect(face(el).getAttribute('aria-label')).to.equal('BMO is speaking');

    await emulateMedia({ reducedMotion: 'no-preference' });
    setMotionChoice('reduce');
    el.state = 'thinking';
    await el.updateComplete;
    expect(running(el)).to.have.length(0);
  });

  it('alone, with no assistant and no state, shows BMO not connected', async () => {
    setBmoAgentState('speaking');
    const el = await fixture<BmoFace>(html`<bmo-face></bmo-face>`);
    expect(face(el).getAttribute('aria-label')).to.equal('BMO is not connected');
  });
});
