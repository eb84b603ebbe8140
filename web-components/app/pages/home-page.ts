import { LitElement, css, html } from 'lit';
import { customElement } from '../../shared/define.ts';
import { pageStyles } from './page.styles.ts';
import type { PageStrings } from '../i18n/strings.ts';
import { homeEn } from '../i18n/home-en.ts';

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

  /** The page's strings in its language: set by the router, which renders the page again on a switch. */
  strings: PageStrings = {};

  #t() {
    return { ...homeEn, ...this.strings };
  }

  override render() {
    const t = this.#t();
    return html`
      <h1>${t.siteName}</h1>
      <p class="lede">${t.homeLede}</p>
      <ul>
        <li>
          <a class="card" href="/reading">
            <h2>${t.homeReading}</h2>
            <p>${t.homeReadingAbout}</p>
          </a>
        </li>
        <li>
          <a class="card bmo" href="/bmo">
            <h2>${t.homeBmo}</h2>
            <p>${t.homeBmoAbout}</p>
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
