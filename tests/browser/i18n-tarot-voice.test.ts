import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import '../../web-components/tarot/cards.ts';
import '../../web-components/voice/index.ts';
import '../../web-components/voice/voice-launcher/voice-launcher.ts';
import '../../web-components/voice/voice-mic-consent/voice-mic-consent.ts';
import type { TarotCardPicker } from '../../web-components/tarot/tarot-card-picker/tarot-card-picker.ts';
import type { VoiceLauncher } from '../../web-components/voice/voice-launcher/voice-launcher.ts';
import { createReadingStore } from '../../web-components/stores/reading.ts';
import '../../web-components/tarot/tarot-reading-text/tarot-reading-text.ts';
import { configureEvents } from '../../web-components/events/index.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';
import { all, buttonNamed, find, motionSettled, textOf } from './helpers/dom.ts';

/** Everything an element shows or names: its text and its accessible names, in order. */
function words(el: Element): string {
  const root = el.shadowRoot;
  if (!root) return '';
  const named = [...root.querySelectorAll('[aria-label]')].map((n) => n.getAttribute('aria-label'));
  return `${textOf(root)} ${named.join(' ')}`;
}

/** The tarot and voice elements, each with what it says in Spanish. */
const SPANISH = [
  {
    name: 'tarot-reading',
    view: () => html`<tarot-reading lang="es"></tarot-reading>`,
    says: 'Chat de texto',
  },
  {
    name: 'tarot-card',
    view: () => html`<tarot-card lang="es" card-id="the-fool" reversed></tarot-card>`,
    says: 'El Loco, invertida',
  },
  {
    name: 'tarot-card-stage',
    view: () => html`<tarot-card-stage lang="es" card-id="three-of-cups"></tarot-card-stage>`,
    says: 'Al derecho',
  },
  {
    name: 'tarot-card-picker',
    view: () => html`<tarot-card-picker lang="es" position-label="Pasado"></tarot-card-picker>`,
    says: 'Elige una carta para Pasado',
  },
  {
    name: 'voice-speaker-button',
    view: () => html`<voice-speaker-button lang="es"></voice-speaker-button>`,
    says: 'Mantén pulsado para hablar',
  },
  {
    name: 'voice-transcript',
    view: () => html`<voice-transcript lang="es" open></voice-transcript>`,
    says: 'Todavía no se ha dicho nada.',
  },
  {
    name: 'voice-agent-indicator',
    view: () =>
      html`<voice-agent-indicator
        lang="es"
        label="Lectura"
        .steps=${['Intención', 'Lectura']}
      ></voice-agent-indicator>`,
    says: '2 de 2',
  },
  {
    name: 'voice-launcher',
    view: () => html`<voice-launcher lang="es" open active></voice-launcher>`,
    says: 'Terminar',
  },
  {
    name: 'voice-mic-consent',
    view: () => html`<voice-mic-consent lang="es" text="Grabamos tu voz."></voice-mic-consent>`,
    says: 'Permitir el micrófono',
  },
];

describe('the tarot and voice elements in the visitor’s language', () => {
  before(() => configureEvents({ console: false }));
  after(() => configureEvents({ console: true }));

  for (const { name, view, says } of SPANISH) {
    it(`<${name} lang="es"> speaks Spanish, and is accessible in both themes`, async () => {
      // Still: a fade in progress would be measured half-transparent.
      await emulateMedia({ reducedMotion: 'reduce' });
      // On the page's own background, as a page using styles/tokens.css paints it.
      const page = await fixture<HTMLElement>(
        html`<div style="background: var(--va-color-bg); padding: 1rem">${view()}</div>`,
      );
      const el = page.firstElementChild;
      if (!(el instanceof HTMLElement)) throw new Error(name);
      await waitUntil(() => words(el).includes(says), `“${says}”`);
      // Settled: a change of reduced motion reaches the element a task late, so its first
      // entrance may still fade in; axe measures what stays on screen, not a frame of a fade.
      await motionSettled(el);
      // Both schemes, page and element together (styles/tokens.css follows the preference).
      for (const colorScheme of ['light', 'dark'] as const) {
        await emulateMedia({ colorScheme });
        await expectAccessible(el);
      }
      await emulateMedia({ colorScheme: 'no-preference' });
      el.setAttribute('lang', 'en');
      await waitUntil(() => !words(el).includes(says), 'English again');
      await motionSettled(el);
      await expectAccessible(el);
      await emulateMedia({ reducedMotion: 'no-preference' });
    });
  }

  it('two elements of one family in two languages on one page stay apart', async () => {
    const page = await fixture<HTMLElement>(
      html`<div>
        <tarot-card lang="es" card-id="the-fool"></tarot-card>
        <tarot-card lang="en" card-id="the-fool"></tarot-card>
        <voice-speaker-button lang="es"></voice-speaker-button>
        <voice-speaker-button></voice-speaker-button>
      </div>`,
    );
    const [es, en] = page.querySelectorAll('tarot-card');
    const [talkEs, talkEn] = page.querySelectorAll('voice-speaker-button');
    if (!es || !en || !talkEs || !talkEn) throw new Error('four elements');
    await waitUntil(() => words(es).includes('El Loco, al derecho'), 'a Spanish card');
    await waitUntil(() => words(talkEs).includes('Mantén pulsado'), 'a Spanish button');
    expect(words(en)).to.include('The Fool, upright');
    expect(words(talkEn)).to.include('Hold to Speak');
  });

  it('a host replaces any word through `strings`, and an attribute wins over both', async () => {
    const picker = await fixture<TarotCardPicker>(
      html`<tarot-card-picker lang="es" .strings=${{ cancelDraw: 'Volver' }}></tarot-card-picker>`,
    );
    await waitUntil(() => words(picker).includes('Elige una carta'), 'Spanish');
    expect(textOf(find(picker, '[part="cancel"]'))).to.equal('Volver');
    const talk = await fixture<HTMLElement>(
      html`<voice-speaker-button
        lang="es"
        label="Pulsa y habla"
        .strings=${{ talkHint: 'Suelta para enviar.' }}
      ></voice-speaker-button>`,
    );
    await waitUntil(() => words(talk).includes('Suelta para enviar.'), 'the host’s hint');
    expect(textOf(find(talk, '[part="label"]'))).to.equal('Pulsa y habla');
  });

  it('writes counts for the language: the launcher’s badge and name', async () => {
    const launcher = await fixture<VoiceLauncher>(
      html`<voice-launcher lang="es" label="BMO"></voice-launcher>`,
    );
    for (let i = 0; i < 1200; i += 1) launcher.notify();
    await waitUntil(
      () => find(launcher, '[part="button"]')?.getAttribute('aria-label') === 'BMO (1200 nuevos)',
      'a Spanish name',
    );
    launcher.setAttribute('lang', 'en');
    await waitUntil(() => textOf(find(launcher, '[part="badge"]')) === '1,200', 'English digits');
    expect(find(launcher, '[part="button"]')?.getAttribute('aria-label')).to.equal(
      'BMO (1,200 new)',
    );
  });

  it('<tarot-reading lang="es">: its text view and the session’s error speak Spanish', async () => {
    // An edge that cannot be reached: the reading fails to start, and says so in Spanish.
    const el = await fixture<HTMLElement>(
      html`<tarot-reading lang="es" mode="text" api-base="http://127.0.0.1:9"></tarot-reading>`,
    );
    await waitUntil(() => find(el, 'tarot-reading-text') !== null, 'the text view');
    const view = find(el, 'tarot-reading-text');
    if (!view) throw new Error('a text view');
    await waitUntil(() => find(view, '[part="ended"]') !== null, 'the failed start');
    const said = words(view);
    for (const spanish of [
      'La lectura no ha podido empezar.',
      'Intentar de nuevo',
      'Elegir otro modo',
      'Tu tirada',
      'Aún no has sacado cartas.',
      'Sin conexión',
      'No se ha podido llegar al servicio de lecturas',
    ]) {
      expect(said).to.include(spanish);
    }
    expect(said).not.to.match(/reading|Your spread|Try again/);
    await expectAccessible(view);
  });

  it('<tarot-reading lang="es" mode="text"> asks the edge for a Spanish reading from its first start', async () => {
    // The session starts as the element connects: it must already know the element's language.
    const realFetch = globalThis.fetch;
    const asked: unknown[] = [];
    globalThis.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/api/voice/token') && typeof init?.body === 'string') {
        asked.push(JSON.parse(init.body));
      }
      return new Promise<Response>(() => undefined);
    };
    try {
      const el = await fixture<HTMLElement>(
        html`<tarot-reading lang="es" mode="text" api-base="https://edge.example"></tarot-reading>`,
      );
      await waitUntil(() => asked.length === 1, 'the reading token request', 8000);
      expect(asked[0]).to.include({ mode: 'text', lang: 'es' });
      el.remove();
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('a text view inside a Spanish ancestor asks in Spanish: label, placeholder, Send', async () => {
    const store = createReadingStore();
    store.setConnection('connected');
    store.setAgent('IntentAssessment');
    const page = await fixture<HTMLElement>(
      html`<div lang="es"><tarot-reading-text .store=${store}></tarot-reading-text></div>`,
    );
    const view = page.firstElementChild;
    if (!(view instanceof HTMLElement)) throw new Error('a text view');
    await waitUntil(() => words(view).includes('Enviar'), 'Spanish words');
    expect(textOf(find(view, 'label[for="message"]'))).to.equal('Tu mensaje');
    expect(find(view, 'input')?.getAttribute('placeholder')).to.equal('Pregunta a la lectora…');
    expect(textOf(find(view, 'button[type="submit"]'))).to.equal('Enviar');
    expect(buttonNamed(view, 'Terminar la lectura').disabled).to.equal(false);
    expect(textOf(find(view, '[part="log"]'))).to.include('Haz tu pregunta a la lectora');
    expect(textOf(find(view, '[part="phase"]'))).to.equal('Tu pregunta');
    expect(words(view)).to.include('Fase: Tu pregunta');
    expect(find(view, '[part="log"]')?.getAttribute('aria-label')).to.equal('Conversación');
  });

  it('an unsupported lang: <tarot-reading> notes it once, its inner elements stay quiet', async () => {
    const el = await fixture<HTMLElement>(
      html`<tarot-reading lang="it" variant="launcher"></tarot-reading>`,
    );
    await waitUntil(() => find(el, '[part="lang-notice"]') !== null, 'the note');
    const launcher = find(el, 'voice-launcher');
    if (!launcher) throw new Error('a launcher');
    await (launcher as VoiceLauncher).updateComplete;
    expect(find(launcher, '[part="lang-notice"]')).to.equal(null);
    const alone = await fixture<HTMLElement>(html`<voice-transcript lang="it"></voice-transcript>`);
    expect(all(alone, '[part="lang-notice"]')).to.have.length(1);
  });
});
