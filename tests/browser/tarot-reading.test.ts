import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import type {
  TarotReading,
  TarotReadingModeDetail,
} from '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import { configureEvents } from '../../web-components/events/index.ts';
import { setMotionChoice } from '../../web-components/stores/preferences.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';
import { control, shadow as root } from './helpers/dom.ts';

const EDGE = 'https://edge.example';
/** An edge that cannot be reached. */
const DOWN = 'https://down.example';

/** What the stubbed edge was asked, and how it answers the token route (503 unless told). */
interface EdgeStub {
  requests: { url: string; method: string; body: unknown }[];
  token: 'unavailable' | 'pending';
  reader: 'local' | 'openai';
  /** Whether the edge's offline reader hears (a speech recognizer runs beside it). */
  hears?: boolean;
}

let edge: EdgeStub;
const realFetch = globalThis.fetch;

/** Answers requests to the stand-in edge at EDGE; everything else goes to the real fetch. */
function stubEdge(): void {
  edge = { requests: [], token: 'unavailable', reader: 'local' };
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(DOWN)) throw new TypeError('Failed to fetch');
    if (!url.startsWith(EDGE)) return realFetch(input, init);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    edge.requests.push({ url, method: init?.method ?? 'GET', body });
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (url === `${EDGE}/api/health`) {
      return json(200, {
        status: 'ok',
        reader: edge.reader,
        ...(edge.hears === undefined ? {} : { hears: edge.hears }),
        livekit: false,
        time: new Date().toISOString(),
      });
    }
    if (edge.token === 'pending') return new Promise<Response>(() => undefined);
    return json(503, { error: { code: 'upstream_unavailable', message: 'The upstream is down.' } });
  };
}

/** How the element's text reading's connection stands (its own store, seen through its view). */
function textConnection(el: TarotReading): string | undefined {
  return root(el).querySelector('tarot-reading-text')?.store.$connection.get();
}

/** A view inside the element, once its (lazily loaded) element is defined and rendered. */
async function view<K extends 'tarot-reading-text' | 'tarot-reading-voice'>(
  el: TarotReading,
  tag: K,
): Promise<HTMLElementTagNameMap[K]> {
  await customElements.whenDefined(tag);
  const found = root(el).querySelector(tag);
  if (!found) throw new Error(`no ${tag}`);
  await found.updateComplete;
  return found;
}

async function render(mode = 'choose'): Promise<TarotReading> {
  const el = await fixture<TarotReading>(
    html`<tarot-reading mode=${mode} api-base=${EDGE}></tarot-reading>`,
  );
  await el.updateComplete;
  return el;
}

/** Runs `test` in a browser without WebRTC (a voice reading's first requirement). */
async function withoutWebRtc(test: () => Promise<void>): Promise<void> {
  const original = Object.getOwnPropertyDescriptor(globalThis, 'RTCPeerConnection');
  Reflect.deleteProperty(globalThis, 'RTCPeerConnection');
  try {
    await test();
  } finally {
    if (original) Object.defineProperty(globalThis, 'RTCPeerConnection', original);
  }
}

describe('<tarot-reading>', () => {
  before(() => {
    // The hosted page's background, which the colours are made for.
    document.body.style.background = 'var(--va-color-bg)';
    document.body.style.color = 'var(--va-color-text)';
    configureEvents({ console: false });
  });
  after(() => {
    document.body.removeAttribute('style');
    configureEvents({ console: true });
  });
  beforeEach(stubEdge);
  afterEach(async () => {
    // The element goes first (ending its reading), so nothing it started lands in the next test.
    fixtureCleanup();
    globalThis.fetch = realFetch;
    setMotionChoice('system');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('is accessible, and offers the two modes "Text Chat" and "Voice Reading" by default', async () => {
    const el = await render();
    await expectAccessible(el);
    expect(el.mode).to.equal('choose');
    const text = control(el, /^Text Chat/);
    const voice = control(el, /^Voice Reading/);
    expect(text.localName).to.equal('button');
    expect(voice.localName).to.equal('button');
    expect(text.textContent).to.contain('Type with the reader');
    expect(voice.textContent).to.contain('Hold the talk button');
  });

  it('asks the edge at api-base which reader it runs, and says when it is the offline reader', async () => {
    const el = await render();
    await waitUntil(
      () => (root(el).textContent ?? '').includes('This site runs the offline reader'),
      'the offline note',
    );
    expect(edge.requests.map((request) => request.url)).to.deep.equal([`${EDGE}/api/health`]);
    expect(control(el, /^Voice Reading/).textContent).to.contain("it can't hear you");
    await expectAccessible(el);
  });

  it('says the offline reader hears English where the edge says a recognizer runs', async () => {
    edge.hears = true;
    const el = await render();
    await waitUntil(
      () => (control(el, /^Voice Reading/).textContent ?? '').includes('it hears English'),
      'the hearing note',
    );
    expect(control(el, /^Voice Reading/).textContent).not.to.contain("can't hear");
    await expectAccessible(el);
  });

  it('choosing Text Chat switches in place, fires tarot-reading-mode, and starts a text reading', async () => {
    const el = await render();
    edge.token = 'pending';
    const changed = oneEvent(el, 'tarot-reading-mode');
    control(el, /^Text Chat/).click();
    const event: CustomEvent<TarotReadingModeDetail> = await changed;
    expect(event.detail).to.deep.equal({ mode: 'text' });
    expect(event.bubbles && event.composed && event.cancelable).to.equal(true);
    await el.updateComplete;
    expect(el.mode).to.equal('text');
    expect(el.getAttribute('mode')).to.equal('text');
    const reading = await view(el, 'tarot-reading-text');
    // Focus moves to the reading that replaced the choice, and the session is starting.
    expect(root(el).activeElement).to.equal(root(el).querySelector('[part="view"]'));
    await waitUntil(() => reading.store.$connection.get() === 'connecting', 'the reading starts');
    expect(root(reading).querySelector('[part="connection"]')?.textContent).to.equal(
      'Connecting to the reader…',
    );
    await expectAccessible(el);
  });

  it('asks the edge at api-base for the token, and shows its refusal readably', async () => {
    const el = await render();
    control(el, /^Text Chat/).click();
    const reading = await view(el, 'tarot-reading-text');
    const tokenRequests = () => edge.requests.filter((request) => request.method === 'POST');
    await waitUntil(() => tokenRequests().length > 0, 'the token request', 8000);
    await waitUntil(
      () => root(reading).querySelector('[role="alert"]') !== null,
      'the error',
      8000,
    );
    // A 503 may pass: the edge client asked three times (with backoff) before giving up.
    expect(tokenRequests()).to.have.length(3);
    for (const request of tokenRequests()) {
      expect(request.url).to.equal(`${EDGE}/api/voice/token`);
      expect(request.body).to.include({ mode: 'text' });
    }
    await reading.updateComplete;
    expect(root(reading).querySelector('[role="alert"]')?.textContent).to.equal(
      'The reading service is unavailable right now. Try again in a moment.',
    );
    expect(root(reading).querySelector('[part="ended"]')?.textContent).to.contain(
      'The reading could not start.',
    );
  });

  it('a host that cancels tarot-reading-mode keeps the element as it is (and handles the switch itself)', async () => {
    const el = await render();
    el.addEventListener('tarot-reading-mode', (event) => event.preventDefault());
    control(el, /^Text Chat/).click();
    await el.updateComplete;
    expect(el.mode).to.equal('choose');
    expect(root(el).querySelector('tarot-reading-text')).to.equal(null);
    expect(edge.requests.filter((request) => request.method === 'POST')).to.have.length(0);
  });

  it('with addresses for the modes the choices are links, and a plain click still switches in place', async () => {
    const el = await fixture<TarotReading>(
      html`<tarot-reading
        api-base=${EDGE}
        text-href="/reading/text"
        voice-href="/reading/voice"
      ></tarot-reading>`,
    );
    const text = control(el, /^Text Chat/);
    expect(text.localName).to.equal('a');
    expect(text.getAttribute('href')).to.equal('/reading/text');
    expect(control(el, /^Voice Reading/).getAttribute('href')).to.equal('/reading/voice');
    expect(root(el).querySelectorAll('h2')).to.have.length(2);
    await expectAccessible(el);
    edge.token = 'pending';
    const changed = oneEvent(el, 'tarot-reading-mode');
    const click = new MouseEvent('click', { bubbles: true, composed: true, cancelable: true });
    text.dispatchEvent(click);
    await changed;
    expect(click.defaultPrevented).to.equal(true);
    expect(el.mode).to.equal('text');
  });

  it('ends the reading when it leaves the page or the page is hidden, and starts again when it returns', async () => {
    edge.token = 'pending';
    const el = await render('text');
    await view(el, 'tarot-reading-text');
    await waitUntil(() => textConnection(el) === 'connecting', 'the reading starts');
    el.remove();
    expect(textConnection(el)).to.equal('disconnected');
    document.body.append(el);
    await waitUntil(() => textConnection(el) === 'connecting', 'a new reading starts');
    dispatchEvent(new Event('pagehide'));
    expect(textConnection(el)).to.equal('disconnected');
    el.remove();
  });

  it('where the browser lacks WebRTC, Voice Reading is shown unavailable, with the reason', async () => {
    await withoutWebRtc(async () => {
      const el = await render();
      expect(() => control(el, /^Voice Reading/)).to.throw();
      const unavailable = root(el).querySelector('[aria-disabled="true"]');
      expect(unavailable?.textContent).to.contain('Voice Reading');
      expect(unavailable?.textContent).to.contain(
        "Your browser doesn't support voice readings: it needs WebRTC and microphone access.",
      );
      await expectAccessible(el);
    });
  });

  it('in voice mode without WebRTC, "Switch to Text Chat" switches to text, and Back returns to the choice', async () => {
    await withoutWebRtc(async () => {
      const el = await render('voice');
      const voice = await view(el, 'tarot-reading-voice');
      await waitUntil(() => root(voice).querySelector('[part="problem"]') !== null, 'the problem');
      await voice.updateComplete;
      expect(root(voice).querySelector('[part="problem"] h2')?.textContent).to.equal(
        "Your browser doesn't support voice readings",
      );
      await expectAccessible(el);
      const toText = oneEvent(el, 'tarot-reading-mode');
      [...root(voice).querySelectorAll('button')]
        .find((button) => button.textContent?.trim() === 'Switch to Text Chat')
        ?.click();
      expect((await toText).detail.mode).to.equal('text');
      await el.updateComplete;
      await view(el, 'tarot-reading-text');

      el.mode = 'voice';
      await el.updateComplete;
      const again = await view(el, 'tarot-reading-voice');
      const toChoice = oneEvent(el, 'tarot-reading-mode');
      [...root(again).querySelectorAll('button')]
        .find((button) => button.textContent?.includes('Back'))
        ?.click();
      expect((await toChoice).detail.mode).to.equal('choose');
      await el.updateComplete;
      expect(root(el).activeElement).to.equal(root(el).querySelector('[part="mode"]'));
    });
  });

  it('drops the hover lift when motion is reduced, by the visitor’s choice or the system’s', async () => {
    const el = await render();
    expect(el.hasAttribute('data-reduced-motion')).to.equal(false);
    setMotionChoice('reduce');
    await el.updateComplete;
    expect(el.hasAttribute('data-reduced-motion')).to.equal(true);
    expect(getComputedStyle(control(el, /^Text Chat/)).transitionDuration).to.equal('0s');
    setMotionChoice('system');
    await el.updateComplete;
    expect(el.hasAttribute('data-reduced-motion')).to.equal(false);
    await emulateMedia({ reducedMotion: 'reduce' });
    await waitUntil(() => el.hasAttribute('data-reduced-motion'), 'the system setting is followed');
    expect(getComputedStyle(control(el, /^Text Chat/)).transitionDuration).to.equal('0s');
  });

  it('two on one page keep their own state and their own live regions: one fails, the other goes on connecting', async () => {
    edge.token = 'pending';
    const page = await fixture<HTMLElement>(
      html`<div>
        <tarot-reading mode="text" api-base=${EDGE}></tarot-reading>
        <tarot-reading mode="text" api-base=${DOWN}></tarot-reading>
      </div>`,
    );
    const [first, second] = [...page.querySelectorAll('tarot-reading')];
    if (!first || !second) throw new Error('two readings');
    const firstView = await view(first, 'tarot-reading-text');
    const secondView = await view(second, 'tarot-reading-text');
    expect(firstView.store).not.to.equal(secondView.store);
    const alertOf = (el: TarotReading) =>
      root(el).querySelector('voice-announcer')?.shadowRoot?.querySelector('[role="alert"]');

    const refusal =
      'Could not reach the reading service at https://down.example. It may be offline, or it may not accept readings from this site.';
    await waitUntil(() => alertOf(second)?.textContent?.trim() === refusal, 'the error', 8000);
    expect(secondView.store.$connection.get()).to.equal('error');
    // The first heard nothing of it and still connects.
    expect(alertOf(first)?.textContent?.trim()).to.equal('');
    expect(firstView.store.$connection.get()).to.equal('connecting');
    expect(firstView.store.$error.get()).to.equal(null);
    await expectAccessible(first);
    await expectAccessible(second);
  });

  it('fires tarot-reading-error with the code and the message the reading shows', async () => {
    const el = await render('text');
    const failed = oneEvent(el, 'tarot-reading-error');
    const event = await failed;
    expect(event.detail).to.deep.include({
      code: 'connection',
      message: 'The reading service is unavailable right now. Try again in a moment.',
    });
    expect(event.detail.sessionId).to.be.a('string');
    expect(event.bubbles && event.composed).to.equal(true);
  });

  it('the host page drives it: start() from the choice starts a text reading, send() waits for a session, end() ends it', async () => {
    edge.token = 'pending';
    const el = await render();
    expect(el.send('Hello')).to.equal(false);
    void el.start();
    await el.updateComplete;
    expect(el.mode).to.equal('text');
    const reading = await view(el, 'tarot-reading-text');
    await waitUntil(() => reading.store.$connection.get() === 'connecting', 'the reading starts');
    const tokenRequests = () => edge.requests.filter((request) => request.method === 'POST');
    await waitUntil(() => tokenRequests().length === 1, 'the token request');
    // Not connected yet: nothing can be sent.
    expect(el.send('Will I find a new job?')).to.equal(false);
    el.end();
    expect(reading.store.$connection.get()).to.equal('disconnected');
    expect(tokenRequests()).to.have.length(1);
  });
});
