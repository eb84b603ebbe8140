import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';
import { visuallyHidden } from '../../shared/visually-hidden.styles.ts';

export const styles = [
  visuallyHidden,
  css`
    ${colorScheme}
    :host {
      --_accent: var(
        --tarot-card-picker-accent,
        var(--va-color-accent, light-dark(#7a4f00, #e8c36a))
      );
      --_card-width: var(--tarot-card-picker-card-width, 2rem);
      display: block;
      container-type: inline-size;
      padding: var(--va-space-m, 1rem);
      border-radius: var(--va-radius-l, 20px);
      background: var(
        --tarot-card-picker-background,
        var(--va-color-surface, light-dark(#ffffff, #1f1a30))
      );
      color: var(--va-color-text, light-dark(#1d1730, #f3efff));
      font-family: var(--va-font-body, system-ui, sans-serif);
      line-height: var(--va-line-height, 1.5);
    }

    :host([hidden]) {
      display: none;
    }

    header {
      margin-block-end: var(--va-space-m, 1rem);
      text-align: center;
    }

    header p {
      margin: 0;
    }

    .position {
      color: var(--_accent);
      font-family: var(--va-font-display, Georgia, serif);
      font-size: var(--va-font-size-xl, 1.75rem);
    }

    .role {
      color: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
    }

    .table {
      display: grid;
    }

    .table > * {
      grid-area: 1 / 1;
    }

    .spread {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(var(--_card-width), 1fr));
      /* Each row tucks a little under the next, like a spread fanned out on a table. */
      --_overlap: 0.5rem;
      gap: 0 var(--va-space-xs, 0.25rem);
      padding: calc(var(--va-space-s, 0.5rem) + var(--_overlap)) var(--va-space-s, 0.5rem)
        var(--va-space-s, 0.5rem);
      content-visibility: auto;
      contain-intrinsic-block-size: auto 30rem;
    }

    @container (min-width: 36rem) {
      .spread {
        --_card-width: var(--tarot-card-picker-card-width, 3.25rem);
        --_overlap: 0.75rem;
      }
    }

    /* A face-down card: a native button with the back painted by CSS, so 78 of them stay cheap. */
    .card {
      appearance: none;
      display: block;
      inline-size: 100%;
      aspect-ratio: 200 / 340;
      margin: calc(-1 * var(--_overlap)) 0 0;
      padding: 0;
      border: 2px solid var(--_accent);
      border-radius: var(--va-radius-s, 6px);
      background:
        radial-gradient(circle, var(--_accent) 0 14%, transparent 15%),
        repeating-linear-gradient(45deg, #2b2150 0 4px, #362a66 4px 8px);
      cursor: pointer;
      touch-action: manipulation;
      contain: layout paint style;
      transform: rotate(var(--_tilt, 0deg)) translateY(var(--_lift, 0));
      transition:
        transform var(--va-duration-fast, 150ms) var(--va-ease, ease),
        opacity var(--va-duration-m, 300ms) ease;
    }

    /* The fan: a slight, fixed tilt that varies along the spread. */
    .card:nth-child(3n + 1) {
      --_tilt: -2.5deg;
    }
    .card:nth-child(3n + 2) {
      --_tilt: 1.5deg;
    }
    .card:nth-child(5n) {
      --_tilt: -0.5deg;
    }
    .card:nth-child(7n + 3) {
      --_tilt: 3deg;
    }

    /* Lifts only where motion is welcome; data-reduced-motion comes from the $reducedMotion store. */
    :host(:not([data-reduced-motion])) .card:not([aria-disabled]):hover,
    :host(:not([data-reduced-motion])) .card:focus-visible {
      --_lift: -0.4rem;
    }

    .card:hover,
    .card:focus-visible {
      z-index: 1;
    }

    .card:focus-visible {
      outline: var(--va-focus-ring, 3px solid light-dark(#0b5fa5, #8fd3ff));
      outline-offset: var(--va-focus-offset, 2px);
    }

    .card[aria-disabled='true'] {
      cursor: default;
    }

    /* Once a card is drawn the spread fades back as one layer: one opacity transition on the
       spread, not 78 (each would be its own compositor layer, committed every frame). The drawn
       card fades further, to 0.15 in all (0.45 × 0.33). */
    .spread {
      transition: opacity var(--va-duration-m, 300ms) ease;
      will-change: opacity;
    }

    .spread[data-drawn] {
      opacity: 0.45;
    }

    .card[data-drawn] {
      opacity: 0.33;
    }

    .cancel {
      display: block;
      margin: var(--va-space-3, 0.75rem) auto 0;
      padding: 0.5rem 1rem;
      min-block-size: 2.75rem;
      border: 1px solid currentColor;
      border-radius: var(--va-radius-2, 0.5rem);
      background: transparent;
      color: inherit;
      font: inherit;
      cursor: pointer;
    }

    .cancel:focus-visible {
      outline: 3px solid var(--tarot-card-picker-accent, var(--va-color-accent, Highlight));
      outline-offset: 2px;
    }

    .reveal {
      position: sticky;
      z-index: 1;
      inset-block-start: var(--va-space-m, 1rem);
      align-self: start;
      justify-self: center;
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: var(--va-space-s, 0.5rem);
      padding: var(--va-space-m, 1rem);
      border-radius: var(--va-radius-l, 20px);
      background: var(--va-color-surface-raised, light-dark(#f0ebfa, #2a2342));
      box-shadow: var(--va-shadow, 0 8px 24px rgb(0 0 0 / 35%));
      perspective: 60rem;
      pointer-events: none;
    }

    .flipper {
      position: relative;
      inline-size: var(--tarot-card-picker-reveal-width, 9rem);
      aspect-ratio: 200 / 340;
      transform-style: preserve-3d;
    }

    .side {
      position: absolute;
      inset: 0;
      backface-visibility: hidden;
    }

    .front {
      --tarot-card-width: 100%;
    }

    .back {
      transform: rotateY(180deg);
      border: 3px solid var(--_accent);
      border-radius: var(--va-radius-m, 12px);
      background:
        radial-gradient(circle, var(--_accent) 0 14%, transparent 15%),
        repeating-linear-gradient(45deg, #2b2150 0 6px, #362a66 6px 12px);
    }

    .caption {
      display: flex;
      flex-direction: column;
      align-items: center;
      margin: 0;
      text-align: center;
    }

    .name {
      font-family: var(--va-font-display, Georgia, serif);
      font-size: var(--va-font-size-l, 1.25rem);
    }

    .orientation {
      color: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
    }

    .empty {
      margin: 0;
      text-align: center;
      color: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
    }

    @media (prefers-reduced-motion: reduce) {
      .spread,
      .card {
        transition: none;
      }
    }

    :host([data-reduced-motion]) .spread,
    :host([data-reduced-motion]) .card {
      transition: none;
    }

    @media (forced-colors: active) {
      .card,
      .back {
        border-color: ButtonText;
        background: ButtonFace;
      }

      .card[aria-disabled='true'] {
        border-color: GrayText;
      }

      .card:focus-visible {
        outline: 3px solid Highlight;
      }

      .reveal {
        border: 1px solid CanvasText;
      }
    }
  `,
];
