import { css } from 'lit';
import { visuallyHidden } from '../../shared/visually-hidden.styles.ts';

/** The /bmo page: one column on a phone, console beside conversation on a wider screen. */
export const bmoPageStyles = [
  visuallyHidden,
  css`
    .layout {
      display: grid;
      gap: var(--va-space-l);
      grid-template-columns: minmax(0, 1fr);
      align-items: start;
    }
    @media (min-width: 52rem) {
      .layout {
        grid-template-columns: minmax(17rem, 22rem) minmax(0, 1fr);
      }
    }

    section {
      box-sizing: border-box;
      padding: var(--va-space-l);
      border-radius: var(--va-radius-l);
      background: var(--va-color-surface);
      border: 1px solid var(--va-color-border);
      min-width: 0;
    }
    h2 {
      font-family: var(--va-font-display);
      font-size: var(--va-font-size-l);
      margin: 0 0 var(--va-space-s);
    }

    .console {
      display: grid;
      justify-items: center;
      gap: var(--va-space-m);
      text-align: center;
    }
    bmo-face {
      --bmo-face-size: clamp(8rem, 40vw, 11rem);
    }
    .status {
      margin: 0;
      font-weight: 600;
      color: var(--va-color-bmo);
    }
    .status[data-state='disconnected'] {
      color: var(--va-color-text-muted);
    }
    .controls,
    .error-actions {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      gap: var(--va-space-s);
    }
    .slot-heading {
      margin: var(--va-space-s) 0 0;
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
      gap: var(--va-space-xs);
      min-height: 2.75rem;
      padding: 0 var(--va-space-m);
      border-radius: var(--va-radius-s);
      border: 1px solid var(--va-color-border);
      background: var(--va-color-surface-raised);
      color: var(--va-color-text);
      font: inherit;
      cursor: pointer;
    }
    button.primary {
      background: var(--va-color-bmo);
      border-color: transparent;
      color: #0d1f1a;
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
      border-color: var(--va-color-danger);
    }

    .error {
      width: 100%;
      box-sizing: border-box;
    }
    /* The alert region stays in the page (so it is announced reliably); it only shows when filled. */
    .error.shown {
      padding: var(--va-space-m);
      border-radius: var(--va-radius-m);
      border: 1px solid var(--va-color-danger);
      background: color-mix(in srgb, var(--va-color-danger) 12%, var(--va-color-surface));
    }
    .console > .error:not(.shown) {
      margin-top: calc(-1 * var(--va-space-m));
    }
    .error p {
      margin: 0 0 var(--va-space-s);
    }

    .conversation {
      display: grid;
      gap: var(--va-space-m);
    }
    .log {
      min-height: 12rem;
      max-height: min(28rem, 55vh);
      overflow-y: auto;
      padding: var(--va-space-s);
      border-radius: var(--va-radius-m);
      background: var(--va-color-bg);
    }
    .log:focus-visible,
    input:focus-visible {
      outline: var(--va-focus-ring);
      outline-offset: var(--va-focus-offset);
    }
    .log ol {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--va-space-s);
    }
    .line {
      max-width: 85%;
      padding: var(--va-space-s) var(--va-space-m);
      border-radius: var(--va-radius-m);
      background: var(--va-color-surface-raised);
      overflow-wrap: anywhere;
    }
    .line.user {
      justify-self: end;
      background: color-mix(in srgb, var(--va-color-bmo) 22%, var(--va-color-surface));
    }
    .line.interim .text {
      color: var(--va-color-text-muted);
    }
    .who {
      display: block;
      font-size: var(--va-font-size-s);
      color: var(--va-color-text-muted);
    }
    .placeholder {
      margin: var(--va-space-m);
      color: var(--va-color-text-muted);
    }

    .chat label {
      display: block;
      font-weight: 600;
      margin-bottom: var(--va-space-xs);
    }
    .chat-row {
      display: flex;
      gap: var(--va-space-s);
    }
    input {
      flex: 1;
      min-width: 0;
      min-height: 2.75rem;
      padding: 0 var(--va-space-m);
      border-radius: var(--va-radius-s);
      border: 1px solid var(--va-color-border);
      background: var(--va-color-bg);
      color: var(--va-color-text);
      font: inherit;
    }
    .hint {
      margin: var(--va-space-xs) 0 0;
      font-size: var(--va-font-size-s);
      color: var(--va-color-text-muted);
    }

    @media (forced-colors: active) {
      section,
      .error.shown,
      .line {
        border: 1px solid CanvasText;
      }
    }
  `,
];
