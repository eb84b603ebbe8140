import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import '../../web-components/bmo/bmo-cassette-slot/bmo-cassette-slot.ts';
import type { BmoAssistant } from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import type { BmoCassetteSlot } from '../../web-components/bmo/bmo-cassette-slot/bmo-cassette-slot.ts';
import { configureEvents } from '../../web-components/events/index.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';
import { buttonNamed, find, textOf } from './helpers/dom.ts';

function heard(el: Element): string[] {
  return [...(el.shadowRoot?.querySelectorAll('button, label, h2, p') ?? [])].map(textOf);
}

describe('the elements in the visitor’s language', () => {
  before(() => configureEvents({ console: false }));
  after(() => configureEvents({ console: true }));

  it('<bmo-assistant lang="es"> shows and announces every word in Spanish, and is accessible in light and dark', async () => {
    const el = await fixture<BmoAssistant>(html`<bmo-assistant lang="es"></bmo-assistant>`);
    await waitUntil(() => heard(el).includes('Conectar'), 'the Spanish catalogue');
    buttonNamed(el, 'Conectar sin micrófono');
    expect(heard(el)).to.include.members(['Conversación', 'Escríbele a BMO', 'Sin conexión']);
    expect(heard(el)).to.not.include('Connect');
    for (const colorScheme of ['light', 'dark'] as const) {
      await emulateMedia({ colorScheme });
      await expectAccessible(el);
    }
    await emulateMedia({ colorScheme: 'no-preference' });
  });

  it('two assistants in two languages on one page stay apart', async () => {
    const page = await fixture<HTMLElement>(
      html`<div>
        <bmo-assistant lang="es"></bmo-assistant>
        <bmo-assistant lang="en"></bmo-assistant>
      </div>`,
    );
    const [es, en] = [...page.querySelectorAll('bmo-assistant')];
    if (!es || !en) throw new Error('two assistants');
    await waitUntil(() => heard(es).includes('Conectar'), 'Spanish');
    expect(heard(en)).to.include('Connect');
    expect(heard(en)).to.not.include('Conectar');
  });

  it('follows the closest ancestor’s lang, and a change of it', async () => {
    const page = await fixture<HTMLElement>(
      html`<section lang="es-MX"><bmo-cassette-slot></bmo-cassette-slot></section>`,
    );
    const slot = page.querySelector<BmoCassetteSlot>('bmo-cassette-slot');
    if (!slot) throw new Error('a slot');
    await waitUntil(
      () => textOf(find(slot, '[part="empty"]')) === 'Todavía no hay casete',
      'Spanish',
    );
    slot.setAttribute('lang', 'en');
    await waitUntil(
      () => textOf(find(slot, '[part="empty"]')) === 'No cassette yet',
      'English again',
    );
  });

  it('a host replaces any word through `strings`, in either language', async () => {
    const el = await fixture<BmoAssistant>(
      html`<bmo-assistant
        lang="es"
        .strings=${{ connect: 'Hablar con BMO', typeLabel: 'Tu mensaje' }}
      ></bmo-assistant>`,
    );
    await waitUntil(() => heard(el).includes('Hablar con BMO'), 'the host’s word');
    expect(heard(el)).to.include.members(['Tu mensaje', 'Conectar sin micrófono']);
    el.strings = { connect: 'Talk to BMO' };
    el.setAttribute('lang', 'en');
    await waitUntil(() => heard(el).includes('Talk to BMO'), 'the new word');
    expect(heard(el)).to.include('Connect without microphone');
  });

  it('an unsupported lang falls back to English with a visible note and an event', async () => {
    const el = document.createElement('bmo-assistant');
    el.setAttribute('lang', 'it');
    const fallback = oneEvent(el, 'voice-lang-fallback');
    document.body.append(el);
    const { detail } = await fallback;
    expect(detail).to.deep.equal({ requested: 'it', lang: 'en' });
    await el.updateComplete;
    expect(textOf(find(el, '[part="lang-notice"]'))).to.contain('“it”');
    expect(heard(el)).to.include('Connect');
    await expectAccessible(el);
    el.setAttribute('lang', 'es');
    await waitUntil(() => heard(el).includes('Conectar'), 'Spanish');
    expect(find(el, '[part="lang-notice"]')).to.equal(null);
    el.remove();
  });

  it('an unsupported lang is noted once: the inner cassette slot stays quiet, and fires no event', async () => {
    const el = document.createElement('bmo-assistant');
    el.setAttribute('lang', 'it');
    const fallbacks: EventTarget[] = [];
    el.addEventListener('voice-lang-fallback', (event) =>
      fallbacks.push(event.composedPath()[0] ?? el),
    );
    document.body.append(el);
    await waitUntil(() => find(el, '[part="lang-notice"]') !== null, 'the assistant’s note');
    const slot = find(el, 'bmo-cassette-slot');
    if (!slot) throw new Error('an inner cassette slot');
    await (slot as BmoCassetteSlot).updateComplete;
    expect(find(slot, '[part="lang-notice"]')).to.equal(null);
    expect(fallbacks).to.deep.equal([el]);
    el.remove();
  });

  it('sends the checked language with the token request, never the tag as written', async () => {
    const bodies: unknown[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ error: { code: 'not_configured', message: 'x' } }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    };
    try {
      const el = await fixture<BmoAssistant>(html`<bmo-assistant lang="es-AR"></bmo-assistant>`);
      await waitUntil(() => heard(el).includes('Conectar'), 'Spanish');
      buttonNamed(el, 'Conectar sin micrófono').click();
      await waitUntil(() => textOf(find(el, '[role="alert"]')).includes('LiveKit'), 'the error');
      expect(bodies[0]).to.have.property('lang', 'es');
      expect(textOf(find(el, '[role="alert"]'))).to.contain('BMO no está disponible');
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
