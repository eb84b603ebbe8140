import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';

export const styles = css`
  ${colorScheme}
  :host {
    --_accent: var(--voice-transcript-accent, var(--va-color-accent, light-dark(#7a4f00, #e8c36a)));
    --_border: var(--va-color-border, light-dark(#7d7299, #4a4068));
    --_muted: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
    display: block;
    color: var(--va-color-text, light-dark(#1d1730, #f3efff));
    font-family: var(--va-font-body, system-ui, sans-serif);
    line-height: var(--va-line-height, 1.5);
  }

  .toggle {
    display: inline-flex;
    align-items: center;
    gap: var(--va-space-s, 0.5rem);
    padding: var(--va-space-s, 0.5rem) var(--va-space-m, 1rem);
    border-radius: var(--va-radius-m, 12px);
    border: 1px solid var(--_border);
    background: transparent;
    color: var(--_accent);
    font: inherit;
    cursor: pointer;
  }
  .toggle:hover {
    border-color: var(--_accent);
  }
  .toggle:focus-visible,
  .log:focus-visible {
    outline: var(--va-focus-ring, 3px solid light-dark(#0b5fa5, #8fd3ff));
    outline-offset: var(--va-focus-offset, 2px);
  }
  .chevron {
    inline-size: 1rem;
    block-size: 1rem;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
    stroke-linejoin: round;
    transform: rotate(-90deg);
    transition: transform var(--va-duration-fast, 150ms) var(--va-ease, ease-out);
  }
  :host([open]) .chevron {
    transform: none;
  }

  .log {
    margin-block-start: var(--va-space-s, 0.5rem);
    padding: var(--va-space-m, 1rem);
    max-block-size: var(--voice-transcript-height, 40vh);
    overflow-y: auto;
    overscroll-behavior: contain;
    border-radius: var(--va-radius-m, 12px);
    border: 1px solid var(--_border);
    background: var(
      --voice-transcript-background,
      var(--va-color-surface, light-dark(#ffffff, #1f1a30))
    );
  }
  .log[hidden] {
    display: none;
  }
  .empty {
    margin: 0;
    color: var(--_muted);
  }
  :host([data-reduced-motion]) .chevron {
    transition: none;
  }
  @media (prefers-reduced-motion: reduce) {
    .chevron {
      transition: none;
    }
  }

  @media (forced-colors: active) {
    .toggle,
    .log {
      border: 1px solid CanvasText;
    }
  }
`;
