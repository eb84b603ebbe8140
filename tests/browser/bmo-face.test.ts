import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../web-components/bmo/bmo-face.ts';
import type { BmoFace } from '../../web-components/bmo/bmo-face.ts';
import { BMO_AGENT_STATES, resetBmo, setBmoAgentState } from '../../web-components/stores/bmo.ts';
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

describe('<bmo-face>', () => {
  beforeEach(async () => {
    resetBmo();
    setMotionChoice('full');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });
  afterEach(async () => {
    resetBmo();
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

  it("follows the agent's state in the BMO store when no state is set", async () => {
    const el = await fixture<BmoFace>(html`<bmo-face></bmo-face>`);
    expect(face(el).getAttribute('aria-label')).to.equal('BMO is not connected');
    setBmoAgentState('thinking');
    await el.updateComplete;
    expect(face(el).getAttribute('aria-label')).to.equal('BMO is thinking');
    setBmoAgentState('speaking');
    await el.updateComplete;
    expect(face(el).getAttribute('aria-label')).to.equal('BMO is speaking');
    expect(el.currentState).to.equal('speaking');
  });

  it('lets a set state win over the store', async () => {
    setBmoAgentState('thinking');
    const el = await fixture<BmoFace>(html`<bmo-face state="listening"></bmo-face>`);
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
});
