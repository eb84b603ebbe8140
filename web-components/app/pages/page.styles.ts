import { css } from 'lit';

/** Shared layout for the hosted page's pages. */
export const pageStyles = css`
  :host {
    display: block;
    max-width: 62rem;
    margin: 0 auto;
    padding: var(--va-space-l) var(--va-space-m) var(--va-space-xl);
    color: var(--va-color-text);
    font-family: var(--va-font-body);
    line-height: var(--va-line-height);
  }
  h1 {
    font-family: var(--va-font-display);
    font-size: clamp(1.75rem, 4vw, 2.5rem);
    font-weight: 600;
    margin: 0 0 var(--va-space-s);
  }
  h1:focus {
    outline: none;
  }
  h1:focus-visible {
    outline: var(--va-focus-ring);
    outline-offset: var(--va-focus-offset);
  }
  .lede {
    color: var(--va-color-text-muted);
    font-size: var(--va-font-size-l);
    margin: 0 0 var(--va-space-xl);
    max-width: 42rem;
  }
  a {
    color: var(--va-color-accent);
  }
  a:focus-visible,
  button:focus-visible {
    outline: var(--va-focus-ring);
    outline-offset: var(--va-focus-offset);
  }
`;
