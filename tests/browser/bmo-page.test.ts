import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../web-components/app/pages/bmo-page.ts';
import type { PageBmo } from '../../web-components/app/pages/bmo-page.ts';
import type { BmoAssistant } from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import { upsertBmoTranscript, type BmoStores } from '../../web-components/stores/bmo.ts';
import type { LogEvent } from '../../contracts/events-schema.ts';
import { addEventSink, configureEvents } from '../../web-components/events/index.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';

function pageRoot(el: PageBmo): ShadowRoot {
  if (!el.shadowRoot) throw new Error('no shadow root');
  return el.shadowRoot;
}
/** The page's `<bmo-assistant>`, where the whole experience lives. */
function assistant(el: PageBmo): BmoAssistant {
  const found = pageRoot(el).querySelector('bmo-assistant');
  if (!found) throw new Error('no bmo-assistant on the page');
  return found;
}
function root(el: PageBmo): ShadowRoot {
  const shadow = assistant(el).shadowRoot;
  if (!shadow) throw new Error('no shadow root');
  return shadow;
}
async function updated(el: PageBmo): Promise<void> {
  await el.updateComplete;
  await assistant(el).updateComplete;
}
async function pageFixture(): Promise<PageBmo> {
  const el = await fixture<PageBmo>(html`<page-bmo></page-bmo>`);
  await updated(el);
  return el;
}
function buttonNamed(el: PageBmo, name: string): HTMLButtonElement | undefined {
  return [...root(el).querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
}
/** The page's assistant's own stores. */
function bmo(el: PageBmo): BmoStores {
  return assistant(el).stores.bmo;
}
function alertText(el: PageBmo): string {
  return root(el).querySelector('[role="alert"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

describe('/bmo page', () => {
  const realFetch = globalThis.fetch;
  // The hosted page's background (styles/page.css), which the page's colours are made for.
  before(() => {
    document.body.style.background = 'var(--va-color-bg)';
    document.body.style.color = 'var(--va-color-text)';
    configureEvents({ console: false });
  });
  after(() => {
    document.body.removeAttribute('style');
    configureEvents({ console: true });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('is accessible before connecting, with the face, the slot, the conversation and the text box', async () => {
    const el = await pageFixture();
    await expectAccessible(el);
    expect(pageRoot(el).querySelector('h1')?.textContent).to.equal('Talk to BMO');
    expect(
      [...root(el).querySelectorAll('h2')].map((h) => h.textContent),
      "the assistant's headings sit under the page's h1",
    ).to.deep.equal(['BMO', 'Cassette', 'Conversation']);
    expect(root(el).querySelector('bmo-face')).to.not.equal(null);
    expect(root(el).querySelector('bmo-cassette-slot')).to.not.equal(null);
    expect(root(el).querySelector('[role="log"]')).to.not.equal(null);
    const input = root(el).querySelector<HTMLInputElement>('#chat-input');
    expect(input?.labels?.[0]?.textContent).to.equal('Type to BMO');
    expect(input?.disabled, 'no typing before BMO is there').to.equal(true);
    expect(buttonNamed(el, 'Connect')).to.not.equal(undefined);
    expect(buttonNamed(el, 'Connect without microphone')).to.not.equal(undefined);
  });

  it('reaches Connect from the keyboard', async () => {
    const el = await pageFixture();
    // Past the cassette slot's controls is not needed: Connect comes first.
    await sendKeys({ press: 'Tab' });
    expect(root(el).activeElement?.textContent?.trim()).to.equal('Connect');
  });

  it('says plainly that LiveKit is not configured when the token route answers 503', async () => {
    const requests: unknown[] = [];
    globalThis.fetch = async (_input, init) => {
      requests.push(JSON.parse(String(init?.body)));
      return new Response(
        JSON.stringify({
          error: {
            code: 'not_configured',
            message: 'Set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET.',
          },
        }),
        { status: 503, headers: { 'content-type': 'application/json' } },
      );
    };
    const events: LogEvent[] = [];
    const stop = addEventSink((event) => events.push(event));
    const el = await pageFixture();
    buttonNamed(el, 'Connect')?.click();
    await waitUntil(() => alertText(el).includes('LiveKit is not configured'), 'the message');
    stop();
    expect(
      events.map((e) => (e.event === 'error' ? `${e.type} ${e.severity}` : e.event)),
    ).to.deep.equal(['connection error']);
    expect(alertText(el)).to.contain('LIVEKIT_URL');
    expect(buttonNamed(el, 'Retry'), 'retrying cannot help').to.equal(undefined);
    expect(buttonNamed(el, 'Connect'), 'Connect is offered again').to.not.equal(undefined);
    expect(requests).to.have.length(1);
    expect(requests[0]).to.have.property(
      'timeZone',
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    await expectAccessible(el);
  });

  it('offers Retry when the token route fails, and retries', async () => {
    let calls = 0;
    globalThis.fetch = async () => {
      calls += 1;
      return new Response('upstream down', { status: 502 });
    };
    const el = await pageFixture();
    buttonNamed(el, 'Connect')?.click();
    await waitUntil(() => buttonNamed(el, 'Retry') !== undefined, 'the Retry button');
    expect(alertText(el)).to.contain('Could not start a conversation with BMO (HTTP 502)');
    // The edge client itself tried a few times with backoff; Retry starts a new attempt.
    const before = calls;
    expect(before, 'retried with backoff before giving up').to.be.greaterThan(1);
    buttonNamed(el, 'Retry')?.click();
    await waitUntil(() => calls > before, 'a new attempt');
  });

  it('offers to go on without the microphone when it is denied', async () => {
    const el = await pageFixture();
    bmo(el).$connection.set('connected');
    bmo(el).$agentState.set('listening');
    bmo(el).$error.set({ code: 'mic_denied', message: 'Microphone access was blocked.' });
    await updated(el);
    await waitUntil(
      () => buttonNamed(el, 'Continue without microphone') !== undefined,
      'the ways out of the error',
    );
    await expectAccessible(el);
    const go = buttonNamed(el, 'Continue without microphone');
    expect(go).to.not.equal(undefined);
    expect(buttonNamed(el, 'Try the microphone again')).to.not.equal(undefined);
    go?.click();
    // The room session loads with the first thing that needs it (here, this choice).
    await waitUntil(() => bmo(el).$error.get() === null, 'the error cleared');
    await updated(el);
    expect(bmo(el).$textOnly.get()).to.equal(true);
    expect(root(el).querySelector('[part="status"]')?.textContent).to.contain('typing only');
    expect(root(el).querySelector<HTMLInputElement>('#chat-input')?.disabled).to.equal(false);
  });

  it('offers Retry when BMO does not join, and Reconnect when the connection is lost', async () => {
    const el = await pageFixture();
    bmo(el).$error.set({ code: 'agent_timeout', message: 'BMO did not join within 15 seconds.' });
    await updated(el);
    expect(alertText(el)).to.contain('BMO did not join within 15 seconds.');
    // the ways out load with the room, or with the first error shown (here, without a room)
    await waitUntil(() => buttonNamed(el, 'Retry') !== undefined, 'the Retry button');

    bmo(el).$error.set({ code: 'connection_lost', message: 'The connection to BMO was lost.' });
    await updated(el);
    expect(alertText(el)).to.contain('The connection to BMO was lost.');
    expect(buttonNamed(el, 'Reconnect')).to.not.equal(undefined);
    await expectAccessible(el);
  });

  it('shows the conversation as text in a log, the visitor on one side and BMO on the other', async () => {
    const el = await pageFixture();
    upsertBmoTranscript(bmo(el), { id: 'a', speaker: 'agent', text: 'Hi! I am BMO.', final: true });
    upsertBmoTranscript(bmo(el), { id: 'b', speaker: 'user', text: '<b>hello</b>', final: true });
    await updated(el);
    const lines = [...root(el).querySelectorAll('[role="log"] li')];
    expect(lines.map((li) => li.textContent?.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'BMO Hi! I am BMO.',
      'You <b>hello</b>',
    ]);
    expect(root(el).querySelector('[role="log"] b')).to.equal(null);
    expect(lines[1]?.classList.contains('user')).to.equal(true);
    await expectAccessible(el);
  });
});
