import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../web-components/voice/voice-speaker-button/voice-speaker-button.ts';
import type {
  VoiceSpeakerButton,
  VoiceTalkEndDetail,
  VoiceTalkStartDetail,
} from '../../web-components/voice/voice-speaker-button/voice-speaker-button.ts';
import { setMotionChoice } from '../../web-components/stores/preferences.ts';
import { expectAccessible } from './helpers/a11y.ts';
import { must } from './helpers/dom.ts';

const inner = (el: VoiceSpeakerButton): HTMLButtonElement => must<HTMLButtonElement>(el, 'button');

/** Every talk event the element fires, in order. */
function record(el: VoiceSpeakerButton): string[] {
  const seen: string[] = [];
  el.addEventListener('voice-talk-start', (event) => seen.push(`start:${event.detail.source}`));
  el.addEventListener('voice-talk-end', (event) =>
    seen.push(`end:${event.detail.source}:${event.detail.released ? 'released' : 'broken'}`),
  );
  return seen;
}

async function centre(el: Element): Promise<[number, number]> {
  const rect = el.getBoundingClientRect();
  return [Math.round(rect.x + rect.width / 2), Math.round(rect.y + rect.height / 2)];
}

async function render(): Promise<VoiceSpeakerButton> {
  return fixture<VoiceSpeakerButton>(html`<voice-speaker-button></voice-speaker-button>`);
}

describe('<voice-speaker-button>', () => {
  // Drawn for the hosted page's dark theme (styles/page.css): test on its background.
  before(() => {
    document.body.style.background = 'var(--va-color-bg)';
    document.body.style.color = 'var(--va-color-text)';
  });

  afterEach(async () => {
    await resetMouse();
    setMotionChoice('system');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('is accessible: a large round native button reading "Hold to Speak", not pressed, with its hint', async () => {
    const el = await render();
    await expectAccessible(el);
    const button = inner(el);
    expect(button.textContent?.trim()).to.equal('Hold to Speak');
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    const hint = el.shadowRoot?.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).to.contain('hold Space or Enter');
    const rect = button.getBoundingClientRect();
    expect(rect.width).to.be.at.least(120);
    expect(Math.abs(rect.width - rect.height)).to.be.below(1);
    expect(getComputedStyle(button).borderRadius).to.equal('50%');
  });

  it('is focusable with Tab', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><button>before</button><voice-speaker-button></voice-speaker-button></div>`,
    );
    wrapper.querySelector('button')?.focus();
    await sendKeys({ press: 'Tab' });
    const el = wrapper.querySelector('voice-speaker-button');
    expect(document.activeElement).to.equal(el);
    expect(el?.shadowRoot?.activeElement).to.equal(el && inner(el));
  });

  for (const key of ['Space', 'Enter'] as const) {
    it(`holds while ${key} is held down: keydown starts, keyup ends, auto-repeat is ignored`, async () => {
      const el = await render();
      const seen = record(el);
      inner(el).focus();
      const started = oneEvent(el, 'voice-talk-start');
      await sendKeys({ down: key });
      const start: CustomEvent<VoiceTalkStartDetail> = await started;
      expect(start.detail).to.deep.equal({ source: 'keyboard' });
      expect(start.bubbles && start.composed).to.equal(true);
      await el.updateComplete;
      expect(inner(el).getAttribute('aria-pressed')).to.equal('true');
      expect(inner(el).textContent?.trim()).to.equal('Listening…');
      // The browser repeats a held key; those repeats start nothing.
      inner(el).dispatchEvent(
        new KeyboardEvent('keydown', {
          key: key === 'Space' ? ' ' : 'Enter',
          repeat: true,
          bubbles: true,
        }),
      );
      await sendKeys({ up: key });
      await el.updateComplete;
      expect(seen).to.deep.equal(['start:keyboard', 'end:keyboard:released']);
      expect(inner(el).getAttribute('aria-pressed')).to.equal('false');
      expect(inner(el).textContent?.trim()).to.equal('Hold to Speak');
    });
  }

  it('does not click or scroll the page when Space is held', async () => {
    const el = await render();
    let clicks = 0;
    inner(el).addEventListener('click', () => (clicks += 1));
    inner(el).focus();
    await sendKeys({ down: 'Space' });
    await sendKeys({ up: 'Space' });
    await sendKeys({ press: 'Enter' });
    expect(clicks).to.equal(0);
  });

  it('ends a keyboard hold when focus leaves the button', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><voice-speaker-button></voice-speaker-button><button>after</button></div>`,
    );
    const el = wrapper.querySelector('voice-speaker-button');
    if (!el) throw new Error('no element');
    const seen = record(el);
    inner(el).focus();
    await sendKeys({ down: 'Enter' });
    wrapper.querySelector<HTMLButtonElement>(':scope > button')?.focus();
    expect(seen).to.deep.equal(['start:keyboard', 'end:keyboard:released']);
    await sendKeys({ up: 'Enter' });
    expect(seen).to.have.length(2);
  });

  it('holds while the pointer is down, even when it slides off the button (pointer capture)', async () => {
    const el = await render();
    const seen = record(el);
    await sendMouse({ type: 'move', position: await centre(inner(el)) });
    await sendMouse({ type: 'down' });
    await el.updateComplete;
    expect(inner(el).getAttribute('aria-pressed')).to.equal('true');
    expect(el.holding).to.equal(true);
    expect(el.hasAttribute('holding')).to.equal(true);
    const rect = inner(el).getBoundingClientRect();
    await sendMouse({
      type: 'move',
      position: [Math.round(rect.right + 60), Math.round(rect.bottom + 60)],
    });
    expect(el.holding).to.equal(true);
    const ended = oneEvent(el, 'voice-talk-end');
    await sendMouse({ type: 'up' });
    const end: CustomEvent<VoiceTalkEndDetail> = await ended;
    expect(end.detail).to.deep.equal({ source: 'pointer', released: true });
    expect(seen).to.deep.equal(['start:pointer', 'end:pointer:released']);
    await el.updateComplete;
    expect(inner(el).getAttribute('aria-pressed')).to.equal('false');
  });

  it('a second press while held starts nothing; a cancelled pointer breaks the hold off', async () => {
    const el = await render();
    const seen = record(el);
    const button = inner(el);
    const init = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true };
    button.dispatchEvent(new PointerEvent('pointerdown', init));
    button.dispatchEvent(new PointerEvent('pointerdown', { ...init, pointerId: 8 }));
    button.dispatchEvent(new PointerEvent('pointercancel', init));
    expect(seen).to.deep.equal(['start:pointer', 'end:pointer:broken']);
  });

  it('ignores a release that had no press', async () => {
    const el = await render();
    const seen = record(el);
    inner(el).dispatchEvent(new PointerEvent('pointerup', { pointerId: 1, bubbles: true }));
    inner(el).focus();
    await sendKeys({ up: 'Space' });
    expect(seen).to.deep.equal([]);
  });

  it('ignores the right mouse button and keeps the context menu away from a long press', async () => {
    const el = await render();
    const seen = record(el);
    inner(el).dispatchEvent(
      new PointerEvent('pointerdown', {
        pointerId: 1,
        pointerType: 'mouse',
        button: 2,
        bubbles: true,
      }),
    );
    const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    inner(el).dispatchEvent(menu);
    expect(seen).to.deep.equal([]);
    expect(menu.defaultPrevented).to.equal(true);
  });

  it('when disabled: not focusable, no events, and a hold in progress is broken off', async () => {
    const el = await render();
    const seen = record(el);
    inner(el).focus();
    await sendKeys({ down: 'Space' });
    el.disabled = true;
    await el.updateComplete;
    await sendKeys({ up: 'Space' });
    expect(seen).to.deep.equal(['start:keyboard', 'end:keyboard:broken']);
    expect(inner(el).disabled).to.equal(true);
    await sendMouse({ type: 'move', position: await centre(inner(el)) });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'up' });
    expect(seen).to.have.length(2);
    await expectAccessible(el);
  });

  it('shows a breathing ring while the agent speaks, and a still one with reduced motion', async () => {
    const el = await fixture<VoiceSpeakerButton>(
      html`<voice-speaker-button speaking></voice-speaker-button>`,
    );
    expect(getComputedStyle(inner(el), '::after').animationName).to.equal('breathe');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle(inner(el), '::after').animationName).to.equal('none');
    expect(getComputedStyle(inner(el), '::after').opacity).to.not.equal('0');
  });

  it('follows the saved reduced-motion choice as well as the system setting', async () => {
    const el = await fixture<VoiceSpeakerButton>(
      html`<voice-speaker-button speaking></voice-speaker-button>`,
    );
    setMotionChoice('reduce');
    await el.updateComplete;
    expect(el.hasAttribute('data-reduced-motion')).to.equal(true);
    expect(getComputedStyle(inner(el), '::after').animationName).to.equal('none');
    expect(getComputedStyle(inner(el)).transitionDuration).to.equal('0s');
  });
});
