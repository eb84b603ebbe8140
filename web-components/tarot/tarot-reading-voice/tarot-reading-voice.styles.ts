import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';

export const styles = css`
  ${colorScheme}
  :host {
    --_accent: var(
      --tarot-reading-voice-accent,
      var(--va-color-accent, light-dark(#7a4f00, #e8c36a))
    );
    --_surface: var(--va-color-surface, light-dark(#ffffff, #1f1a30));
    --_raised: var(--va-color-surface-raised, light-dark(#f0ebfa, #2a2342));
    --_border: var(--va-color-border, light-dark(#7d7299, #4a4068));
    --_muted: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
    --_radius: var(--va-radius-m, 12px);
    --_space: var(--va-space-m, 1rem);
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    color: var(--va-color-text, light-dark(#1d1730, #f3efff));
    font-family: var(--va-font-body, system-ui, sans-serif);
    line-height: var(--va-line-height, 1.5);
  }

  .bar {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: center;
    gap: var(--va-space-s, 0.5rem) var(--_space);
  }
  ::slotted([slot='heading']) {
    margin: 0;
    font-family: var(--va-font-display, Georgia, serif);
    font-size: var(--va-font-size-xl, 1.75rem);
    font-weight: 600;
  }
  @media (max-width: 36rem) {
    .bar {
      grid-template-columns: auto 1fr;
    }
    voice-agent-indicator {
      grid-column: 1 / -1;
    }
  }

  button {
    font: inherit;
    cursor: pointer;
    padding: var(--va-space-s, 0.5rem) var(--_space);
    border-radius: var(--_radius);
    border: 1px solid var(--_accent);
    background: transparent;
    color: var(--_accent);
  }
  button.primary {
    background: var(--_accent);
    color: var(--va-color-accent-contrast, light-dark(#ffffff, #1b1526));
  }
  .back {
    border-color: var(--_border);
    color: var(--va-color-text, light-dark(#1d1730, #f3efff));
  }
  .back:hover {
    border-color: var(--_accent);
  }
  /* Back points to the line's start: the right, in a right-to-left layout. */
  :host([data-rtl]) .back span {
    display: inline-block;
    transform: scaleX(-1);
  }
  button:focus-visible,
  .draw:focus-visible {
    outline: var(--va-focus-ring, 3px solid light-dark(#0b5fa5, #8fd3ff));
    outline-offset: var(--va-focus-offset, 2px);
  }

  .notice {
    margin: 0;
    padding: var(--va-space-s, 0.5rem) var(--_space);
    border-radius: var(--_radius);
    border: 1px solid var(--_border);
    background: var(--_raised);
    color: var(--_muted);
  }

  .center {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: var(--va-space-l, 1.5rem);
    min-block-size: var(--tarot-reading-voice-min-height, 60vh);
    text-align: center;
  }
  .center[data-centre='picker'] {
    justify-content: flex-start;
  }
  .draw {
    inline-size: 100%;
    border-radius: var(--_radius);
    text-align: start;
  }

  tarot-card-stage {
    --tarot-card-stage-card-width: clamp(9rem, 40vw, 14rem);
  }
  tarot-card-stage.small {
    --tarot-card-stage-card-width: 7rem;
  }

  .spread h2,
  .problem h2,
  dialog h2 {
    font-family: var(--va-font-display, Georgia, serif);
    font-size: var(--va-font-size-l, 1.25rem);
    margin: 0 0 var(--va-space-s, 0.5rem);
  }
  .spread .empty {
    margin: 0;
    color: var(--_muted);
  }
  .rows {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: var(--_space);
  }
  .rows li {
    display: grid;
    justify-items: center;
    gap: var(--va-space-xs, 0.25rem);
    inline-size: 6.5rem;
    --tarot-card-width: 4rem;
    animation: arrive var(--va-duration-m, 300ms) var(--va-ease, ease-out);
  }
  .rows .slot {
    inline-size: 4rem;
    aspect-ratio: 7 / 12;
    border-radius: var(--va-radius-s, 6px);
    border: 1px dashed var(--_border);
  }
  .rows .label {
    font-weight: 600;
  }
  .rows .value {
    color: var(--_muted);
    font-size: var(--va-font-size-s, 0.875rem);
  }

  .status {
    min-block-size: 1.5em;
    margin: 0;
    text-align: center;
    color: var(--_muted);
  }

  .problem,
  .choice {
    display: grid;
    gap: var(--va-space-3, 0.75rem);
    justify-items: center;
    text-align: center;
  }

  .choice .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--va-space-2, 0.5rem);
    justify-content: center;
  }

  .ended {
    max-inline-size: 34rem;
    padding: var(--va-space-l, 1.5rem);
    border-radius: var(--va-radius-l, 20px);
    border: 1px solid var(--_border);
    background: var(--_surface);
  }
  .problem {
    border-color: var(--va-color-danger, light-dark(#b3261e, #ff8f8f));
  }
  .problem p,
  .ended p {
    margin: 0 0 var(--_space);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: var(--va-space-s, 0.5rem);
  }

  dialog {
    max-inline-size: min(26rem, calc(100vw - 2rem));
    padding: var(--va-space-l, 1.5rem);
    border-radius: var(--va-radius-l, 20px);
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--va-color-text, light-dark(#1d1730, #f3efff));
    box-shadow: var(--va-shadow, 0 8px 24px rgb(0 0 0 / 35%));
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 60%);
  }
  dialog p {
    margin: 0 0 var(--va-space-l, 1.5rem);
    color: var(--_muted);
  }
  dialog .actions {
    justify-content: flex-end;
  }

  @keyframes arrive {
    from {
      opacity: 0;
      transform: translateY(4px);
    }
  }
  :host([data-reduced-motion]) .rows li {
    animation: none;
  }
  @media (prefers-reduced-motion: reduce) {
    .rows li {
      animation: none;
    }
  }

  @media (forced-colors: active) {
    button,
    .notice,
    .problem,
    .ended,
    dialog {
      border: 1px solid CanvasText;
    }
  }
`;
