import { expect, fixture, html } from '@open-wc/testing';
import '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import type { BmoAssistant } from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import type { BmoAgentStateChangeDetail } from '../../web-components/bmo/host/assistant-controller.ts';
import { configureEvents } from '../../web-components/events/index.ts';
import { upsertBmoTranscript, type BmoError } from '../../web-components/stores/bmo.ts';
import type { Cassette } from '../../web-components/stores/cassette.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';

// <bmo-assistant> as a host page sees it: its own state among others, its events, its commands
// (start, end, send), api-base, and the live regions that speak for it wherever it is embedded.

function root(el: BmoAssistant): ShadowRoot {
  if (!el.shadowRoot) throw new Error('no shadow root');
  return el.shadowRoot;
}
const text = (node: Element | null | undefined) =>
  node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const statusRegion = (el: BmoAssistant) => text(root(el).querySelector('[role="status"]'));
const alertRegion = (el: BmoAssistant) => text(root(el).querySelector('[role="alert"]'));
const button = (el: BmoAssistant, name: string) =>
  [...root(el).querySelectorAll('button')].find((b) => text(b) === name);
const lines = (el: BmoAssistant) => [...root(el).querySelectorAll('[role="log"] li')].map(text);

/** A token route recording what it is asked; `answer` decides the reply (pending by default). */
function tokenRoute(answer: 'pending' | 'not_configured' = 'pending') {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    urls.push(String(input));
    if (answer === 'pending') return new Promise<Response>(() => undefined);
    return new Response(
      JSON.stringify({ error: { code: 'not_configured', message: 'Set LIVEKIT_URL.' } }),
      { status: 503, headers: { 'content-type': 'application/json' } },
    );
  };
  return { urls, fetch };
}

async function twoAssistants(): Promise<[BmoAssistant, BmoAssistant]> {
  const host = await fixture<HTMLElement>(
    html`<div>
      <bmo-assistant id="one"></bmo-assistant><bmo-assistant id="two"></bmo-assistant>
    </div>`,
  );
  const [one, two] = [...host.querySelectorAll('bmo-assistant')];
  if (!one || !two) throw new Error('two assistants expected');
  await Promise.all([one.updateComplete, two.updateComplete]);
  return [one, two];
}

describe('<bmo-assistant> on a host page', () => {
  const realFetch = globalThis.fetch;
  before(() => configureEvents({ console: false }));
  after(() => configureEvents({ console: true }));
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('keeps its own state: two on one page never show each other’s conversation, face or cassette', async () => {
    const [one, two] = await twoAssistants();
    expect(one.stores).to.not.equal(two.stores);
    one.stores.bmo.$connection.set('connected');
    one.stores.bmo.$agentState.set('thinking');
    upsertBmoTranscript(one.stores.bmo, {
      id: 'a',
      speaker: 'agent',
      text: 'Hi, one!',
      final: true,
    });
    one.stores.cassette.set({ title: 'Wi-Fi', content: 'lemon' });
    two.stores.cassette.set({ title: 'PIN', content: '0000' });
    await Promise.all([one.updateComplete, two.updateComplete]);

    const face = (el: BmoAssistant) =>
      root(el).querySelector('bmo-face')?.shadowRoot?.querySelector('[role="img"]');
    await waitUntil(() => face(one)?.getAttribute('aria-label') === 'BMO is thinking', 'face one');
    expect(face(two)?.getAttribute('aria-label')).to.equal('BMO is not connected');
    expect(lines(one)).to.deep.equal(['BMO Hi, one!']);
    expect(lines(two)).to.deep.equal([]);
    expect(text(root(two).querySelector('[part="status"]'))).to.equal('Not connected');

    const slotLabel = (el: BmoAssistant) =>
      text(
        root(el).querySelector('bmo-cassette-slot')?.shadowRoot?.querySelector('[part="label"]'),
      );
    await waitUntil(() => slotLabel(one) === 'Wi-Fi' && slotLabel(two) === 'PIN', 'both slots');
  });

  it('start() asks its own edge, guarded per assistant: starting one does not block another', async () => {
    const route = tokenRoute();
    globalThis.fetch = route.fetch;
    const [one, two] = await twoAssistants();
    one.apiBase = 'https://edge-one.example/';
    two.tokenUrl = 'https://edge-two.example/custom/token';
    void one.start();
    void one.start(); // a second start while connecting does nothing
    void two.start({ textOnly: true });
    await waitUntil(() => route.urls.length === 2, 'two token requests');
    // One request each (the second start() while connecting adds none), in whatever order the
    // two assistants' sessions got there.
    expect([...route.urls].sort()).to.deep.equal([
      'https://edge-one.example/api/livekit/token',
      'https://edge-two.example/custom/token',
    ]);
    expect(one.stores.bmo.$connection.get()).to.equal('connecting');
    expect(two.stores.bmo.$textOnly.get()).to.equal(true);

    // end() on one leaves the other where it was, and is heard in the ended one's status region.
    await one.end();
    expect(one.stores.bmo.$connection.get()).to.equal('disconnected');
    expect(two.stores.bmo.$connection.get()).to.equal('connecting');
    await one.updateComplete;
    expect(statusRegion(one)).to.equal('Disconnected from BMO.');
    expect(statusRegion(two)).to.equal('');
  });

  it('fires typed connection and error events in order, bubbling out of the shadow DOM', async () => {
    globalThis.fetch = tokenRoute('not_configured').fetch;
    const el = await fixture<BmoAssistant>(html`<bmo-assistant></bmo-assistant>`);
    const seen: string[] = [];
    const errors: BmoError[] = [];
    document.addEventListener('bmo-connection-change', (e) =>
      seen.push(`connection ${e.detail.connection}`),
    );
    document.addEventListener('bmo-error', (e) => {
      seen.push(`error ${e.detail.code}`);
      errors.push(e.detail);
    });
    await el.start();
    expect(seen).to.deep.equal([
      'connection connecting',
      'connection disconnected',
      'error not_configured',
    ]);
    expect(errors[0]?.message).to.contain('LiveKit is not configured');
    await el.updateComplete;
    expect(alertRegion(el), 'the error is in its alert region').to.contain(
      'LiveKit is not configured',
    );
  });

  it('fires bmo-agent-state-change with the engine, and bmo-cassette-receive with the cassette', async () => {
    const el = await fixture<BmoAssistant>(html`<bmo-assistant></bmo-assistant>`);
    const states: BmoAgentStateChangeDetail[] = [];
    const cassettes: Cassette[] = [];
    el.addEventListener('bmo-agent-state-change', (e) => states.push(e.detail));
    el.addEventListener('bmo-cassette-receive', (e) => {
      expect(e.bubbles && e.composed).to.equal(true);
      cassettes.push(e.detail);
    });
    el.stores.bmo.$agentState.set('listening');
    el.stores.bmo.$engine.set('offline');
    el.stores.bmo.$hearing.set('on');
    const sent = el.stores.cassette.set({ title: 'PhilHealth ID', content: '12-345678901-2' });
    expect(states).to.deep.equal([
      { state: 'listening', engine: undefined, hearing: undefined },
      { state: 'listening', engine: 'offline', hearing: undefined },
      { state: 'listening', engine: 'offline', hearing: 'on' },
    ]);
    expect(cassettes).to.deep.equal([sent]);
  });

  it('send() refuses in words when there is nothing to send, too much, or BMO is not there, and changes nothing', async () => {
    const el = await fixture<BmoAssistant>(html`<bmo-assistant></bmo-assistant>`);
    let refusal: unknown;
    try {
      await el.send('Hello BMO');
    } catch (error) {
      refusal = error;
    }
    expect(String(refusal)).to.contain('BMO is not in the room yet: call start()');
    refusal = undefined;
    try {
      await el.send('   ');
    } catch (error) {
      refusal = error;
    }
    expect(String(refusal)).to.contain('the message is empty');
    refusal = undefined;
    try {
      await el.send('x'.repeat(2001));
    } catch (error) {
      refusal = error;
    }
    expect(String(refusal)).to.contain('at most 2000 characters');
    expect(el.stores.bmo.$transcript.get()).to.deep.equal([]);
    expect(el.stores.bmo.$error.get()).to.equal(null);
  });

  it('says in its status region what it announces, each time, even the same words twice', async () => {
    const el = await fixture<BmoAssistant>(html`<bmo-assistant></bmo-assistant>`);
    const region = root(el).querySelector('[role="status"]');
    expect(region?.getAttribute('aria-live')).to.equal('polite');
    globalThis.fetch = tokenRoute().fetch;
    void el.start();
    await el.end();
    await el.updateComplete;
    const first = region?.firstElementChild;
    expect(statusRegion(el)).to.equal('Disconnected from BMO.');
    void el.start();
    await el.end();
    await el.updateComplete;
    expect(statusRegion(el)).to.equal('Disconnected from BMO.');
    expect(region?.firstElementChild, 'a new node, so it is read again').to.not.equal(first);
  });

  it('says when BMO cannot hear, and disables the microphone for that reason', async () => {
    const el = await fixture<BmoAssistant>(html`<bmo-assistant></bmo-assistant>`);
    el.stores.bmo.$connection.set('connected');
    el.stores.bmo.$agentState.set('listening');
    el.stores.bmo.$engine.set('offline');
    el.stores.bmo.$hearing.set('off');
    el.stores.bmo.$notice.set("BMO can't hear you here: type to BMO.");
    el.stores.bmo.$textOnly.set(true);
    el.stores.bmo.$micMuted.set(true);
    await el.updateComplete;
    const notice = root(el).querySelector('#engine-notice');
    expect(text(notice)).to.equal("BMO can't hear you here: type to BMO.");
    const mic = button(el, 'Mute microphone');
    expect(mic?.disabled).to.equal(true);
    expect(mic?.getAttribute('aria-describedby')).to.equal('engine-notice');
    expect(root(el).querySelector<HTMLInputElement>('#chat-input')?.disabled).to.equal(false);
    await expectAccessible(el);

    // offline BMO that hears: the microphone works, and the notice says what BMO is
    el.stores.bmo.$hearing.set('on');
    el.stores.bmo.$notice.set('Offline BMO: talk or type. It hears English.');
    await el.updateComplete;
    expect(text(root(el).querySelector('#engine-notice'))).to.equal(
      'Offline BMO: talk or type. It hears English.',
    );
    expect(button(el, 'Mute microphone')?.disabled).to.equal(false);

    el.stores.bmo.$engine.set('openai');
    el.stores.bmo.$notice.set(null);
    await el.updateComplete;
    expect(root(el).querySelector('#engine-notice')).to.equal(null);
    expect(button(el, 'Mute microphone')?.disabled).to.equal(false);
  });

  it('hands its state to the elements inside it by context, and lets go of one moved out', async () => {
    const el = await fixture<BmoAssistant>(
      html`<bmo-assistant><bmo-cassette-slot></bmo-cassette-slot></bmo-assistant>`,
    );
    const slot = el.querySelector('bmo-cassette-slot');
    if (!slot) throw new Error('no slot');
    el.stores.cassette.set({ title: 'Inside', content: '1' });
    await waitUntil(() => slot.phase === 'idle', 'the assistant’s cassette in the slot');
    document.body.append(slot);
    await waitUntil(() => slot.phase === 'empty', 'its own, empty state once moved out');
    slot.remove();
  });
});
