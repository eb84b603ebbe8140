import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../web-components/bmo/index.ts';
import '../../web-components/voice/index.ts';
import type { BmoAssistant } from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import type { BmoCassetteSlot } from '../../web-components/bmo/bmo-cassette-slot/bmo-cassette-slot.ts';
import { waitUntil } from './helpers/a11y.ts';

// The light and dark themes (shared/theme.styles.ts, styles/tokens.css, which every test page
// loads): the text colour each scheme gives.
const LIGHT_TEXT = 'rgb(29, 23, 48)';
const DARK_TEXT = 'rgb(243, 239, 255)';
const LIGHT_FOCUS = '#0b5fa5';

function shadow(element: Element): ShadowRoot {
  if (!element.shadowRoot) throw new Error(`${element.localName} has no shadow root`);
  return element.shadowRoot;
}

function innerSlot(assistant: BmoAssistant): BmoCassetteSlot {
  const slot = shadow(assistant).querySelector('bmo-cassette-slot');
  if (!slot) throw new Error('no cassette slot inside the assistant');
  return slot;
}

function part(element: Element, name: string): HTMLElement {
  const found = shadow(element).querySelector<HTMLElement>(`[part~="${name}"]`);
  if (!found) throw new Error(`no part ${name} in ${element.localName}`);
  return found;
}

afterEach(async () => {
  await emulateMedia({ colorScheme: 'no-preference', forcedColors: 'none' });
});

describe('themes', () => {
  it('is light under prefers-color-scheme: light and dark under dark', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const transcript = await fixture(html`<voice-transcript></voice-transcript>`);
    expect(getComputedStyle(transcript).color).to.equal(LIGHT_TEXT);
    expect(getComputedStyle(transcript).colorScheme).to.equal('light dark');
    await emulateMedia({ colorScheme: 'dark' });
    expect(getComputedStyle(transcript).color).to.equal(DARK_TEXT);
  });

  it('follows the theme attribute over the preference, and a root’s inner elements follow it', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const assistant = await fixture<BmoAssistant>(
      html`<bmo-assistant theme="light"></bmo-assistant>`,
    );
    await assistant.updateComplete;
    expect(getComputedStyle(assistant).color).to.equal(LIGHT_TEXT);
    expect(getComputedStyle(innerSlot(assistant)).color).to.equal(LIGHT_TEXT);

    await emulateMedia({ colorScheme: 'light' });
    const dark = await fixture(html`<voice-transcript theme="dark"></voice-transcript>`);
    expect(getComputedStyle(dark).color).to.equal(DARK_TEXT);
  });

  it('with tokens.css, follows a theme set on an ancestor (a wrapper, or the page)', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const wrapper = await fixture(
      html`<div theme="dark"><voice-transcript></voice-transcript></div>`,
    );
    const transcript = wrapper.querySelector('voice-transcript');
    if (!transcript) throw new Error('no transcript');
    expect(getComputedStyle(transcript).color).to.equal(DARK_TEXT);
    expect(getComputedStyle(transcript).colorScheme).to.equal('dark');
  });

  it('with tokens.css, gives a themed element the focus ring of its own scheme', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const light = await fixture(html`<voice-transcript theme="light"></voice-transcript>`);
    const ring = getComputedStyle(light).getPropertyValue('--va-focus-ring').trim();
    expect(ring).to.equal(`3px solid ${LIGHT_FOCUS}`);
  });

  it('lets a page’s --va-* token win over both themes', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const wrapper = await fixture(
      html`<div style="--va-color-text: rgb(1, 2, 3)"><voice-transcript></voice-transcript></div>`,
    );
    const transcript = wrapper.querySelector('voice-transcript');
    if (!transcript) throw new Error('no transcript');
    expect(getComputedStyle(transcript).color).to.equal('rgb(1, 2, 3)');
  });

  it('passes the cassette slot’s and the face’s parts through the assistant (exportparts)', async () => {
    const style = document.createElement('style');
    style.textContent = `
      bmo-assistant.styled::part(cassette-bay) { outline: 4px solid rgb(200, 0, 100); }
      bmo-assistant.styled::part(face-screen) { fill: rgb(0, 120, 200); }`;
    document.head.append(style);
    try {
      const assistant = await fixture<BmoAssistant>(
        html`<bmo-assistant class="styled"></bmo-assistant>`,
      );
      await assistant.updateComplete;
      const slot = innerSlot(assistant);
      await slot.updateComplete;
      const bay = getComputedStyle(part(slot, 'bay'));
      expect(bay.outlineColor).to.equal('rgb(200, 0, 100)');
      expect(bay.outlineWidth).to.equal('4px');
      const face = shadow(assistant).querySelector('bmo-face');
      if (!face) throw new Error('no face');
      expect(getComputedStyle(part(face, 'screen')).fill).to.equal('rgb(0, 120, 200)');
    } finally {
      style.remove();
    }
  });

  it('keeps borders and a visible focus ring under forced colours', async () => {
    await emulateMedia({ forcedColors: 'active' });
    const wrapper = await fixture(
      html`<div>
        <voice-transcript></voice-transcript>
        <bmo-cassette-slot></bmo-cassette-slot>
      </div>`,
    );
    const transcript = wrapper.querySelector('voice-transcript');
    const slot = wrapper.querySelector('bmo-cassette-slot');
    if (!transcript || !slot) throw new Error('elements missing');
    await slot.updateComplete;
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);

    const bay = getComputedStyle(part(slot, 'bay'));
    expect(bay.borderTopStyle).to.equal('solid');
    expect(parseFloat(bay.borderTopWidth)).to.be.greaterThan(0);

    const toggle = part(transcript, 'toggle');
    expect(getComputedStyle(toggle).borderTopStyle).to.equal('solid');
    await sendKeys({ press: 'Tab' });
    await waitUntil(() => shadow(transcript).activeElement === toggle, 'the toggle has focus');
    const focused = getComputedStyle(toggle);
    expect(focused.outlineStyle).to.equal('solid');
    expect(parseFloat(focused.outlineWidth)).to.be.at.least(2);
  });
});
