import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';
import { visuallyHidden } from '../../shared/visually-hidden.styles.ts';

export const styles = [
  visuallyHidden,
  css`
    ${colorScheme}
    :host {
      --_width: var(--bmo-cassette-width, 16rem);
      --_shell: var(--bmo-cassette-shell, #3b2f52);
      --_label: var(--bmo-cassette-label, var(--va-color-accent, light-dark(#7a4f00, #e8c36a)));
      --_label-text: var(--va-color-accent-contrast, light-dark(#ffffff, #1b1526));
      --_bay: var(--bmo-cassette-bay, var(--va-color-surface, light-dark(#ffffff, #1f1a30)));
      --_radius: var(--va-radius-m, 12px);
      display: inline-grid;
      justify-items: center;
      gap: var(--va-space-s, 0.5rem);
      color: var(--va-color-text, light-dark(#1d1730, #f3efff));
      font-family: var(--va-font-body, system-ui, sans-serif);
      max-width: 100%;
    }

    .bay {
      container-type: inline-size;
      position: relative;
      box-sizing: border-box;
      width: min(var(--_width), 100%);
      padding: var(--va-space-s, 0.5rem);
      aspect-ratio: 1.5;
      display: grid;
      place-items: center;
      overflow: hidden;
      border-radius: var(--_radius);
      background: var(--_bay);
      box-shadow:
        inset 0 6px 14px rgb(0 0 0 / 55%),
        inset 0 -2px 0 rgb(255 255 255 / 6%);
      border: 1px solid var(--va-color-border, light-dark(#7d7299, #4a4068));
    }

    .empty {
      margin: 0;
      color: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
      font-size: var(--va-font-size-s, 0.875rem);
    }

    button.mute,
    .actions button {
      display: inline-flex;
      align-items: center;
      gap: var(--va-space-xs, 0.25rem);
      min-height: 2.75rem;
      min-width: 2.75rem;
      padding: 0 var(--va-space-m, 1rem);
      border-radius: var(--va-radius-s, 6px);
      border: 1px solid var(--va-color-border, light-dark(#7d7299, #4a4068));
      background: var(--va-color-surface-raised, light-dark(#f0ebfa, #2a2342));
      color: var(--va-color-text, light-dark(#1d1730, #f3efff));
      font: inherit;
      font-size: var(--va-font-size-s, 0.875rem);
      cursor: pointer;
    }
    button.mute {
      padding: 0 var(--va-space-s, 0.5rem);
    }
    button.mute svg {
      width: 1.25rem;
      height: 1.25rem;
      fill: currentColor;
    }
    button.mute .stroke {
      fill: none;
      stroke: currentColor;
      stroke-width: 2;
      stroke-linecap: round;
    }
    button.mute[aria-pressed='true'] {
      color: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
    }
    button:focus-visible,
    .content:focus-visible {
      outline: var(--va-focus-ring, 3px solid light-dark(#0b5fa5, #8fd3ff));
      outline-offset: var(--va-focus-offset, 2px);
    }

    @media (forced-colors: active) {
      .bay {
        border: 1px solid CanvasText;
      }
      button:focus-visible {
        outline-color: Highlight;
      }
    }
  `,
];
