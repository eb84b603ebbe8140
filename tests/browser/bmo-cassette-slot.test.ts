import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys, sendMouse } from '@web/test-runner-commands';
import { BmoCassetteSlot } from '../../web-components/bmo/bmo-cassette-slot/bmo-cassette-slot.ts';
import {
  onCassetteSound,
  type CassetteSoundKind,
} from '../../web-components/bmo/bmo-cassette-slot/sound.ts';
import type { BmoStoresSource } from '../../web-components/bmo/host/assistant-link.ts';
import { createBmoStores } from '../../web-components/stores/bmo.ts';
import { createCassetteStore } from '../../web-components/stores/cassette.ts';
import {
  $soundMuted,
  setMotionChoice,
  setSoundMuted,
} from '../../web-components/stores/preferences.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';
import { consoleErrors } from './helpers/console.ts';
import { buttonNamed } from './helpers/dom.ts';
import { customElement } from '../../web-components/shared/define.ts';

function shadow(el: BmoCassetteSlot): ShadowRoot {
  if (!el.shadowRoot) throw new Error('no shadow root');
  return el.shadowRoot;
}
function cassetteButton(el: BmoCassetteSlot): HTMLButtonElement {
  const button = shadow(el).querySelector<HTMLButtonElement>('[part="cassette"]');
  if (!button) throw new Error('no cassette on show');
  return button;
}
function dialog(el: BmoCassetteSlot): HTMLDialogElement {
  const found = shadow(el).querySelector('dialog');
  if (!found) throw new Error('no dialog');
  return found;
}
function button(el: BmoCassetteSlot, selector: string): HTMLButtonElement {
  const found = shadow(el).querySelector<HTMLButtonElement>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}
function label(el: BmoCassetteSlot): string {
  return shadow(el).querySelector('[part="label"]')?.textContent?.trim() ?? '';
}
function liveRegion(el: BmoCassetteSlot): string {
  return shadow(el).querySelector('[aria-live="polite"]')?.textContent?.trim() ?? '';
}
/** Waits until the cassette titled `title` rests in the slot. */
async function showing(el: BmoCassetteSlot, title: string): Promise<void> {
  await waitUntil(() => el.phase === 'idle' && label(el) === title, `"${title}" in the slot`);
  await el.updateComplete;
}
async function click(target: Element): Promise<void> {
  const box = target.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
  });
}
/** Animations (script or CSS) that move something, on the cassette or inside it. */
function movingAnimations(target: Element): Animation[] {
  return target.getAnimations({ subtree: true }).filter((animation) => {
    const effect = animation.effect;
    return (
      effect instanceof KeyframeEffect &&
      effect.getKeyframes().some((frame) => 'transform' in frame)
    );
  });
}

/** What an assistant hands a linked slot: its own stores. */
function assistantStores(): BmoStoresSource {
  return { stores: { bmo: createBmoStores(), cassette: createCassetteStore() } };
}
// Most tests drive the slot through the assistant it is linked to by property.
let source = assistantStores();
const setCassette = (message: { title: string; content: string }) =>
  source.stores.cassette.set(message);

let serverTags = 0;
/**
 * A page rendered on the server: `<bmo-cassette-slot ${attributes}>` is in the document before
 * the element is defined (a fresh tag of the same class stands for it, since a tag is defined
 * once per page); `beforeDefine` runs then (a property set on the element before its module
 * loaded), the definition upgrades it, and `hydrate` runs in the same task (a framework's
 * hydration setting properties). Resolves once its first update is done.
 */
async function serverRendered(
  attributes: string,
  hydrate: (el: BmoCassetteSlot) => void,
  beforeDefine: (el: BmoCassetteSlot) => void = () => undefined,
): Promise<BmoCassetteSlot> {
  serverTags += 1;
  const tag = `server-cassette-slot-${serverTags}`;
  const page = await fixture<HTMLDivElement>(html`<div></div>`);
  page.innerHTML = `<${tag} ${attributes}></${tag}>`;
  const el = page.firstElementChild as BmoCassetteSlot;
  beforeDefine(el);
  customElement(tag)(class extends BmoCassetteSlot {});
  hydrate(el);
  await el.updateComplete;
  return el;
}

describe('<bmo-cassette-slot>', () => {
  beforeEach(async () => {
    source = assistantStores();
    setSoundMuted(true);
    setMotionChoice('full');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });
  afterEach(async () => {
    setMotionChoice('system');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('is accessible empty, holding a cassette, and with its dialog open', async () => {
    const el = await fixture<BmoCassetteSlot>(
      html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
    );
    await expectAccessible(el);
    expect(el.phase).to.equal('empty');
    expect(shadow(el).textContent).to.contain('No cassette yet');

    setCassette({ title: 'Philhealth ID', content: '1234-5678-9012' });
    await showing(el, 'Philhealth ID');
    await expectAccessible(el);
    const cassette = cassetteButton(el);
    expect(cassette.getAttribute('aria-haspopup')).to.equal('dialog');
    expect(cassette.getAttribute('aria-label')).to.equal('Open cassette: Philhealth ID');

    cassette.click();
    await el.updateComplete;
    await expectAccessible(document);
    dialog(el).close();
  });

  it('Cassette message arrives: shows a cassette labelled with the title, announces it, fires insert', async () => {
    const el = await fixture<BmoCassetteSlot>(
      html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
    );
    const inserted = oneEvent(el, 'bmo-cassette-insert');
    setCassette({ title: 'Philhealth ID', content: '1234-5678-9012' });
    const event = await inserted;
    expect(event.detail.title).to.equal('Philhealth ID');
    expect(event.bubbles && event.composed).to.equal(true);
    expect(el.phase).to.equal('inserting');
    await showing(el, 'Philhealth ID');
    expect(el.phase).to.equal('idle');
    expect(label(el)).to.equal('Philhealth ID');
    await waitUntil(
      () => liveRegion(el) === 'cassette received: Philhealth ID',
      'the live region to announce the cassette',
    );
  });

  it('Cassette message replaces existing cassette: ejects, swaps, then inserts, in that order', async () => {
    const el = await fixture<BmoCassetteSlot>(
      html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
    );
    setCassette({ title: 'Old ID', content: 'old' });
    await showing(el, 'Old ID');

    const steps: string[] = [];
    const phases: string[] = [];
    let movedOnEject = false;
    const observer = new MutationObserver(() => phases.push(el.phase));
    observer.observe(el, { attributes: true, attributeFilter: ['phase'] });
    el.addEventListener('bmo-cassette-eject', (event) => {
      steps.push(`eject ${event.detail.title} (phase ${el.phase}, label ${label(el)})`);
      movedOnEject = movingAnimations(cassetteButton(el)).length > 0;
    });
    el.addEventListener('bmo-cassette-insert', (event) => {
      steps.push(`insert ${event.detail.title} (phase ${el.phase}, label ${label(el)})`);
    });

    setCassette({ title: 'New ID', content: 'new' });
    await waitUntil(() => steps.length === 2, 'eject and insert');
    await showing(el, 'New ID');
    observer.disconnect();

    expect(steps).to.deep.equal([
      'eject Old ID (phase ejecting, label Old ID)',
      'insert New ID (phase inserting, label New ID)',
    ]);
    expect(phases).to.deep.equal(['ejecting', 'inserting', 'idle']);
    expect(movedOnEject, 'the eject moves the cassette').to.equal(true);
    expect(label(el)).to.equal('New ID');
    await waitUntil(() => liveRegion(el) === 'cassette received: New ID', 'the new announcement');
  });

  it('User opens cassette: pressing it opens a dialog with the title and the exact content', async () => {
    const el = await fixture<BmoCassetteSlot>(
      html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
    );
    const content = '1234-5678-9012\n  second line, kept as typed';
    setCassette({ title: 'Philhealth ID', content });
    await showing(el, 'Philhealth ID');

    const opened = oneEvent(el, 'bmo-cassette-open');
    await click(cassetteButton(el));
    expect((await opened).detail.title).to.equal('Philhealth ID');
    await el.updateComplete;
    const box = dialog(el);
    expect(box.open).to.equal(true);
    expect(box.matches(':modal')).to.equal(true);
    expect(box.querySelector('h2')?.textContent).to.equal('Philhealth ID');
    expect(box.querySelector('[part="content"]')?.textContent).to.equal(content);

    await click(buttonNamed(el, 'Close'));
    expect(box.open).to.equal(false);
    expect(shadow(el).activeElement).to.equal(cassetteButton(el));
  });

  it('works from the keyboard: Tab to the cassette, Enter opens, Escape closes and returns focus, Space opens', async () => {
    const el = await fixture<BmoCassetteSlot>(
      html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
    );
    setCassette({ title: 'Wi-Fi', content: 'correct horse battery staple' });
    await showing(el, 'Wi-Fi');

    await sendKeys({ press: 'Tab' });
    expect(shadow(el).activeElement).to.equal(cassetteButton(el));

    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(dialog(el).open).to.equal(true);
    expect(dialog(el).querySelector('[part="content"]')?.textContent).to.equal(
      'correct horse battery staple',
    );

    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(dialog(el).open).to.equal(false);
    expect(shadow(el).activeElement).to.equal(cassetteButton(el));

    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(dialog(el).open).to.equal(true);
    await sendKeys({ press: 'Escape' });
  });

  it('closed, leaves focus where the visitor went before its close event came', async () => {
    const page = await fixture<HTMLDivElement>(
      html`<div>
        <bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>
        <input aria-label="Type to BMO" />
      </div>`,
    );
    const el = page.querySelector<BmoCassetteSlot>('bmo-cassette-slot');
    const input = page.querySelector('input');
    if (!el || !input) throw new Error('fixture');
    setCassette({ title: 'Wi-Fi', content: 'correct horse battery staple' });
    await showing(el, 'Wi-Fi');

    // the visitor closes the cassette and is in the chat box before the close event is handled
    await click(cassetteButton(el));
    const closed = oneEvent(dialog(el), 'close');
    dialog(el).close();
    input.focus();
    await closed;
    expect(document.activeElement).to.equal(input);
  });

  describe('Copy', () => {
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'clipboard');
      if (original) Object.defineProperty(Navigator.prototype, 'clipboard', original);
    });

    it('copies the content to the clipboard and says "Copied"', async () => {
      const written: string[] = [];
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void written.push(text) },
      });
      const el = await fixture<BmoCassetteSlot>(
        html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
      );
      setCassette({ title: 'Philhealth ID', content: '1234-5678-9012' });
      await showing(el, 'Philhealth ID');
      cassetteButton(el).click();
      await el.updateComplete;

      await click(buttonNamed(el, 'Copy'));
      await waitUntil(() => written.length === 1, 'the clipboard write');
      expect(written).to.deep.equal(['1234-5678-9012']);
      await el.updateComplete;
      const status = dialog(el).querySelector('[role="status"]');
      expect(status?.textContent?.trim()).to.equal('Copied');
      dialog(el).close();
    });

    it('falls back to selecting the text, and says so, when the clipboard refuses', async () => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: {
          writeText: async () => {
            throw new DOMException('Write permission denied.', 'NotAllowedError');
          },
        },
      });
      const el = await fixture<BmoCassetteSlot>(
        html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
      );
      setCassette({ title: 'Code', content: 'ABCD-1234' });
      await showing(el, 'Code');
      cassetteButton(el).click();
      await el.updateComplete;

      buttonNamed(el, 'Copy').click();
      const status = (): string =>
        dialog(el).querySelector('[role="status"]')?.textContent?.trim() ?? '';
      await waitUntil(() => status() !== '', 'the copy message');
      expect(status()).to.contain('The text is selected');
      expect(document.getSelection()?.toString()).to.equal('ABCD-1234');
      dialog(el).close();
    });
  });

  it('with reduced motion (system setting): nothing moves, the swap is instant, and it still announces', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    setMotionChoice('system');
    const el = await fixture<BmoCassetteSlot>(
      html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
    );
    setCassette({ title: 'Old ID', content: 'old' });
    await showing(el, 'Old ID');

    const moving: number[] = [];
    const steps: string[] = [];
    const record = (step: string) => () => {
      steps.push(step);
      moving.push(movingAnimations(cassetteButton(el)).length);
    };
    el.addEventListener('bmo-cassette-eject', record('eject'));
    el.addEventListener('bmo-cassette-insert', record('insert'));
    // Every animation started on the page during the swap: none (read from the calls, not from
    // the clock, which a busy machine stretches).
    const started: Element[] = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, ...args) {
      started.push(this);
      return animate.apply(this, args);
    };
    try {
      setCassette({ title: 'New ID', content: 'new' });
      await showing(el, 'New ID');
      await waitUntil(() => steps.length === 2, 'eject and insert');
    } finally {
      Element.prototype.animate = animate;
    }

    expect(steps).to.deep.equal(['eject', 'insert']);
    expect(moving).to.deep.equal([0, 0]);
    expect(started).to.deep.equal([]);
    expect(label(el)).to.equal('New ID');
    await waitUntil(() => liveRegion(el) === 'cassette received: New ID', 'the announcement');
  });

  it('with reduced motion (saved choice, system allows motion): nothing moves either', async () => {
    setMotionChoice('reduce');
    const el = await fixture<BmoCassetteSlot>(
      html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
    );
    const moving: number[] = [];
    el.addEventListener('bmo-cassette-insert', () =>
      moving.push(movingAnimations(cassetteButton(el)).length),
    );
    setCassette({ title: 'PIN', content: '0000' });
    await showing(el, 'PIN');
    expect(moving).to.deep.equal([0]);
    expect(label(el)).to.equal('PIN');
  });

  it('shows markup in the content as text, never as HTML', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    const el = await fixture<BmoCassetteSlot>(
      html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
    );
    setCassette({ title: '<b>Bold</b>', content: payload });
    await showing(el, '<b>Bold</b>');
    expect(label(el)).to.equal('<b>Bold</b>');
    cassetteButton(el).click();
    await el.updateComplete;

    const content = dialog(el).querySelector('[part="content"]');
    expect(content?.textContent).to.equal(payload);
    expect(content?.children.length).to.equal(0);
    expect(shadow(el).querySelectorAll('img, b').length).to.equal(0);
    expect(document.querySelectorAll('img').length).to.equal(0);
    dialog(el).close();
  });

  it('mutes and unmutes its sounds with a toggle that remembers the choice', async () => {
    // Sounds play once the page has had a user gesture (bmo-cassette-sound.test.ts).
    await sendMouse({ type: 'click', position: [2, 2] });
    setSoundMuted(false);
    const played: CassetteSoundKind[] = [];
    const stop = onCassetteSound((record) => played.push(record.kind));
    try {
      const el = await fixture<BmoCassetteSlot>(
        html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
      );
      const toggle = button(el, '[part="mute"]');
      expect(toggle.getAttribute('aria-pressed')).to.equal('false');

      setCassette({ title: 'One', content: '1' });
      await showing(el, 'One');
      expect(played).to.deep.equal(['insert']);

      await click(toggle);
      await el.updateComplete;
      expect(toggle.getAttribute('aria-pressed')).to.equal('true');
      expect($soundMuted.get()).to.equal(true);
      const saved: unknown = JSON.parse(
        localStorage.getItem('voice-agent-elements:preferences') ?? '{}',
      );
      expect(saved).to.include({ soundMuted: true });

      setCassette({ title: 'Two', content: '2' });
      await showing(el, 'Two');
      expect(played, 'no sound while muted').to.deep.equal(['insert']);

      const other = await fixture<BmoCassetteSlot>(
        html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
      );
      expect(button(other, '[part="mute"]').getAttribute('aria-pressed')).to.equal('true');

      toggle.focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(toggle.getAttribute('aria-pressed')).to.equal('false');
      expect($soundMuted.get()).to.equal(false);
    } finally {
      stop();
    }
  });

  it('given its cassette as the attribute "[object Object]" (a framework that sets attributes), logs one error naming .prop and keeps its cassette', async () => {
    const el = await fixture<BmoCassetteSlot>(
      html`<bmo-cassette-slot .cassette=${{ title: 'Kept', content: 'k' }}></bmo-cassette-slot>`,
    );
    await showing(el, 'Kept');
    const errors = await consoleErrors(async () => {
      el.setAttribute('cassette', '[object Object]');
      await el.updateComplete;
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('cassette="[object Object]"').and.contain(':cassette.prop=');
    expect(el.cassette).to.deep.equal({ title: 'Kept', content: 'k' });
    expect(label(el)).to.equal('Kept');
  });

  it('created with the attribute cassette="[object Object]", logs one error and stays empty', async () => {
    const errors = await consoleErrors(async () => {
      const el = await fixture<BmoCassetteSlot>(
        html`<bmo-cassette-slot cassette="[object Object]"></bmo-cassette-slot>`,
      );
      await el.updateComplete;
      expect(el.cassette).to.equal(undefined);
      expect(el.phase).to.equal('empty');
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.match(/\.prop\b/);
  });

  it('rendered on the server with cassette="[object Object]" and hydrated (the property set before its first update), logs nothing and shows the cassette', async () => {
    let el: BmoCassetteSlot | undefined;
    const errors = await consoleErrors(async () => {
      el = await serverRendered('cassette="[object Object]"', (slot) => {
        slot.cassette = { title: 'Wi-Fi', content: 'guest-1234' };
      });
    });
    expect(errors).to.deep.equal([]);
    if (!el) throw new Error('not rendered');
    await showing(el, 'Wi-Fi');
  });

  it('rendered on the server with the property set before its module loaded, logs nothing and shows the cassette', async () => {
    let el: BmoCassetteSlot | undefined;
    const errors = await consoleErrors(async () => {
      el = await serverRendered(
        'cassette="[object Object]"',
        () => undefined,
        (slot) => {
          slot.cassette = { title: 'Early', content: 'e' };
        },
      );
    });
    expect(errors).to.deep.equal([]);
    if (!el) throw new Error('not rendered');
    await showing(el, 'Early');
  });

  it('on a plain page that writes cassette="[object Object]" before the element loads and never sets the property, logs one error after its first update and stays empty', async () => {
    let el: BmoCassetteSlot | undefined;
    const errors = await consoleErrors(async () => {
      el = await serverRendered('cassette="[object Object]"', () => undefined);
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('cassette="[object Object]"').and.contain(':cassette.prop=');
    expect(el?.cassette).to.equal(undefined);
    expect(el?.phase).to.equal('empty');
  });

  it('shows a cassette given by property over its assistant’s, and the assistant’s again once it is unset', async () => {
    setCassette({ title: 'From the store', content: 'store' });
    const el = await fixture<BmoCassetteSlot>(
      html`<bmo-cassette-slot .assistant=${source}></bmo-cassette-slot>`,
    );
    await showing(el, 'From the store');

    el.cassette = { title: 'By property', content: 'property' };
    await showing(el, 'By property');
    cassetteButton(el).click();
    await el.updateComplete;
    expect(dialog(el).querySelector('[part="content"]')?.textContent).to.equal('property');
    dialog(el).close();

    el.cassette = undefined;
    await waitUntil(() => label(el) === 'From the store' && el.phase === 'idle', 'the store again');

    el.cassette = null;
    await waitUntil(() => el.phase === 'empty', 'an empty slot');
  });

  it('works on its own state when used alone: two slots set by property never share a cassette', async () => {
    const host = await fixture<HTMLElement>(
      html`<div>
        <bmo-cassette-slot></bmo-cassette-slot><bmo-cassette-slot></bmo-cassette-slot>
      </div>`,
    );
    const [first, second] = [...host.querySelectorAll('bmo-cassette-slot')];
    if (!first || !second) throw new Error('two slots expected');
    first.cassette = { title: 'Only here', content: '1' };
    await showing(first, 'Only here');
    await second.updateComplete;
    expect(second.phase).to.equal('empty');
    expect(shadow(second).textContent).to.contain('No cassette yet');
  });

  it('follows the <bmo-assistant> its for attribute names, in its own tree root, found live', async () => {
    // A shadow root of the host page's own, holding the slot and (later) the assistant it names.
    const host = await fixture<HTMLElement>(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<bmo-cassette-slot for="helper"></bmo-cassette-slot>';
    const slot = root.querySelector('bmo-cassette-slot');
    if (!slot) throw new Error('no slot');
    await slot.updateComplete;
    expect(slot.phase, 'nothing to follow yet').to.equal('empty');

    // An assistant with that id elsewhere (the document, not the slot's root) is not it.
    const outside = Object.assign(document.createElement('bmo-assistant'), assistantStores());
    outside.id = 'helper';
    document.body.append(outside);
    outside.stores.cassette.set({ title: 'Wrong root', content: 'x' });

    // The named assistant arrives in the slot's own root: the slot finds it then.
    const linked = assistantStores();
    const inside = Object.assign(document.createElement('bmo-assistant'), linked);
    inside.id = 'helper';
    root.append(inside);
    linked.stores.cassette.set({ title: 'Wi-Fi', content: 'lemon-grab-4417' });
    await showing(slot, 'Wi-Fi');

    // Renamed away, the link lets go; like <label for>, the id decides.
    inside.id = 'someone-else';
    await waitUntil(() => slot.phase === 'empty', 'an empty slot once the id no longer matches');
    outside.remove();
  });

  it('prefers an assistant set by property over its for attribute', async () => {
    const named = assistantStores();
    const el = document.createElement('bmo-assistant');
    Object.assign(el, named);
    el.id = 'named';
    document.body.append(el);
    named.stores.cassette.set({ title: 'By id', content: '1' });
    const slot = await fixture<BmoCassetteSlot>(
      html`<bmo-cassette-slot for="named"></bmo-cassette-slot>`,
    );
    await showing(slot, 'By id');
    slot.assistant = source;
    setCassette({ title: 'By property', content: '2' });
    await showing(slot, 'By property');
    el.remove();
  });
});
