import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';
import { visuallyHidden } from '../../shared/visually-hidden.styles.ts';

export const styles = [
  visuallyHidden,
  css`
    ${colorScheme}
    :host {
      --_color: var(
        --voice-agent-indicator-color,
        var(--va-color-accent, light-dark(#7a4f00, #e8c36a))
      );
      display: inline-block;
      font-family: var(--va-font-body, system-ui, sans-serif);
      font-size: var(--va-font-size-s, 0.875rem);
    }
    .indicator {
      display: inline-flex;
      align-items: center;
      gap: var(--va-space-s, 0.5rem);
      margin: 0;
      padding: var(--va-space-xs, 0.25rem) var(--va-space-m, 1rem);
      border-radius: 999px;
      border: 1px solid var(--va-color-border, light-dark(#7d7299, #4a4068));
      background: var(
        --voice-agent-indicator-background,
        var(--va-color-surface, light-dark(#ffffff, #1f1a30))
      );
      color: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
    }
    .dot {
      inline-size: 0.5rem;
      block-size: 0.5rem;
      border-radius: 50%;
      background: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
    }
    :host([active]) .dot {
      background: var(--_color);
      box-shadow: 0 0 0 3px color-mix(in srgb, var(--_color) 30%, transparent);
    }
    .label {
      color: var(--va-color-text, light-dark(#1d1730, #f3efff));
      font-weight: 600;
      animation: arrive var(--va-duration-m, 300ms) var(--va-ease, ease-out);
    }
    :host([active]) .label {
      color: var(--_color);
    }
    .step::before {
      content: '·';
      margin-inline-end: var(--va-space-s, 0.5rem);
    }
    @keyframes arrive {
      from {
        opacity: 0;
        transform: translateY(3px);
      }
    }
    :host([data-reduced-motion]) .label {
      animation: none;
    }
    @media (prefers-reduced-motion: reduce) {
      .label {
        animation: none;
      }
    }
    @media (forced-colors: active) {
      .indicator {
        border-color: CanvasText;
      }
      .dot,
      :host([active]) .dot {
        background: CanvasText;
        forced-color-adjust: none;
      }
    }
  `,
];
