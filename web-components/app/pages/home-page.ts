import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { pageStyles } from './page.styles.ts';

/**
 * @summary The hosted page's front door: the two experiences, each one link away.
 */
@customElement('page-home')
export class PageHome extends LitElement {
  static override styles = [
    pageStyles,
    css`
      ul {
        list-style: none;
        padding: 0;
        margin: 0;
        display: grid;
        gap: var(--va-space-l);
        grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
      }
      a.card {
        display: block;
        height: 100%;
        box-sizing: border-box;
        padding: var(--va-space-l);
        border-radius: var(--va-radius-l);
        background: var(--va-color-surface);
        border: 1px solid var(--va-color-border);
        color: var(--va-color-text);
        text-decoration: none;
        transition: transform var(--va-duration-fast) var(--va-ease);
      }
      a.card:hover {
        transform: translateY(-2px);
        border-color: var(--va-color-accent);
      }
      h2 {
        font-family: var(--va-font-display);
        margin: 0 0 var(--va-space-s);
        color: var(--va-color-accent);
      }
      .bmo h2 {
        color: var(--va-color-bmo);
      }
      p {
        margin: 0;
        color: var(--va-color-text-muted);
      }
      @media (prefers-reduced-motion: reduce) {
        a.card {
          transition: none;
        }
        a.card:hover {
          transform: none;
        }
      }
    `,
  ];

  override render() {
    return html`
      <h1>Voice agents</h1>
      <p class="lede">Two small experiences built from embeddable web components.</p>
      <ul>
        <li>
          <a class="card" href="/reading">
            <h2>Tarot reading</h2>
            <p>
              Ask a question, pick your cards, and hear what they say, by text chat or by voice.
            </p>
          </a>
        </li>
        <li>
          <a class="card bmo" href="/bmo">
            <h2>Talk to BMO</h2>
            <p>A cheerful little console who hands you IDs and codes on a cassette.</p>
          </a>
        </li>
      </ul>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'page-home': PageHome;
  }
}
