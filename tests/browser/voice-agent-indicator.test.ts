import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../web-components/voice/voice-agent-indicator/voice-agent-indicator.ts';
import type { VoiceAgentIndicator } from '../../web-components/voice/voice-agent-indicator/voice-agent-indicator.ts';
import { setMotionChoice } from '../../web-components/stores/preferences.ts';
import { expectAccessible } from './helpers/a11y.ts';
import { find, textOf } from './helpers/dom.ts';

const PHASES = ['Intent Assessment', 'Spread Generation', 'Reading', 'Followup'];

function text(el: VoiceAgentIndicator, selector: string): string {
  return textOf(find(el, selector));
}

describe('<voice-agent-indicator>', () => {
  // Drawn for the hosted page's dark theme (styles/page.css): test on its background.
  before(() => {
    document.body.style.background = 'var(--va-color-bg)';
    document.body.style.color = 'var(--va-color-text)';
  });

  afterEach(async () => {
    setMotionChoice('system');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('is accessible and says which phase is current, and where it falls', async () => {
    const el = await fixture<VoiceAgentIndicator>(
      html`<voice-agent-indicator
        label="Intent Assessment"
        .steps=${PHASES}
      ></voice-agent-indicator>`,
    );
    await expectAccessible(el);
    expect(text(el, '[part="indicator"]')).to.equal('Current phase: Intent Assessment 1 of 4');
    expect(text(el, '[part="label"]')).to.equal('Intent Assessment');
  });

  it("is judged by axe at rest: a check started 40 ms into the label's fade waits for its end", async () => {
    // Mid-fade the label is partly transparent, and its contrast fails for a few frames: a browser
    // test once ran axe there. The check waits for finite animations, in shadow roots too.
    const el = await fixture<VoiceAgentIndicator>(
      html`<voice-agent-indicator active label="Intent Assessment"></voice-agent-indicator>`,
    );
    el.label = 'Spread Generation';
    await el.updateComplete;
    const fades = el.shadowRoot?.getAnimations() ?? [];
    expect(fades.length).to.equal(1);
    for (const fade of fades) fade.currentTime = 40;
    await expectAccessible(el);
    expect(fades.every((fade) => fade.playState === 'finished')).to.equal(true);
  });

  it('updates at once when the agent hands off, through every phase', async () => {
    const el = await fixture<VoiceAgentIndicator>(
      html`<voice-agent-indicator .steps=${PHASES}></voice-agent-indicator>`,
    );
    for (const [index, phase] of PHASES.entries()) {
      el.label = phase;
      await el.updateComplete;
      expect(text(el, '[part="label"]')).to.equal(phase);
      expect(text(el, '[part="step"]')).to.equal(`${index + 1} of 4`);
    }
  });

  it('is subtle: small text, no live region of its own (the page announces handoffs once)', async () => {
    const el = await fixture<VoiceAgentIndicator>(
      html`<voice-agent-indicator label="Reading"></voice-agent-indicator>`,
    );
    expect(el.shadowRoot?.querySelector('[aria-live], [role="status"], [role="alert"]')).to.equal(
      null,
    );
    const fontSize = parseFloat(getComputedStyle(el).fontSize);
    expect(fontSize).to.be.below(16);
    expect(el.shadowRoot?.querySelector('[part="step"]')).to.equal(null);
  });

  it('shows the idle label before any agent is active', async () => {
    const el = await fixture<VoiceAgentIndicator>(
      html`<voice-agent-indicator idle-label="Connecting…"></voice-agent-indicator>`,
    );
    expect(text(el, '[part="label"]')).to.equal('Connecting…');
    expect(el.hasAttribute('active')).to.equal(false);
  });

  it('fades the new name in, and not at all with reduced motion (system or saved choice)', async () => {
    const el = await fixture<VoiceAgentIndicator>(
      html`<voice-agent-indicator label="Reading"></voice-agent-indicator>`,
    );
    const label = () => el.shadowRoot?.querySelector('[part="label"]');
    const name = () => {
      const node = label();
      return node ? getComputedStyle(node).animationName : '';
    };
    expect(name()).to.equal('arrive');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(name()).to.equal('none');
    await emulateMedia({ reducedMotion: 'no-preference' });
    setMotionChoice('reduce');
    await el.updateComplete;
    expect(name()).to.equal('none');
  });
});
