import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../web-components/bmo/bmo-assistant.ts';
import '../../web-components/tarot/tarot-reading.ts';
import type { BmoAssistant } from '../../web-components/bmo/bmo-assistant.ts';
import type { TarotReading } from '../../web-components/tarot/tarot-reading.ts';
import type { VoiceLauncher } from '../../web-components/voice/voice-launcher.ts';
import { configureEvents } from '../../web-components/events/index.ts';
import { setSoundMuted } from '../../web-components/stores/preferences.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';

/** The launcher a root element renders, once its code has loaded. */
async function launcherOf(el: BmoAssistant | TarotReading): Promise<VoiceLauncher> {
  let launcher: VoiceLauncher | null = null;
  await waitUntil(() => {
    launcher = el.shadowRoot?.querySelector('voice-launcher') ?? null;
    return launcher !== null;
  }, 'the launcher rendered');
  if (!launcher) throw new Error('no launcher');
  await (launcher as VoiceLauncher).updateComplete;
  return launcher;
}
function button(launcher: VoiceLauncher): HTMLButtonElement {
  const found = launcher.shadowRoot?.querySelector<HTMLButtonElement>('[part="button"]');
  if (!found) throw new Error('no launcher button');
  return found;
}
function panel(launcher: VoiceLauncher): HTMLDialogElement {
  const found = launcher.shadowRoot?.querySelector('dialog');
  if (!found) throw new Error('no panel');
  return found;
}
function partOf(launcher: VoiceLauncher, part: string): HTMLElement | null {
  return launcher.shadowRoot?.querySelector<HTMLElement>(`[part="${part}"]`) ?? null;
}
/** The deepest element with focus, through shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

describe('launcher variant (<voice-launcher>)', () => {
  // The cassette's sound needs an audio device, which a headless test machine may not have.
  before(() => {
    configureEvents({ console: false });
    setSoundMuted(true);
  });
  after(() => {
    configureEvents({ console: true });
    setSoundMuted(false);
  });
  afterEach(async () => {
    await setViewport({ width: 1024, height: 768 });
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`is accessible closed and open, ${theme} theme, for BMO and the reading`, async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div>
          <bmo-assistant variant="launcher" theme=${theme}></bmo-assistant>
          <tarot-reading variant="launcher" placement="bottom-left" theme=${theme}></tarot-reading>
        </div>`,
      );
      for (const el of wrapper.querySelectorAll('bmo-assistant, tarot-reading')) {
        if (!(el instanceof HTMLElement)) continue;
        const launcher = await launcherOf(el as BmoAssistant);
        expect(panel(launcher).open, 'closed at first').to.equal(false);
        await expectAccessible(el);
        button(launcher).click();
        await launcher.updateComplete;
        expect(panel(launcher).open).to.equal(true);
        await expectAccessible(el);
        button(launcher).click();
        await launcher.updateComplete;
      }
    });
  }

  it('opens from its named button, closes with Escape and its Close button, and gives focus back to the button', async () => {
    const el = await fixture<BmoAssistant>(
      html`<bmo-assistant variant="launcher"></bmo-assistant>`,
    );
    const launcher = await launcherOf(el);
    const open = button(launcher);
    expect(open.getAttribute('aria-label')).to.equal('BMO');
    expect(open.getAttribute('aria-expanded')).to.equal('false');
    open.focus();
    await sendKeys({ press: 'Enter' });
    await launcher.updateComplete;
    expect(panel(launcher).open).to.equal(true);
    expect(open.getAttribute('aria-expanded')).to.equal('true');
    expect(deepActive() === panel(launcher), 'focus moves into the panel').to.equal(true);
    await sendKeys({ press: 'Escape' });
    await launcher.updateComplete;
    expect(panel(launcher).open).to.equal(false);
    expect(deepActive() === open, 'Escape gives focus back').to.equal(true);
    open.click();
    await launcher.updateComplete;
    partOf(launcher, 'close')?.click();
    await launcher.updateComplete;
    expect(panel(launcher).open).to.equal(false);
    expect(deepActive() === open, 'Close gives focus back').to.equal(true);
  });

  it('sits in the corner its placement names', async () => {
    const el = await fixture<BmoAssistant>(
      html`<bmo-assistant variant="launcher" placement="top-left"></bmo-assistant>`,
    );
    const rect = button(await launcherOf(el)).getBoundingClientRect();
    expect(rect.left).to.be.below(innerWidth / 2);
    expect(rect.top).to.be.below(innerHeight / 2);
  });

  it('counts cassettes that arrive while the panel is closed on its badge, and opening clears it', async () => {
    const el = await fixture<BmoAssistant>(
      html`<bmo-assistant variant="launcher"></bmo-assistant>`,
    );
    const launcher = await launcherOf(el);
    expect(partOf(launcher, 'badge') === null).to.equal(true);
    el.stores.cassette.set({ title: 'Wi-Fi', content: 'guest-1234' });
    await launcher.updateComplete;
    expect(partOf(launcher, 'badge')?.textContent?.trim()).to.equal('1');
    expect(button(launcher).getAttribute('aria-label')).to.equal('BMO (1 new)');
    button(launcher).click();
    await launcher.updateComplete;
    expect(partOf(launcher, 'badge') === null).to.equal(true);
    el.stores.cassette.set({ title: 'Code', content: '4321' });
    await launcher.updateComplete;
    expect(partOf(launcher, 'badge') === null, 'no badge while the panel is open').to.equal(true);
  });

  it('keeps the session while the panel is closed, and its End ends it', async () => {
    const el = await fixture<BmoAssistant>(
      html`<bmo-assistant variant="launcher"></bmo-assistant>`,
    );
    const launcher = await launcherOf(el);
    let ended = 0;
    el.end = () => {
      ended += 1;
      return Promise.resolve();
    };
    el.stores.bmo.$connection.set('connected');
    button(launcher).click();
    await launcher.updateComplete;
    button(launcher).click();
    await launcher.updateComplete;
    expect(ended, 'closing is not ending').to.equal(0);
    expect(el.stores.bmo.$connection.get()).to.equal('connected');
    const face = el.shadowRoot?.querySelector('bmo-face');
    expect(face?.isConnected, 'the content stays on the page').to.equal(true);
    button(launcher).click();
    await launcher.updateComplete;
    partOf(launcher, 'end')?.click();
    expect(ended).to.equal(1);
  });

  it('covers a phone’s screen as a modal panel, and the page behind does not scroll while it is open', async () => {
    await setViewport({ width: 400, height: 700 });
    const el = await fixture<TarotReading>(
      html`<tarot-reading variant="launcher"></tarot-reading>`,
    );
    const launcher = await launcherOf(el);
    button(launcher).click();
    await launcher.updateComplete;
    const dialog = panel(launcher);
    expect(dialog.matches(':modal'), 'modal: the page behind is inert').to.equal(true);
    const rect = dialog.getBoundingClientRect();
    expect([rect.left, rect.top, rect.width, rect.height]).to.deep.equal([0, 0, 400, 700]);
    expect(getComputedStyle(document.documentElement).overflow).to.equal('hidden');
    await sendKeys({ press: 'Escape' });
    await launcher.updateComplete;
    expect(dialog.open).to.equal(false);
    expect(getComputedStyle(document.documentElement).overflow).to.equal('visible');
    expect(deepActive() === button(launcher), 'focus back on the button').to.equal(true);
  });

  it('is a non-modal panel beside the page on a wide screen', async () => {
    const el = await fixture<TarotReading>(
      html`<tarot-reading variant="launcher"></tarot-reading>`,
    );
    const launcher = await launcherOf(el);
    button(launcher).click();
    await launcher.updateComplete;
    expect(panel(launcher).matches(':modal')).to.equal(false);
    expect(panel(launcher).getBoundingClientRect().width).to.be.below(innerWidth);
    expect(getComputedStyle(document.documentElement).overflow).to.equal('visible');
  });
});
