import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';

export const styles = css`
  ${colorScheme}
  :host {
    --_surface: var(--tarot-reading-surface, var(--va-color-surface, light-dark(#ffffff, #1f1a30)));
    --_accent: var(--tarot-reading-accent, var(--va-color-accent, light-dark(#7a4f00, #e8c36a)));
    --_border: var(--va-color-border, light-dark(#7d7299, #4a4068));
    --_muted: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
    --_radius: var(--va-radius-l, 20px);
    --_space: var(--va-space-l, 1.5rem);
    display: block;
    color: var(--va-color-text, light-dark(#1d1730, #f3efff));
    font-family: var(--va-font-body, system-ui, sans-serif);
    line-height: var(--va-line-height, 1.5);
  }
  :host([hidden]) {
    display: none;
  }

  .view:focus {
    /* A target for focus after a switch, so screen readers announce the new mode; not a control. */
    outline: none;
  }

  .error {
    margin: 0;
    padding: var(--va-space-s, 0.5rem) var(--va-space-m, 1rem);
    border-radius: var(--va-radius-m, 12px);
    border: 1px solid var(--va-color-danger, light-dark(#b3261e, #ff8f8f));
    color: var(--va-color-danger, light-dark(#b3261e, #ff8f8f));
  }

  .modes {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: var(--_space);
    grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  }
  .mode {
    display: block;
    box-sizing: border-box;
    inline-size: 100%;
    block-size: 100%;
    margin: 0;
    padding: var(--_space);
    border-radius: var(--_radius);
    background: var(--_surface);
    border: 1px solid var(--_border);
    color: inherit;
    font: inherit;
    text-align: start;
    text-decoration: none;
    transition: transform var(--va-duration-fast, 150ms) var(--va-ease, ease-out);
  }
  button.mode {
    cursor: pointer;
  }
  a.mode:hover,
  button.mode:hover {
    transform: translateY(-2px);
    border-color: var(--_accent);
  }
  :host([data-reduced-motion]) .mode {
    transition: none;
  }
  :host([data-reduced-motion]) a.mode:hover,
  :host([data-reduced-motion]) button.mode:hover {
    transform: none;
  }
  .mode:focus-visible {
    outline: var(--va-focus-ring, 3px solid light-dark(#0b5fa5, #8fd3ff));
    outline-offset: var(--va-focus-offset, 2px);
  }
  .mode[aria-disabled='true'] {
    opacity: 0.75;
  }
  h2,
  .title {
    display: block;
    font-family: var(--va-font-display, Georgia, serif);
    font-size: 1.5em;
    font-weight: 700;
    margin: 0 0 var(--va-space-s, 0.5rem);
    color: var(--_accent);
  }
  p,
  .description {
    display: block;
    margin: 0;
    color: var(--_muted);
  }
  .note {
    margin-block-start: var(--va-space-s, 0.5rem);
    font-size: var(--va-font-size-s, 0.875rem);
  }

  @media (prefers-reduced-motion: reduce) {
    .mode {
      transition: none;
    }
    a.mode:hover,
    button.mode:hover {
      transform: none;
    }
  }
  @media (forced-colors: active) {
    .mode {
      border: 1px solid CanvasText;
    }
    a.mode:hover,
    button.mode:hover {
      border-color: Highlight;
    }
  }
`;
