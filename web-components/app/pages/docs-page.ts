import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { elementDocs, type ElementDoc, type Named } from '../manifest.ts';
import { CHECKLIST, snippetsFor } from './docs-snippets.ts';
import { pageStyles } from './page.styles.ts';
import '../../voice/index.ts';
import '../../tarot/index.ts';
import '../../bmo/index.ts';
import '../../voice/voice-mic-consent/voice-mic-consent.ts';
import '../../voice/voice-start-audio/voice-start-audio.ts';

/** How each element's live example is set up (by property, as a site would). */
const EXAMPLES: Record<string, (element: HTMLElement) => void> = {
  'bmo-cassette-slot': (el) =>
    Object.assign(el, { cassette: { title: 'Wi-Fi', content: 'guest-1234' } }),
  'tarot-card': (el) => el.setAttribute('card-id', 'the-star'),
  'tarot-card-stage': (el) => Object.assign(el, { cardId: 'the-moon', quiet: true }),
  'voice-agent-indicator': (el) => Object.assign(el, { label: 'Listening', steps: ['Intent'] }),
  'voice-transcript': (el) =>
    Object.assign(el, {
      open: true,
      entries: [
        { id: '1', role: 'user', text: 'What does the Star mean?', done: true },
        { id: '2', role: 'assistant', text: 'Hope, renewal, a clear direction.', done: true },
      ],
    }),
  'voice-announcer': (el) => el.setAttribute('aria-label', 'Live regions (visually hidden)'),
  'voice-launcher': (el) => {
    // its code comes with its section, as the root elements' launchers load theirs: not in the
    // page's first load (the properties set before it is defined are kept at its upgrade)
    void import('../../voice/voice-launcher/voice-launcher.ts');
    Object.assign(el, { label: 'Example launcher', placement: 'top-right' });
    // below the site's header, whose last link it covered at the default offset
    el.style.setProperty('--voice-launcher-offset', '4.5rem');
    el.append(
      Object.assign(document.createElement('p'), {
        textContent: 'Any content opens here. Escape or Close puts it away.',
      }),
    );
  },
  'voice-mic-consent': (el) =>
    Object.assign(el, {
      text: 'We send your voice to our reader to answer you; nothing is kept after the reading.',
      href: '#voice-mic-consent',
    }),
};

/** Sections rendered per task after the first paint (each about 300 nodes and a live element). */
const SECTIONS_PER_TASK = 3;

/** The root elements' launcher variant, shown live beside their in-place example. */
const LAUNCHERS: Record<string, string> = {
  'bmo-assistant': 'bottom-right',
  'tarot-reading': 'bottom-left',
};

function table(title: string, rows: Named[], columns: [string, (row: Named) => unknown][]) {
  if (rows.length === 0) return nothing;
  return html`<h3>${title}</h3>
    <div class="scroll">
      <table>
        <thead>
          <tr>
            ${columns.map(([name]) => html`<th scope="col">${name}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            (row) =>
              html`<tr>
                ${columns.map(([, cell]) => html`<td>${cell(row)}</td>`)}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
}

const nameCell = (row: Named) => html`<code>${row.name || '(default)'}</code>`;
const typeCell = (row: Named) => (row.type?.text ? html`<code>${row.type.text}</code>` : '');
const describe = (row: Named) => row.description ?? '';

/**
 * @summary /docs: every public element of the package, generated from its Custom Elements
 * Manifest at build time: attributes, properties, events, slots, parts and custom properties, a
 * live example, copy-paste snippets per framework, and the embedder's checklist.
 */
@customElement('page-docs')
export class PageDocs extends LitElement {
  static override styles = [
    pageStyles,
    css`
      nav ul {
        display: flex;
        flex-wrap: wrap;
        gap: var(--va-space-s);
        padding: 0;
        list-style: none;
      }
      section.element {
        margin-block: var(--va-space-xl);
        padding: var(--va-space-l);
        border-radius: var(--va-radius-l);
        background: var(--va-color-surface);
        border: 1px solid var(--va-color-border);
      }
      h2 {
        font-family: var(--va-font-display);
      }
      h3 code {
        font-size: 1.1em;
      }
      .scroll {
        overflow-x: auto;
      }
      table {
        border-collapse: collapse;
        width: 100%;
        font-size: var(--va-font-size-s);
      }
      th,
      td {
        text-align: start;
        vertical-align: top;
        padding: var(--va-space-xs) var(--va-space-s);
        border-bottom: 1px solid var(--va-color-border);
      }
      .example {
        padding: var(--va-space-m);
        border-radius: var(--va-radius-m);
        border: 1px dashed var(--va-color-border);
        background: var(--va-color-bg);
      }
      pre {
        margin: 0;
        padding: var(--va-space-m);
        overflow-x: auto;
        border-radius: var(--va-radius-s);
        background: var(--va-color-bg);
        font-family: var(--va-font-mono);
        font-size: var(--va-font-size-s);
      }
      .snippet {
        margin-block: var(--va-space-s);
      }
      .snippet header {
        display: flex;
        justify-content: space-between;
        align-items: center;
      }
      button {
        min-height: 2.75rem;
        padding: 0 var(--va-space-m);
        border-radius: var(--va-radius-s);
        border: 1px solid var(--va-color-border);
        background: var(--va-color-surface-raised);
        color: var(--va-color-text);
        font: inherit;
        cursor: pointer;
      }
    `,
  ];

  #docs: ElementDoc[] = elementDocs();

  /**
   * How many element sections are rendered. The heading and the list of elements paint first;
   * the sections (4,000 nodes in all, a live element each) follow a few per task, so the heading
   * shows at once on a slow phone and the page answers input while the rest arrives. Until all
   * are in, the sections' container is `aria-busy`.
   */
  @state() private shown = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#showMore();
  }

  #showMore = (): void => {
    setTimeout(() => {
      if (!this.isConnected || this.shown >= this.#docs.length) return;
      this.shown += SECTIONS_PER_TASK;
      this.#showMore();
    });
  };

  protected override updated(): void {
    for (const host of this.renderRoot.querySelectorAll<HTMLElement>('[data-tag]')) {
      const tag = host.dataset['tag'];
      if (!tag || host.firstElementChild) continue;
      const element = document.createElement(tag);
      const placement = host.dataset['placement'];
      if (placement) Object.assign(element, { variant: 'launcher', placement });
      else EXAMPLES[tag]?.(element);
      host.append(element);
    }
  }

  #copy = async (event: Event, code: string): Promise<void> => {
    const button = event.currentTarget as HTMLButtonElement;
    try {
      await navigator.clipboard.writeText(code);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Select and copy';
    }
  };

  override render() {
    const origin = globalThis.location?.origin ?? 'https://your-edge.example';
    return html`<h1 tabindex="-1">Elements</h1>
      <p class="lede">
        Every element of <code>voice-agent-elements</code>, from its manifest: install it with
        <code>npm install voice-agent-elements</code> or load a family from this site's
        <code>/embed/</code>. Light or dark follows your system; <code>theme="light"</code> or
        <code>theme="dark"</code> fixes it.
      </p>
      <nav aria-label="Elements">
        <ul>
          ${this.#docs.map((doc) => html`<li><a href="#${doc.tagName}">&lt;${doc.tagName}&gt;</a></li>`)}
          <li><a href="#checklist">Embedder's checklist</a></li>
        </ul>
      </nav>
      <div aria-busy=${this.shown < this.#docs.length ? 'true' : 'false'}>
        ${this.#docs.slice(0, this.shown).map((doc) => this.#element(doc, origin))}
      </div>
      <section id="checklist" aria-labelledby="checklist-heading">
        <h2 id="checklist-heading">Embedder's checklist</h2>
        <ul>
          ${CHECKLIST.map(
            (item) =>
              html`<li>
                <strong>${item.title}</strong>: ${item.note}
                <pre tabindex="0"><code>${item.code}</code></pre>
              </li>`,
          )}
        </ul>
      </section>`;
  }

  #element(doc: ElementDoc, origin: string) {
    const id = `${doc.tagName}-heading`;
    return html`<section class="element" id=${doc.tagName} aria-labelledby=${id}>
      <h2 id=${id}><code>&lt;${doc.tagName}&gt;</code></h2>
      <p>
        ${doc.summary}
        <small>(family <code>${doc.family}</code>, class <code>${doc.name}</code>)</small>
      </p>
      <h3>Live example</h3>
      <div class="example" role="group" aria-label="Live example" data-tag=${doc.tagName}></div>
      ${
        LAUNCHERS[doc.tagName]
          ? html`<h3>As a launcher</h3>
              <p>
                With <code>variant="launcher"</code> it waits behind a button in a corner of the
                page: this one is in the ${LAUNCHERS[doc.tagName]?.replace('-', ' ')} corner.
              </p>
              <div
                class="launcher-example"
                data-tag=${doc.tagName}
                data-placement=${LAUNCHERS[doc.tagName] ?? ''}
              ></div>`
          : nothing
      }
      ${table('Attributes', doc.attributes, [
        ['Attribute', nameCell],
        ['Type', typeCell],
        ['Description', describe],
      ])}
      ${table('Properties', doc.properties, [
        ['Property', nameCell],
        ['Type', typeCell],
        ['Description', describe],
      ])}
      ${table('Events', doc.events, [
        ['Event', nameCell],
        ['Detail', typeCell],
        ['Description', describe],
      ])}
      ${table('Slots', doc.slots, [
        ['Slot', nameCell],
        ['Description', describe],
      ])}
      ${table('Parts', doc.cssParts, [
        ['Part', nameCell],
        ['Description', describe],
      ])}
      ${table('Custom properties', doc.cssProperties, [
        ['Property', nameCell],
        ['Description', describe],
      ])}
      <h3>Use it</h3>
      ${snippetsFor(doc, origin).map(
        (snippet) =>
          html`<div class="snippet">
            <header>
              <h4>${snippet.label}</h4>
              <button
                type="button"
                aria-label="Copy the ${snippet.label} snippet for ${doc.tagName}"
                @click=${(event: Event) => this.#copy(event, snippet.code)}
              >
                Copy
              </button>
            </header>
            <pre tabindex="0"><code>${snippet.code}</code></pre>
          </div>`,
      )}
    </section>`;
  }
}
