import { expect, fixture, html } from '@open-wc/testing';
import '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import type { BmoAssistant } from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import type { TarotReading } from '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import type { MicConsentDetail } from '../../web-components/voice/voice-mic-consent/mic-consent.ts';
import { configureEvents } from '../../web-components/events/index.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';

const TEXT = 'We record your voice to answer you. Recordings are deleted after the reading.';

/** Every call the page makes to open the microphone, refused so that nothing really opens. */
const micCalls: MediaStreamConstraints[] = [];
const realGetUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);

function question(el: HTMLElement): HTMLElement | null {
  return el.shadowRoot?.querySelector<HTMLElement>('voice-mic-consent') ?? null;
}
async function waitForQuestion(el: HTMLElement): Promise<HTMLElement> {
  await waitUntil(() => question(el)?.shadowRoot?.querySelector('button') != null, 'asked');
  const found = question(el);
  if (!found) throw new Error('no question');
  return found;
}
function answer(el: HTMLElement, choice: 'accept' | 'decline'): void {
  question(el)?.shadowRoot?.querySelector<HTMLButtonElement>(`[part="${choice}"]`)?.click();
}
function choices(el: HTMLElement, type: string): string[] {
  const seen: string[] = [];
  el.addEventListener(type, (event) => {
    seen.push((event as CustomEvent<MicConsentDetail>).detail.choice);
  });
  return seen;
}
/** A token route that refuses, recording each request's body and what `onCall` reads then. */
function recordingFetch(bodies: unknown[], onCall: () => void = () => undefined): typeof fetch {
  return async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    onCall();
    return new Response(JSON.stringify({ error: { code: 'not_configured', message: 'No.' } }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });
  };
}

describe('consent before the microphone', () => {
  const realFetch = globalThis.fetch;
  before(() => {
    configureEvents({ console: false });
    navigator.mediaDevices.getUserMedia = (constraints) => {
      micCalls.push(constraints ?? {});
      return Promise.reject(new DOMException('refused by the test', 'NotAllowedError'));
    };
  });
  after(() => {
    configureEvents({ console: true });
    navigator.mediaDevices.getUserMedia = realGetUserMedia;
  });
  beforeEach(async () => {
    micCalls.length = 0;
    localStorage.clear();
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('a voice reading asks first: no getUserMedia before Allow, then the microphone opens and the answer is remembered', async () => {
    const el = await fixture<TarotReading>(
      html`<tarot-reading mode="voice" consent-text=${TEXT}></tarot-reading>`,
    );
    const seen = choices(el, 'tarot-reading-mic-consent');
    const asked = await waitForQuestion(el);
    expect(asked.shadowRoot?.textContent).to.contain(TEXT);
    await expectAccessible(el);
    expect(micCalls, 'nothing opens the microphone while it asks').to.have.length(0);
    answer(el, 'accept');
    await waitUntil(() => micCalls.length === 1, 'the microphone opened after Allow');
    expect(seen).to.deep.equal(['accepted']);
    await waitUntil(() => question(el) === null, 'the question went away');

    const again = await fixture<TarotReading>(
      html`<tarot-reading mode="voice" consent-text=${TEXT}></tarot-reading>`,
    );
    await waitUntil(() => micCalls.length === 2, 'remembered: the microphone opens at once');
    expect(question(again) === null).to.equal(true);
  });

  it('the question takes focus when a root asks it, and an example on a page leaves focus and scroll alone', async () => {
    const el = await fixture<TarotReading>(
      html`<tarot-reading mode="voice" consent-text=${TEXT}></tarot-reading>`,
    );
    const asked = await waitForQuestion(el);
    await waitUntil(() => asked.shadowRoot?.activeElement != null, 'the question took focus');
    expect(asked.shadowRoot?.activeElement?.getAttribute('role')).to.equal('alertdialog');

    const before = document.activeElement;
    const example = await fixture<HTMLElement>(
      html`<voice-mic-consent text=${TEXT}></voice-mic-consent>`,
    );
    await (example as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
    expect(example.shadowRoot?.activeElement == null, 'the example took no focus').to.equal(true);
    expect(document.activeElement === before).to.equal(true);
  });

  it('asks again when the consent text changes, and after resetMicConsent()', async () => {
    localStorage.clear();
    const first = await fixture<TarotReading>(
      html`<tarot-reading mode="voice" consent-text=${TEXT}></tarot-reading>`,
    );
    await waitForQuestion(first);
    answer(first, 'accept');
    await waitUntil(() => micCalls.length === 1, 'opened');

    const changed = await fixture<TarotReading>(
      html`<tarot-reading mode="voice" consent-text=${`${TEXT} Updated.`}></tarot-reading>`,
    );
    await waitForQuestion(changed);
    expect(micCalls).to.have.length(1);

    await changed.resetMicConsent();
    const reset = await fixture<TarotReading>(
      html`<tarot-reading mode="voice" consent-text=${TEXT}></tarot-reading>`,
    );
    await waitForQuestion(reset);
    expect(micCalls, 'the reset forgot the first yes').to.have.length(1);
  });

  it('declining a voice reading leaves typing: it switches to the text reading, and says so', async () => {
    const el = await fixture<TarotReading>(
      html`<tarot-reading mode="voice" consent-text=${TEXT}></tarot-reading>`,
    );
    const seen = choices(el, 'tarot-reading-mic-consent');
    await waitForQuestion(el);
    answer(el, 'decline');
    await waitUntil(() => el.mode === 'text', 'switched to text');
    expect(seen).to.deep.equal(['declined']);
    expect(micCalls).to.have.length(0);
    const announced = () =>
      el.shadowRoot?.querySelector('voice-announcer')?.shadowRoot?.textContent ?? '';
    await waitUntil(() => announced().includes('Microphone declined'), 'announced');
  });

  it('BMO: Connect asks first; declined, it connects for typing only and never opens the microphone', async () => {
    const bodies: unknown[] = [];
    globalThis.fetch = recordingFetch(bodies);
    const el = await fixture<BmoAssistant>(
      html`<bmo-assistant
        consent-text=${TEXT}
        consent-href="https://example.com/terms"
      ></bmo-assistant>`,
    );
    const seen = choices(el, 'bmo-mic-consent');
    const textOnly: boolean[] = [];
    el.stores.bmo.$textOnly.listen((value) => textOnly.push(value));
    [...(el.shadowRoot?.querySelectorAll('button') ?? [])]
      .find((b) => b.textContent?.trim() === 'Connect')
      ?.click();
    const asked = await waitForQuestion(el);
    expect(asked.shadowRoot?.querySelector('a')?.getAttribute('href')).to.equal(
      'https://example.com/terms',
    );
    expect(bodies, 'no token is asked for while it asks').to.have.length(0);
    await expectAccessible(el);
    answer(el, 'decline');
    await waitUntil(() => bodies.length === 1, 'connected after the answer');
    expect(seen).to.deep.equal(['declined']);
    expect(textOnly[0], 'it connected for typing only').to.equal(true);
    expect(micCalls).to.have.length(0);
  });

  it('BMO: Connect asks first; allowed, it connects with the microphone, and the answer is remembered: the next Connect asks nothing', async () => {
    const bodies: unknown[] = [];
    const textOnly: boolean[] = [];
    const el = await fixture<BmoAssistant>(
      html`<bmo-assistant consent-text=${TEXT}></bmo-assistant>`,
    );
    globalThis.fetch = recordingFetch(bodies, () => textOnly.push(el.stores.bmo.$textOnly.get()));
    const seen = choices(el, 'bmo-mic-consent');
    [...(el.shadowRoot?.querySelectorAll('button') ?? [])]
      .find((b) => b.textContent?.trim() === 'Connect')
      ?.click();
    const asked = await waitForQuestion(el);
    expect(asked.shadowRoot?.textContent).to.contain(TEXT);
    expect(bodies, 'no token is asked for while it asks').to.have.length(0);
    expect(micCalls, 'nothing opens the microphone while it asks').to.have.length(0);
    answer(el, 'accept');
    await waitUntil(() => bodies.length === 1, 'connecting after Allow');
    expect(seen).to.deep.equal(['accepted']);
    expect(textOnly, 'with the microphone').to.deep.equal([false]);
    await waitUntil(() => question(el) === null, 'the question went away');

    // Another BMO on the same site, the same text: remembered, it connects at once.
    const again = await fixture<BmoAssistant>(
      html`<bmo-assistant consent-text=${TEXT}></bmo-assistant>`,
    );
    const seenAgain = choices(again, 'bmo-mic-consent');
    globalThis.fetch = recordingFetch(bodies, () =>
      textOnly.push(again.stores.bmo.$textOnly.get()),
    );
    void again.start();
    await waitUntil(() => bodies.length === 2, 'remembered: connecting at once');
    expect(question(again) === null, 'nothing asked').to.equal(true);
    expect(textOnly).to.deep.equal([false, false]);
    expect(seenAgain, 'no new answer to announce').to.deep.equal([]);
  });

  it('BMO without consent-text connects with the microphone as before, asking nothing', async () => {
    const bodies: unknown[] = [];
    globalThis.fetch = recordingFetch(bodies);
    const textOnly: boolean[] = [];
    const el = await fixture<BmoAssistant>(html`<bmo-assistant></bmo-assistant>`);
    globalThis.fetch = recordingFetch(bodies, () => textOnly.push(el.stores.bmo.$textOnly.get()));
    void el.start();
    await waitUntil(() => bodies.length === 1, 'connecting');
    expect(question(el) === null).to.equal(true);
    expect(textOnly, 'with the microphone').to.deep.equal([false]);
  });
});
