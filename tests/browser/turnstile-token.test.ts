import { expect, fixture, html } from '@open-wc/testing';
import '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import type { BmoAssistant } from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import type { TarotReading } from '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import { configureEvents } from '../../web-components/events/index.ts';
import { waitUntil } from './helpers/a11y.ts';
import { control } from './helpers/dom.ts';

// Turnstile from the page: the host page runs the widget and hands its token to the element as the
// `turnstileToken` property; the element's token request carries it as `X-Turnstile-Token`, and
// sends no such header when the page gave none.

const EDGE = 'https://edge.example';

interface Seen {
  url: string;
  turnstile: string | null;
}

/** A token route that records each request's Turnstile header and never answers. */
function stubEdge(): Seen[] {
  const seen: Seen[] = [];
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === `${EDGE}/api/health`) {
      return new Response(
        JSON.stringify({
          status: 'ok',
          reader: 'local',
          livekit: false,
          time: new Date().toISOString(),
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }
    seen.push({ url, turnstile: new Headers(init?.headers).get('x-turnstile-token') });
    return new Promise<Response>(() => undefined);
  };
  return seen;
}

describe('turnstileToken on the elements', () => {
  const realFetch = globalThis.fetch;
  before(() => configureEvents({ console: false }));
  after(() => configureEvents({ console: true }));
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('<bmo-assistant> sends the page’s Turnstile token with its LiveKit token request', async () => {
    const seen = stubEdge();
    const el = await fixture<BmoAssistant>(html`<bmo-assistant api-base=${EDGE}></bmo-assistant>`);
    el.turnstileToken = 'widget-token-1';
    void el.start({ textOnly: true });
    await waitUntil(() => seen.length === 1, 'the token request');
    expect(seen[0]).to.deep.equal({
      url: `${EDGE}/api/livekit/token`,
      turnstile: 'widget-token-1',
    });
    await el.end();
  });

  it('<bmo-assistant> sends no Turnstile header when the page gave no token', async () => {
    const seen = stubEdge();
    const el = await fixture<BmoAssistant>(html`<bmo-assistant api-base=${EDGE}></bmo-assistant>`);
    void el.start({ textOnly: true });
    await waitUntil(() => seen.length === 1, 'the token request');
    expect(seen[0]?.turnstile).to.equal(null);
    await el.end();
  });

  it('<tarot-reading> sends the page’s Turnstile token with its reading token request', async () => {
    const seen = stubEdge();
    const el = await fixture<TarotReading>(html`<tarot-reading api-base=${EDGE}></tarot-reading>`);
    el.turnstileToken = 'widget-token-2';
    control(el, /^Text Chat/).click();
    await waitUntil(() => seen.length === 1, 'the token request', 8000);
    expect(seen[0]).to.deep.equal({ url: `${EDGE}/api/voice/token`, turnstile: 'widget-token-2' });
    el.remove();
  });
});
