import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';
import { visuallyHidden } from '../../shared/visually-hidden.styles.ts';

export const styles = [
  visuallyHidden,
  css`
    ${colorScheme}
    :host {
      --_surface: var(
        --tarot-reading-text-surface,
        var(--va-color-surface, light-dark(#ffffff, #1f1a30))
      );
      --_raised: var(--va-color-surface-raised, light-dark(#f0ebfa, #2a2342));
      --_accent: var(
        --tarot-reading-text-accent,
        var(--va-color-accent, light-dark(#7a4f00, #e8c36a))
      );
      --_border: var(--va-color-border, light-dark(#7d7299, #4a4068));
      --_muted: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
      --_radius: var(--va-radius-m, 12px);
      --_space: var(--va-space-m, 1rem);
      display: block;
      padding: var(--va-space-s, 0.5rem);
      border-radius: var(--va-radius-l, 20px);
      background: var(
        --tarot-reading-text-background,
        var(--va-color-bg, light-dark(#faf8ff, #14111f))
      );
      color: var(--va-color-text, light-dark(#1d1730, #f3efff));
      font-family: var(--va-font-body, system-ui, sans-serif);
      line-height: var(--va-line-height, 1.5);
    }

    .status {
      display: flex;
      flex-wrap: wrap;
      justify-content: space-between;
      gap: var(--va-space-s, 0.5rem);
      margin-block-end: var(--va-space-s, 0.5rem);
      color: var(--_muted);
      font-size: var(--va-font-size-s, 0.875rem);
    }
    .status p {
      margin: 0;
    }
    .phase strong {
      color: var(--_accent);
      font-weight: 600;
    }
    .connection[data-status='connected']::before {
      content: '● ';
      color: var(--va-color-success, light-dark(#1e6b40, #8fe3b0));
    }

    .notice,
    .error {
      margin: 0 0 var(--_space);
      padding: var(--va-space-s, 0.5rem) var(--_space);
      border-radius: var(--_radius);
      border: 1px solid var(--_border);
      background: var(--_raised);
    }
    .error {
      border-color: var(--va-color-danger, light-dark(#b3261e, #ff8f8f));
      color: var(--va-color-danger, light-dark(#b3261e, #ff8f8f));
    }

    .layout {
      display: grid;
      gap: var(--va-space-l, 1.5rem);
    }
    @media (min-width: 56rem) {
      .layout {
        grid-template-columns: minmax(0, 1fr) 16rem;
      }
      .table {
        grid-column: 2;
        grid-row: 1;
        align-self: start;
        position: sticky;
        top: var(--_space);
      }
      .conversation {
        grid-column: 1;
        grid-row: 1;
      }
    }

    .entries {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: var(--va-space-s, 0.5rem);
    }
    .log {
      padding: var(--_space);
      max-block-size: var(--tarot-reading-text-log-height, 60vh);
      min-block-size: 10rem;
      overflow-y: auto;
      background: var(--_surface);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
    }
    .intro {
      color: var(--_muted);
    }
    .message {
      max-inline-size: 85%;
      padding: var(--va-space-s, 0.5rem) var(--_space);
      border-radius: var(--_radius);
      background: var(--_raised);
      animation: arrive var(--va-duration-m, 300ms) var(--va-ease, ease-out);
    }
    .message.user {
      align-self: flex-end;
      background: color-mix(in srgb, var(--_accent) 18%, var(--_surface));
    }
    .who {
      display: block;
      font-size: var(--va-font-size-s, 0.875rem);
      color: var(--_muted);
    }
    .text {
      margin: 0;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .message[data-done='false'] .text::after {
      content: '…';
      color: var(--_muted);
    }
    .phase-change {
      display: flex;
      align-items: center;
      gap: var(--va-space-s, 0.5rem);
      color: var(--_accent);
      font-size: var(--va-font-size-s, 0.875rem);
    }
    .phase-change::before,
    .phase-change::after {
      content: '';
      flex: 1;
      border-block-start: 1px solid var(--_border);
    }
    .card-entry {
      display: flex;
      align-items: center;
      gap: var(--_space);
      --tarot-card-width: 3.5rem;
      animation: arrive var(--va-duration-m, 300ms) var(--va-ease, ease-out);
    }
    .card-entry p {
      margin: 0;
    }
    .card-entry .position {
      color: var(--_muted);
    }

    .draw {
      margin-block-start: var(--_space);
      border-radius: var(--_radius);
    }

    .activity {
      min-block-size: 1.5em;
      margin: var(--va-space-s, 0.5rem) 0;
      color: var(--_muted);
      font-size: var(--va-font-size-s, 0.875rem);
    }

    .composer {
      display: flex;
      gap: var(--va-space-s, 0.5rem);
    }
    input {
      flex: 1;
      min-inline-size: 0;
      font: inherit;
      color: inherit;
      padding: var(--va-space-s, 0.5rem) var(--_space);
      border-radius: var(--_radius);
      border: 1px solid var(--_border);
      background: var(--_surface);
    }
    input::placeholder {
      color: var(--_muted);
    }
    button {
      font: inherit;
      cursor: pointer;
      padding: var(--va-space-s, 0.5rem) var(--_space);
      border-radius: var(--_radius);
      border: 1px solid var(--_accent);
      background: var(--_accent);
      color: var(--va-color-accent-contrast, light-dark(#ffffff, #1b1526));
    }
    button.end,
    .ended button {
      background: transparent;
      color: var(--_accent);
      margin-block-start: var(--va-space-s, 0.5rem);
    }
    .ended button.link {
      border: 0;
      padding: 0;
      margin: 0;
      text-decoration: underline;
    }
    button:disabled,
    input:disabled {
      cursor: not-allowed;
      opacity: 0.6;
    }
    .ended {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--_space);
    }
    .ended p {
      flex-basis: 100%;
      margin: 0;
    }
    a {
      color: var(--_accent);
    }

    .table {
      padding: var(--_space);
      border-radius: var(--_radius);
      background: var(--_surface);
      border: 1px solid var(--_border);
      --tarot-card-stage-card-width: 9rem;
    }
    .table h2 {
      font-family: var(--va-font-display, Georgia, serif);
      font-size: var(--va-font-size-l, 1.25rem);
      margin: var(--va-space-s, 0.5rem) 0;
    }
    .rows {
      margin: 0;
      padding: 0;
      list-style: none;
      display: grid;
      gap: var(--va-space-xs, 0.25rem);
    }
    .rows li {
      display: flex;
      justify-content: space-between;
      gap: var(--va-space-s, 0.5rem);
    }
    .rows .label {
      color: var(--_muted);
    }
    .rows .value {
      text-align: end;
    }
    .empty {
      margin: 0;
      color: var(--_muted);
    }

    input:focus-visible,
    button:focus-visible,
    a:focus-visible,
    .draw:focus-visible,
    .log:focus-visible {
      outline: var(--va-focus-ring, 3px solid light-dark(#0b5fa5, #8fd3ff));
      outline-offset: var(--va-focus-offset, 2px);
    }

    @keyframes arrive {
      from {
        opacity: 0;
        transform: translateY(4px);
      }
    }
    :host([data-reduced-motion]) .message,
    :host([data-reduced-motion]) .card-entry {
      animation: none;
    }
    @media (prefers-reduced-motion: reduce) {
      .message,
      .card-entry {
        animation: none;
      }
    }

    @media (forced-colors: active) {
      .message,
      .log,
      .table,
      .notice,
      .error,
      button,
      input {
        border: 1px solid CanvasText;
      }
      .connection[data-status='connected']::before {
        color: CanvasText;
      }
    }
  `,
];
