import { LitElement, css, html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { elementDocs, type ElementDoc, type Named } from '../manifest.ts';
import { checklist, snippetsFor } from './docs-snippets.ts';
import { pageStyles } from './page.styles.ts';
import { docsLocale } from '../i18n/docs-strings.ts';
import type { DocsStrings } from '../i18n/docs-en.ts';
import type { PageStrings } from '../i18n/strings.ts';
import '../../voice/index.ts';
import '../../tarot/index.ts';
import '../../bmo/index.ts';
import '../../voice/voice-mic-consent/voice-mic-consent.ts';
import '../../voice/voice-start-audio/voice-start-audio.ts';

/** How each element's live example is set up (by property, as a site would), in `t`'s strings. */
const EXAMPLES: Record<string, (element: HTMLElement, t: DocsStrings) => void> = {
  'bmo-cassette-slot': (el) =>
    Object.assign(el, { cassette: { title: 'Wi-Fi', content: 'guest-1234' } }),
  'tarot-card': (el) => el.setAttribute('card-id', 'the-star'),
  'tarot-card-stage': (el) => Object.assign(el, { cardId: 'the-moon', quiet: true }),
  'voice-agent-indicator': (el, t) =>
    Object.assign(el, { label: t.exampleListening, steps: [t.exampleIntent] }),
  'voice-transcript': (el, t) =>
    Object.assign(el, {
      open: true,
      entries: [
        { id: '1', role: 'user', text: t.exampleQuestion, done: true },
        { id: '2', role: 'assistant', text: t.exampleAnswer, done: true },
      ],
    }),
  'voice-announcer': (el, t) => el.setAttribute('aria-label', t.liveRegions),
  'voice-launcher': (el, t) => {
    // its code comes with its section, as the root elements' launchers load theirs: not in the
    // page's first load (the properties set before it is defined are kept at its upgrade)
    void import('../../voice/voice-launcher/voice-launcher.ts');
    Object.assign(el, { label: t.exampleLauncher, placement: 'top-right' });
    // below the site's header, whose last link it covered at the default offset
    el.style.setProperty('--voice-launcher-offset', '4.5rem');
    el.append(
      Object.assign(document.createElement('p'), { textContent: t.exampleLauncherContent }),
    );
  },
  'voice-mic-consent': (el, t) =>
    Object.assign(el, { text: t.exampleConsent, href: '#voice-mic-consent' }),
};

/** `text` with each `{name}` set as the code `codes[name]`. */
function withCode(text: string, codes: Record<string, string>) {
  return text.split(/(\{\w+\})/).map((part) => {
    const code = /^\{(\w+)\}$/.exec(part)?.[1];
    return code && code in codes ? html`<code>${codes[code]}</code>` : part;
  });
}

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

const typeCell = (row: Named) => (row.type?.text ? html`<code>${row.type.text}</code>` : '');
/** A manifest's description: the element's JSDoc, in English whatever the page's language. */
const describe = (row: Named) =>
  row.description ? html`<span lang="en" dir="auto">${row.description}</span>` : '';

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
  #locale = docsLocale(this);

  /**
   * The page's strings in its language: set by the router, which renders the page again on a
   * switch. Its heading is the header's name for it, there from the first render, so the tab's
   * title is in the page's language before /docs' own strings have loaded.
   */
  strings: PageStrings = {};

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
      else EXAMPLES[tag]?.(element, this.#locale.t);
      host.append(element);
    }
  }

  #copy = async (event: Event, code: string): Promise<void> => {
    const button = event.currentTarget;
    if (!(button instanceof HTMLButtonElement)) return;
    const t = this.#locale.t;
    try {
      await navigator.clipboard.writeText(code);
      button.textContent = t.copied;
    } catch {
      button.textContent = t.selectAndCopy;
    }
  };

  override render() {
    const t = this.#locale.t;
    const origin = globalThis.location?.origin ?? 'https://your-edge.example';
    return html`<h1 tabindex="-1">${this.strings.navDocs ?? t.heading}</h1>
      <p class="lede">
        ${withCode(t.lede, {
          package: 'voice-agent-elements',
          install: 'npm install voice-agent-elements',
          embed: '/embed/',
          light: 'theme="light"',
          dark: 'theme="dark"',
        })}
      </p>
      <nav aria-label=${t.elementsNav}>
        <ul>
          ${this.#docs.map((doc) => html`<li><a href="#${doc.tagName}">&lt;${doc.tagName}&gt;</a></li>`)}
          <li><a href="#checklist">${t.checklist}</a></li>
        </ul>
      </nav>
      <div aria-busy=${this.shown < this.#docs.length ? 'true' : 'false'}>
        ${this.#docs.slice(0, this.shown).map((doc) => this.#element(doc, origin, t))}
      </div>
      <section id="checklist" aria-labelledby="checklist-heading">
        <h2 id="checklist-heading">${t.checklist}</h2>
        <ul>
          ${checklist(t).map(
            (item) =>
              html`<li>
                <strong>${withCode(item.title, item.codes)}</strong>: ${item.note}
                <pre tabindex="0" dir="ltr"><code>${item.code}</code></pre>
              </li>`,
          )}
        </ul>
      </section>`;
  }

  #element(doc: ElementDoc, origin: string, t: DocsStrings) {
    const id = `${doc.tagName}-heading`;
    const nameCell = (row: Named) => html`<code>${row.name || t.defaultSlot}</code>`;
    const corner = LAUNCHERS[doc.tagName];
    return html`<section class="element" id=${doc.tagName} aria-labelledby=${id}>
      <h2 id=${id}><code>&lt;${doc.tagName}&gt;</code></h2>
      <p>
        <span lang="en" dir="auto">${doc.summary}</span>
        <small>(${withCode(t.familyClass, { family: doc.family, class: doc.name })})</small>
      </p>
      <h3>${t.liveExample}</h3>
      <div class="example" role="group" aria-label=${t.liveExample} data-tag=${doc.tagName}></div>
      ${
        corner
          ? html`<h3>${t.asLauncher}</h3>
              <p>
                ${withCode(t.launcherAbout, { variant: 'variant="launcher"' }).map((part) =>
                  part === '{corner}' ? t.corner(corner) : part,
                )}
              </p>
              <div class="launcher-example" data-tag=${doc.tagName} data-placement=${corner}></div>`
          : nothing
      }
      ${table(t.attributes, doc.attributes, [
        [t.attribute, nameCell],
        [t.type, typeCell],
        [t.description, describe],
      ])}
      ${table(t.properties, doc.properties, [
        [t.property, nameCell],
        [t.type, typeCell],
        [t.description, describe],
      ])}
      ${table(t.events, doc.events, [
        [t.event, nameCell],
        [t.detail, typeCell],
        [t.description, describe],
      ])}
      ${table(t.slots, doc.slots, [
        [t.slot, nameCell],
        [t.description, describe],
      ])}
      ${table(t.parts, doc.cssParts, [
        [t.part, nameCell],
        [t.description, describe],
      ])}
      ${table(t.customProperties, doc.cssProperties, [
        [t.property, nameCell],
        [t.description, describe],
      ])}
      <h3>${t.useIt}</h3>
      ${snippetsFor(doc, origin, t).map(
        (snippet) =>
          html`<div class="snippet">
            <header>
              <h4>${snippet.label}</h4>
              <button
                type="button"
                aria-label=${t.copyLabel(snippet.label, doc.tagName)}
                @click=${(event: Event) => this.#copy(event, snippet.code)}
              >
                ${t.copy}
              </button>
            </header>
            <pre tabindex="0" dir="ltr"><code>${snippet.code}</code></pre>
          </div>`,
      )}
    </section>`;
  }
}
