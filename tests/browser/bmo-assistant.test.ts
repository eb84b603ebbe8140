import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import type { BmoAssistant } from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import { upsertBmoTranscript, type BmoError } from '../../web-components/stores/bmo.ts';
import { configureEvents } from '../../web-components/events/index.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';

function root(el: BmoAssistant): ShadowRoot {
  if (!el.shadowRoot) throw new Error('no shadow root');
  return el.shadowRoot;
}
function buttonNamed(el: BmoAssistant, name: string): HTMLButtonElement | undefined {
  return [...root(el).querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
}
function alertText(el: BmoAssistant): string {
  return root(el).querySelector('[role="alert"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}
function input(el: BmoAssistant): HTMLInputElement | null {
  return root(el).querySelector<HTMLInputElement>('#chat-input');
}

/** The accessible name of what has focus, looking through shadow roots. */
function focusedName(): string {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  if (!active) return '';
  if (active.getAttribute('role') === 'log') return 'log';
  if (active instanceof HTMLInputElement) return active.labels?.[0]?.textContent?.trim() ?? '';
  return (active.getAttribute('aria-label') ?? active.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

async function tabOrder(steps: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < steps; i += 1) {
    await sendKeys({ press: 'Tab' });
    names.push(focusedName());
  }
  return names;
}

/** A token route that answers like an edge without LiveKit settings, recording what it was asked. */
function notConfiguredFetch(requests: { url: string; body: unknown }[]): typeof fetch {
  return async (input, init) => {
    requests.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    return new Response(
      JSON.stringify({
        error: { code: 'not_configured', message: 'Set LIVEKIT_URL and its keys.' },
      }),
      { status: 503, headers: { 'content-type': 'application/json' } },
    );
  };
}

describe('<bmo-assistant>', () => {
  const realFetch = globalThis.fetch;
  before(() => configureEvents({ console: false }));
  after(() => configureEvents({ console: true }));
  afterEach(() => {
    globalThis.fetch = realFetch;
    document.body.removeAttribute('style');
  });

  it('is accessible before connecting, on a dark and on a light host page', async () => {
    document.body.style.background = 'var(--va-color-bg)';
    const el = await fixture<BmoAssistant>(html`<bmo-assistant></bmo-assistant>`);
    await expectAccessible(el);
    document.body.style.background = '#ffffff';
    document.body.style.color = '#111111';
    await expectAccessible(el);
  });

  it('starts disconnected: the face asleep, Connect offered, typing off, no error, no room yet', async () => {
    const el = await fixture<BmoAssistant>(html`<bmo-assistant></bmo-assistant>`);
    expect(el.resolvedTokenUrl).to.equal('/api/livekit/token');
    expect(el.participantName).to.equal('');
    expect(el.roomController, 'the room session is made when it is needed').to.equal(undefined);
    expect(root(el).querySelector('[part="status"]')?.textContent?.trim()).to.equal(
      'Not connected',
    );
    const face = root(el).querySelector('bmo-face');
    await face?.updateComplete;
    expect(face?.shadowRoot?.querySelector('[role="img"]')?.getAttribute('aria-label')).to.equal(
      'BMO is not connected',
    );
    expect(buttonNamed(el, 'Connect')).to.not.equal(undefined);
    expect(buttonNamed(el, 'Connect without microphone')).to.not.equal(undefined);
    expect(buttonNamed(el, 'Disconnect')).to.equal(undefined);
    expect(input(el)?.labels?.[0]?.textContent).to.equal('Type to BMO');
    expect(input(el)?.disabled).to.equal(true);
    expect(root(el).querySelector('#chat-hint')?.textContent?.trim()).to.equal(
      'Connect first, then type here.',
    );
    expect(root(el).querySelector('[role="log"]')?.textContent?.trim()).to.equal(
      'Connect to start talking with BMO.',
    );
    expect(alertText(el)).to.equal('');
    expect(root(el).querySelector('bmo-cassette-slot')).to.not.equal(null);
  });

  it('uses h2 headings by default and the level given by heading-level', async () => {
    const byDefault = await fixture<BmoAssistant>(html`<bmo-assistant></bmo-assistant>`);
    expect([...root(byDefault).querySelectorAll('h2')].map((h) => h.textContent)).to.deep.equal([
      'BMO',
      'Cassette',
      'Conversation',
    ]);
    const nested = await fixture<BmoAssistant>(
      html`<bmo-assistant heading-level="4"></bmo-assistant>`,
    );
    expect(root(nested).querySelectorAll('h2')).to.have.length(0);
    expect([...root(nested).querySelectorAll('h4')].map((h) => h.textContent)).to.deep.equal([
      'BMO',
      'Cassette',
      'Conversation',
    ]);
    expect(root(nested).querySelector('[role="log"]')?.getAttribute('aria-labelledby')).to.equal(
      'conversation-heading',
    );
  });

  it('reaches every control from the keyboard, before and after connecting', async () => {
    const host = await fixture<HTMLElement>(
      html`<div><button type="button">Before</button><bmo-assistant></bmo-assistant></div>`,
    );
    const before = host.querySelector('button');
    const el = host.querySelector('bmo-assistant');
    if (!before || !el) throw new Error('fixture incomplete');
    await el.updateComplete;
    before.focus();
    expect(await tabOrder(4)).to.deep.equal([
      'Connect',
      'Connect without microphone',
      'Mute cassette sounds',
      'log',
    ]);

    before.focus();
    el.stores.bmo.$connection.set('connected');
    el.stores.bmo.$agentState.set('listening');
    await el.updateComplete;
    expect(root(el).querySelector('[part="status"]')?.textContent?.trim()).to.equal(
      'BMO is listening',
    );
    expect(await tabOrder(5)).to.deep.equal([
      'Disconnect',
      'Mute microphone',
      'Mute cassette sounds',
      'log',
      'Type to BMO',
    ]);
    await sendKeys({ type: 'hello' });
    await el.updateComplete;
    expect(await tabOrder(1), 'Send once there is text').to.deep.equal(['Send']);

    // The microphone toggles from the keyboard too.
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Shift+Tab' });
    expect(focusedName()).to.equal('Mute microphone');
    await sendKeys({ press: 'Space' });
    await waitUntil(() => el.stores.bmo.$micMuted.get(), 'the microphone muted');
    await el.updateComplete;
    expect(buttonNamed(el, 'Mute microphone')?.getAttribute('aria-pressed')).to.equal('true');
  });

  it('says plainly that LiveKit is not configured when the token route answers 503', async () => {
    const requests: { url: string; body: unknown }[] = [];
    globalThis.fetch = notConfiguredFetch(requests);
    const el = await fixture<BmoAssistant>(html`<bmo-assistant></bmo-assistant>`);
    const connections: string[] = [];
    const errors: BmoError[] = [];
    el.addEventListener('bmo-connection-change', (e) => connections.push(e.detail.connection));
    el.addEventListener('bmo-error', (e) => errors.push(e.detail));

    buttonNamed(el, 'Connect without microphone')?.click();
    await waitUntil(() => alertText(el).includes('LiveKit is not configured'), 'the message');
    expect(alertText(el)).to.contain('Set LIVEKIT_URL and its keys.');
    expect(buttonNamed(el, 'Retry'), 'retrying cannot help').to.equal(undefined);
    expect(buttonNamed(el, 'Connect'), 'Connect is offered again').to.not.equal(undefined);
    expect(requests.map((r) => r.url)).to.deep.equal(['/api/livekit/token']);
    expect(requests[0]?.body).to.not.have.property('participantName');
    expect(connections).to.deep.equal(['connecting', 'disconnected']);
    expect(errors.map((e) => e.code)).to.deep.equal(['not_configured']);
    await expectAccessible(el);
  });

  it('asks the token-url it is given, with its participant-name, and follows a new token-url', async () => {
    const requests: { url: string; body: unknown }[] = [];
    globalThis.fetch = notConfiguredFetch(requests);
    const el = await fixture<BmoAssistant>(
      html`<bmo-assistant
        token-url="https://edge.example/api/livekit/token"
        participant-name="Ada"
      ></bmo-assistant>`,
    );
    buttonNamed(el, 'Connect')?.click();
    await waitUntil(() => requests.length === 1 && alertText(el).includes('not configured'), '1');
    expect(requests[0]).to.deep.include({ url: 'https://edge.example/api/livekit/token' });
    expect(requests[0]?.body).to.have.property('participantName', 'Ada');

    el.setAttribute('token-url', 'https://other.example/token');
    await el.updateComplete;
    buttonNamed(el, 'Connect')?.click();
    await waitUntil(
      () => requests.length === 2 && el.stores.bmo.$connection.get() === 'disconnected',
      '2',
    );
    expect(requests[1]?.url).to.equal('https://other.example/token');
  });

  it('says which server it could not reach when a token-url on another site fails, and retries', async () => {
    let calls = 0;
    globalThis.fetch = async () => {
      calls += 1;
      throw new TypeError('Failed to fetch');
    };
    const el = await fixture<BmoAssistant>(
      html`<bmo-assistant token-url="https://edge.example/api/livekit/token"></bmo-assistant>`,
    );
    buttonNamed(el, 'Connect')?.click();
    await waitUntil(() => buttonNamed(el, 'Retry') !== undefined, 'the Retry button');
    expect(alertText(el)).to.contain("Could not reach BMO's server at edge.example.");
    expect(alertText(el)).to.contain('that server may not allow this site');
    // The edge client itself tried a few times with backoff; Retry starts a new attempt.
    const before = calls;
    expect(before, 'retried with backoff before giving up').to.be.greaterThan(1);
    buttonNamed(el, 'Retry')?.click();
    await waitUntil(() => calls > before, 'a new attempt');
  });

  it('keeps the conversation on its latest line, unless the visitor scrolled up to read', async () => {
    const el = await fixture<BmoAssistant>(
      html`<bmo-assistant style="--bmo-assistant-log-height: 12rem"></bmo-assistant>`,
    );
    const log = root(el).querySelector<HTMLElement>('[role="log"]');
    if (!log) throw new Error('no log');
    const atBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight < 2;
    for (let i = 0; i < 12; i += 1) {
      upsertBmoTranscript(el.stores.bmo, {
        id: `l${i}`,
        speaker: 'agent',
        text: `Line ${i}`,
        final: true,
      });
      await el.updateComplete;
    }
    expect(log.scrollHeight).to.be.greaterThan(log.clientHeight);
    expect(atBottom(), 'follows new lines').to.equal(true);

    log.scrollTop = 0;
    upsertBmoTranscript(el.stores.bmo, {
      id: 'late',
      speaker: 'agent',
      text: 'A late line',
      final: true,
    });
    await el.updateComplete;
    expect(log.scrollTop, 'stays where the visitor is reading').to.equal(0);
  });

  it('leaves the conversation when it leaves the page', async () => {
    globalThis.fetch = () => new Promise<Response>(() => undefined);
    const el = await fixture<BmoAssistant>(html`<bmo-assistant></bmo-assistant>`);
    buttonNamed(el, 'Connect')?.click();
    await waitUntil(() => el.stores.bmo.$connection.get() === 'connecting', 'connecting');
    el.remove();
    await waitUntil(() => el.stores.bmo.$connection.get() === 'disconnected', 'disconnected');
  });
});
