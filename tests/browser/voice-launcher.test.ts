import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import '../../web-components/voice/voice-launcher/voice-launcher.ts';
import type { BmoAssistant } from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import type { TarotReading } from '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import type {
  VoiceLauncher,
  VoiceLauncherPlacement,
} from '../../web-components/voice/voice-launcher/voice-launcher.ts';
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
const PLACEMENTS: VoiceLauncherPlacement[] = [
  'bottom-right',
  'bottom-left',
  'top-right',
  'top-left',
];
/** The launcher's distance from its corner, px (`--voice-launcher-offset`, 1.25rem). */
const OFFSET = 20;

function overlap(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
/** True when what a visitor hits at the middle of `link` is the link itself (nothing over it). */
function uncovered(link: Element): boolean {
  const box = link.getBoundingClientRect();
  return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === link;
}
/**
 * A link of the page's own, fixed in the corner `placement` names, 12px from its edges, as a
 * site's "Back to top" or header menu is.
 */
function cornerLink(placement: VoiceLauncherPlacement): string {
  const [block, inline] = placement.split('-');
  return `position: fixed; ${block}: 12px; ${inline}: 12px; padding: 0.6rem 1rem`;
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

  for (const placement of PLACEMENTS) {
    it(`sits in the ${placement} corner, and its panel opens beside the button there`, async () => {
      const el = await fixture<BmoAssistant>(
        html`<bmo-assistant variant="launcher" placement=${placement}></bmo-assistant>`,
      );
      const launcher = await launcherOf(el);
      const [block, inline] = placement.split('-');
      const at = button(launcher).getBoundingClientRect();
      expect(block === 'top' ? at.top : innerHeight - at.bottom).to.be.closeTo(OFFSET, 1);
      expect(inline === 'left' ? at.left : innerWidth - at.right).to.be.closeTo(OFFSET, 1);
      button(launcher).click();
      await launcher.updateComplete;
      const box = panel(launcher).getBoundingClientRect();
      expect(inline === 'left' ? box.left : innerWidth - box.right).to.be.closeTo(OFFSET, 1);
      if (block === 'top') expect(box.top).to.be.at.least(at.bottom);
      else expect(box.bottom).to.be.at.most(at.top);
      expect(box.top).to.be.at.least(0);
      expect(box.bottom).to.be.at.most(innerHeight);
    });
  }

  it('never covers the page’s own links in its corner, in any of the four: it steps aside along its edge, and its panel opens beside it there', async () => {
    const page = await fixture<HTMLDivElement>(
      html`<div>
        ${PLACEMENTS.map(
          (placement) =>
            html`<a href="#${placement}" style=${cornerLink(placement)}>Page ${placement}</a>`,
        )}
        ${PLACEMENTS.map(
          (placement) =>
            html`<voice-launcher
              placement=${placement}
              label=${`Launcher ${placement}`}
            ></voice-launcher>`,
        )}
      </div>`,
    );
    const launchers = [...page.querySelectorAll('voice-launcher')];
    const links = [...page.querySelectorAll('a')];
    await Promise.all(launchers.map((launcher) => launcher.updateComplete));
    await waitUntil(
      () =>
        launchers.every((launcher, i) => {
          const link = links[i];
          const rect = button(launcher).getBoundingClientRect();
          return link !== undefined && !overlap(rect, link.getBoundingClientRect());
        }),
      'every launcher off its corner’s link',
    );
    for (const [i, launcher] of launchers.entries()) {
      const placement = PLACEMENTS[i] ?? 'bottom-right';
      const [block, inline] = placement.split('-');
      const at = button(launcher).getBoundingClientRect();
      // the same edge, a step away from the corner, still in the corner's half of the screen
      expect(inline === 'left' ? at.left : innerWidth - at.right).to.be.closeTo(OFFSET, 1);
      if (block === 'top') expect(at.bottom).to.be.below(innerHeight / 2);
      else expect(at.top).to.be.above(innerHeight / 2);
      // and the panel beside the button where it now is
      launcher.toggle(true);
      await launcher.updateComplete;
      const box = panel(launcher).getBoundingClientRect();
      if (block === 'top') expect(box.top).to.be.at.least(at.bottom);
      else expect(box.bottom).to.be.at.most(at.top);
      launcher.toggle(false);
      await launcher.updateComplete;
    }
    // every link of the page is reachable by keyboard and by pointer, none hidden
    for (const link of links) {
      link.focus();
      expect(uncovered(link), `${link.textContent} is not covered`).to.equal(true);
    }
  });

  it('steps aside from a link of the page that comes into its corner later, when the link takes focus', async () => {
    const launcher = await fixture<VoiceLauncher>(
      html`<voice-launcher placement="bottom-right" label="Help"></voice-launcher>`,
    );
    const corner = button(launcher).getBoundingClientRect();
    const link = document.createElement('a');
    link.href = '#late';
    link.textContent = 'Chat with sales';
    link.setAttribute('style', cornerLink('bottom-right'));
    launcher.after(link);
    try {
      link.focus();
      await waitUntil(() => uncovered(link), 'the focused link uncovered');
      expect(button(launcher).getBoundingClientRect().bottom).to.be.at.most(
        link.getBoundingClientRect().top,
      );
      expect(innerWidth - button(launcher).getBoundingClientRect().right).to.be.closeTo(
        innerWidth - corner.right,
        1,
      );
    } finally {
      link.remove();
    }
  });

  it('leaves the last link of a long page uncovered once the visitor has scrolled to it, and goes back to its corner when it scrolls away', async () => {
    const page = await fixture<HTMLDivElement>(
      html`<div>
        <div style="height: 200vh"></div>
        <p style="margin: 0; padding: 12px; text-align: end"><a href="#imprint">Imprint</a></p>
        <voice-launcher placement="bottom-right" label="Help"></voice-launcher>
      </div>`,
    );
    const launcher = page.querySelector('voice-launcher');
    const link = page.querySelector('a');
    if (!launcher || !link) throw new Error('not rendered');
    await launcher.updateComplete;
    const corner = button(launcher).getBoundingClientRect();
    try {
      scrollTo(0, document.documentElement.scrollHeight);
      await waitUntil(() => uncovered(link), 'the footer link uncovered at the end of the page');
      expect(button(launcher).getBoundingClientRect().bottom).to.be.below(corner.bottom);
      scrollTo(0, 0);
      await waitUntil(
        () => Math.abs(button(launcher).getBoundingClientRect().bottom - corner.bottom) < 1,
        'back in its corner',
      );
    } finally {
      scrollTo(0, 0);
    }
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

  for (const [width, kind] of [
    [1024, 'beside the page'],
    [400, 'over a phone’s screen'],
  ] as const) {
    it(`Escape in the cassette’s dialog inside the panel (${kind}) closes that dialog first, and the next Escape the panel`, async () => {
      await setViewport({ width, height: 700 });
      const el = await fixture<BmoAssistant>(
        html`<bmo-assistant variant="launcher"></bmo-assistant>`,
      );
      const launcher = await launcherOf(el);
      // opened by the visitor's keys, as each dialog is in use: Chromium closes dialogs opened
      // without a user activation between them together, on one Escape
      button(launcher).focus();
      await sendKeys({ press: 'Enter' });
      await launcher.updateComplete;
      el.stores.cassette.set({ title: 'Wi-Fi', content: 'guest-1234' });
      const slot = el.shadowRoot?.querySelector('bmo-cassette-slot');
      let cassette: HTMLButtonElement | null | undefined;
      await waitUntil(() => {
        cassette = slot?.shadowRoot?.querySelector<HTMLButtonElement>('[part="cassette"]');
        return cassette != null;
      }, 'the cassette in the bay');
      cassette?.focus();
      await sendKeys({ press: 'Enter' });
      const dialog = slot?.shadowRoot?.querySelector<HTMLDialogElement>('[part="dialog"]');
      await waitUntil(() => dialog?.open === true, 'the cassette’s dialog open');

      await sendKeys({ press: 'Escape' });
      await waitUntil(() => dialog?.open === false, 'the cassette’s dialog closed');
      await launcher.updateComplete;
      expect(panel(launcher).open, 'the panel stays open').to.equal(true);

      await sendKeys({ press: 'Escape' });
      await launcher.updateComplete;
      expect(panel(launcher).open).to.equal(false);
      expect(deepActive() === button(launcher), 'focus back on the button').to.equal(true);
    });
  }

  it('counts a reading’s error that comes while the panel is closed on its badge (its phases and cards shown: e2e/embed-launcher-reading.spec.ts)', async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = () =>
      Promise.resolve(
        Response.json(
          { error: { code: 'not_configured', message: 'The reader is resting.' } },
          { status: 503 },
        ),
      );
    try {
      const el = await fixture<TarotReading>(
        html`<tarot-reading variant="launcher" mode="text"></tarot-reading>`,
      );
      const launcher = await launcherOf(el);
      const errors: string[] = [];
      el.addEventListener('tarot-reading-error', (event) => errors.push(event.detail.code));
      void el.start();
      await waitUntil(() => errors.length > 0, 'the reading’s error');
      await launcher.updateComplete;
      expect(partOf(launcher, 'badge')?.textContent?.trim()).to.equal(String(errors.length));
      expect(button(launcher).getAttribute('aria-label')).to.equal(
        `Tarot reading (${errors.length} new)`,
      );
      button(launcher).click();
      await launcher.updateComplete;
      expect(partOf(launcher, 'badge') === null, 'opening clears it').to.equal(true);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  // The session itself, kept while the panel is closed and ended by End, is tested on real
  // connections: BMO's in e2e/embed-launcher.spec.ts, a reading's in e2e/embed-launcher-reading.spec.ts.
  it('keeps its content on the page while closed, offers End only while a session runs, and End asks the host to end it', async () => {
    const launcher = await fixture<VoiceLauncher>(
      html`<voice-launcher label="Help"><p>Inside the panel</p></voice-launcher>`,
    );
    const content = launcher.querySelector('p');
    launcher.toggle(true);
    await launcher.updateComplete;
    expect(partOf(launcher, 'end') === null, 'no End without a session').to.equal(true);
    launcher.toggle(false);
    await launcher.updateComplete;
    expect(content?.isConnected, 'the content stays on the page').to.equal(true);
    launcher.active = true;
    launcher.toggle(true);
    await launcher.updateComplete;
    const ended = oneEvent(launcher, 'voice-launcher-end');
    partOf(launcher, 'end')?.click();
    expect((await ended).composed).to.equal(true);
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
