import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';
import { visuallyHidden } from '../../shared/visually-hidden.styles.ts';

/**
 * `<bmo-assistant>`: one column when narrow, the console beside the conversation when the element
 * itself is wide enough (a container query, so it fits a sidebar as well as a full page). Every
 * global token has a fallback, so it looks right on a page that does not load styles/tokens.css.
 */
export const styles = [
  visuallyHidden,
  css`
    ${colorScheme}
    :host {
      --_accent: var(--bmo-assistant-accent, var(--va-color-bmo, light-dark(#1f7a63, #64c7a8)));
      --_surface: var(
        --bmo-assistant-surface,
        var(--va-color-surface, light-dark(#ffffff, #1f1a30))
      );
      --_log-bg: var(
        --bmo-assistant-log-background,
        var(--va-color-bg, light-dark(#faf8ff, #14111f))
      );
      --_raised: var(--va-color-surface-raised, light-dark(#f0ebfa, #2a2342));
      --_border: var(--va-color-border, light-dark(#7d7299, #4a4068));
      --_text: var(--va-color-text, light-dark(#1d1730, #f3efff));
      --_muted: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
      --_danger: var(--va-color-danger, light-dark(#b3261e, #ff8f8f));
      --_xs: var(--va-space-xs, 0.25rem);
      --_s: var(--va-space-s, 0.5rem);
      --_m: var(--va-space-m, 1rem);
      --_l: var(--va-space-l, 1.5rem);
      --_font-s: var(--va-font-size-s, 0.875rem);
      display: block;
      container: bmo-assistant / inline-size;
      color: var(--_text);
      font-family: var(--va-font-body, system-ui, sans-serif);
      line-height: var(--va-line-height, 1.5);
    }
    /* In a launcher's panel (at most 40rem wide), one column: no container, so no two-column query. */
    :host([variant='launcher']) {
      container: none;
    }
    :host([hidden]) {
      display: none;
    }

    .layout {
      display: grid;
      gap: var(--_l);
      grid-template-columns: minmax(0, 1fr);
      align-items: start;
    }
    @container bmo-assistant (min-width: 48rem) {
      .layout {
        grid-template-columns: minmax(17rem, 22rem) minmax(0, 1fr);
      }
    }

    section {
      box-sizing: border-box;
      padding: var(--_l);
      border-radius: var(--va-radius-l, 20px);
      background: var(--_surface);
      border: 1px solid var(--_border);
      min-width: 0;
    }
    .heading {
      font-family: var(--va-font-display, Georgia, serif);
      font-size: var(--va-font-size-l, 1.25rem);
      font-weight: 600;
      margin: 0 0 var(--_s);
    }

    .console {
      display: grid;
      justify-items: center;
      gap: var(--_m);
      text-align: center;
    }
    bmo-face {
      --bmo-face-size: var(--bmo-assistant-face-size, clamp(8rem, 40cqi, 11rem));
    }
    .status {
      margin: 0;
      font-weight: 600;
      color: var(--_accent);
    }
    .status[data-state='disconnected'] {
      color: var(--_muted);
    }
    .notice {
      margin: 0;
      max-inline-size: 28ch;
      font-size: 0.9em;
    }
    .controls,
    .error-actions {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      gap: var(--_s);
    }
    .slot-heading {
      margin: var(--_s) 0 0;
      justify-self: start;
    }
    bmo-cassette-slot {
      width: 100%;
      --bmo-cassette-width: 100%;
    }

    button {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: var(--_xs);
      min-height: 2.75rem;
      padding: 0 var(--_m);
      border-radius: var(--va-radius-s, 6px);
      border: 1px solid var(--_border);
      background: var(--_raised);
      color: var(--_text);
      font: inherit;
      cursor: pointer;
    }
    button.primary {
      background: var(--_accent);
      border-color: transparent;
      color: light-dark(#ffffff, #0d1f1a);
      font-weight: 600;
    }
    button:disabled {
      cursor: not-allowed;
      opacity: 0.6;
    }
    button svg {
      width: 1.25rem;
      height: 1.25rem;
      fill: currentColor;
    }
    button .stroke {
      fill: none;
      stroke: currentColor;
      stroke-width: 2;
      stroke-linecap: round;
    }
    button.mic[aria-pressed='true'] {
      border-color: var(--_danger);
    }
    button:focus-visible,
    .log:focus-visible,
    input:focus-visible {
      outline: var(--va-focus-ring, 3px solid light-dark(#0b5fa5, #8fd3ff));
      outline-offset: var(--va-focus-offset, 2px);
    }

    .error {
      width: 100%;
      box-sizing: border-box;
    }
    /* The alert region stays in the page (so it is announced reliably); it only shows when filled. */
    .error.shown {
      padding: var(--_m);
      border-radius: var(--va-radius-m, 12px);
      border: 1px solid var(--_danger);
      background: color-mix(in srgb, var(--_danger) 12%, var(--_surface));
    }
    .console > .error:not(.shown) {
      margin-top: calc(-1 * var(--_m));
    }
    .error p {
      margin: 0 0 var(--_s);
    }

    .conversation {
      display: grid;
      gap: var(--_m);
    }
    .log {
      min-height: 12rem;
      max-height: var(--bmo-assistant-log-height, min(28rem, 55vh));
      overflow-y: auto;
      padding: var(--_s);
      border-radius: var(--va-radius-m, 12px);
      background: var(--_log-bg);
    }
    .log ol {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--_s);
    }
    .line {
      max-width: 85%;
      padding: var(--_s) var(--_m);
      border-radius: var(--va-radius-m, 12px);
      background: var(--_raised);
      overflow-wrap: anywhere;
    }
    .line.user {
      justify-self: end;
      background: color-mix(in srgb, var(--_accent) 22%, var(--_surface));
    }
    .line.interim .text {
      color: var(--_muted);
    }
    .who {
      display: block;
      font-size: var(--_font-s);
      color: var(--_muted);
    }
    .placeholder {
      margin: var(--_m);
      color: var(--_muted);
    }

    .chat label {
      display: block;
      font-weight: 600;
      margin-bottom: var(--_xs);
    }
    .chat-row {
      display: flex;
      gap: var(--_s);
    }
    input {
      flex: 1;
      min-width: 0;
      min-height: 2.75rem;
      padding: 0 var(--_m);
      border-radius: var(--va-radius-s, 6px);
      border: 1px solid var(--_border);
      background: var(--_log-bg);
      color: var(--_text);
      font: inherit;
    }
    .hint {
      margin: var(--_xs) 0 0;
      font-size: var(--_font-s);
      color: var(--_muted);
    }

    @media (forced-colors: active) {
      section,
      .error.shown,
      .line {
        border: 1px solid CanvasText;
      }
      button.primary {
        border: 1px solid ButtonText;
      }
    }
  `,
];
