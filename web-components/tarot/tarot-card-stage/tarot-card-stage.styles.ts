import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';
import { visuallyHidden } from '../../shared/visually-hidden.styles.ts';

export const styles = [
  visuallyHidden,
  css`
    ${colorScheme}
    :host {
      display: block;
      padding: var(--va-space-m, 1rem);
      border-radius: var(--va-radius-l, 20px);
      background: var(
        --tarot-card-stage-background,
        var(--va-color-surface, light-dark(#ffffff, #1f1a30))
      );
      color: var(--va-color-text, light-dark(#1d1730, #f3efff));
      font-family: var(--va-font-body, system-ui, sans-serif);
      line-height: var(--va-line-height, 1.5);
      overflow: hidden;
    }

    :host([hidden]) {
      display: none;
    }

    .stage {
      display: grid;
      place-items: center;
    }

    .slot {
      grid-area: 1 / 1;
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: var(--va-space-s, 0.5rem);
      margin: 0;
      max-inline-size: 100%;
    }

    .slot.leaving {
      pointer-events: none;
    }

    tarot-card {
      --tarot-card-width: min(var(--tarot-card-stage-card-width, 14rem), 70vw);
    }

    figcaption {
      display: flex;
      flex-direction: column;
      align-items: center;
      text-align: center;
    }

    .name {
      font-family: var(--va-font-display, Georgia, serif);
      font-size: var(--va-font-size-xl, 1.75rem);
    }

    .orientation {
      color: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
      font-size: var(--va-font-size-l, 1.25rem);
    }

    @media (forced-colors: active) {
      :host {
        border: 1px solid CanvasText;
      }
    }
  `,
];
