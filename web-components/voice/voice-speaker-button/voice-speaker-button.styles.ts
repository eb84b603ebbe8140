import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';

export const styles = css`
  ${colorScheme}
  :host {
    --_size: var(--voice-speaker-button-size, clamp(8rem, 32vw, 11rem));
    --_face: var(
      --voice-speaker-button-color,
      var(--va-color-accent, light-dark(#7a4f00, #e8c36a))
    );
    --_text: var(
      --voice-speaker-button-text,
      var(--va-color-accent-contrast, light-dark(#ffffff, #1b1526))
    );
    --_ring: var(--voice-speaker-button-ring, var(--va-color-focus, light-dark(#0b5fa5, #8fd3ff)));
    display: inline-flex;
    flex-direction: column;
    align-items: center;
    gap: var(--va-space-m, 1rem);
    font-family: var(--va-font-body, system-ui, sans-serif);
    color: var(--va-color-text, light-dark(#1d1730, #f3efff));
  }

  button {
    position: relative;
    display: grid;
    place-items: center;
    align-content: center;
    gap: var(--va-space-xs, 0.25rem);
    inline-size: var(--_size);
    block-size: var(--_size);
    padding: var(--va-space-m, 1rem);
    border-radius: 50%;
    border: 2px solid color-mix(in srgb, var(--_face) 70%, white);
    background: radial-gradient(
      circle at 35% 30%,
      color-mix(in srgb, var(--_face) 80%, white),
      var(--_face) 60%
    );
    color: var(--_text);
    font: inherit;
    font-size: var(--va-font-size-l, 1.25rem);
    font-weight: 600;
    line-height: 1.2;
    cursor: pointer;
    box-shadow: var(--va-shadow, 0 8px 24px rgb(0 0 0 / 35%));
    /* Holding is the gesture: no scrolling, zooming or text selection may take it over. */
    touch-action: none;
    user-select: none;
    -webkit-user-select: none;
    -webkit-touch-callout: none;
    -webkit-tap-highlight-color: transparent;
    transition:
      transform var(--va-duration-fast, 150ms) var(--va-ease, ease-out),
      box-shadow var(--va-duration-fast, 150ms) var(--va-ease, ease-out);
  }
  .icon {
    inline-size: 2.25rem;
    block-size: 2.25rem;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linecap: round;
  }
  .icon rect {
    fill: currentColor;
    stroke: none;
  }

  :host([holding]) button {
    transform: scale(0.96);
    box-shadow:
      0 0 0 6px color-mix(in srgb, var(--_ring) 55%, transparent),
      0 0 32px 8px color-mix(in srgb, var(--_ring) 35%, transparent);
  }

  /* The agent is speaking: a ring breathes around the button. */
  button::after {
    content: '';
    position: absolute;
    inset: -10px;
    border-radius: 50%;
    border: 3px solid var(--_ring);
    opacity: 0;
    pointer-events: none;
  }
  :host([speaking]:not([holding])) button::after {
    opacity: 0.8;
    animation: breathe 1.6s var(--va-ease, ease-in-out) infinite;
  }
  @keyframes breathe {
    0%,
    100% {
      transform: scale(1);
      opacity: 0.8;
    }
    50% {
      transform: scale(1.08);
      opacity: 0.3;
    }
  }

  button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
    box-shadow: none;
  }

  button:focus-visible {
    outline: var(--va-focus-ring, 3px solid light-dark(#0b5fa5, #8fd3ff));
    outline-offset: 6px;
  }

  .hint {
    margin: 0;
    max-inline-size: 22rem;
    text-align: center;
    color: var(--va-color-text-muted, light-dark(#4f4668, #bdb4d9));
    font-size: var(--va-font-size-s, 0.875rem);
  }

  :host([data-reduced-motion]) button {
    transition: none;
  }
  :host([data-reduced-motion][holding]) button {
    transform: none;
  }
  :host([data-reduced-motion][speaking]:not([holding])) button::after {
    animation: none;
  }
  @media (prefers-reduced-motion: reduce) {
    button {
      transition: none;
    }
    :host([holding]) button {
      transform: none;
    }
    :host([speaking]:not([holding])) button::after {
      animation: none;
    }
  }

  @media (forced-colors: active) {
    button {
      background: ButtonFace;
      color: ButtonText;
      border: 2px solid ButtonText;
      forced-color-adjust: none;
    }
    :host([holding]) button {
      background: Highlight;
      color: HighlightText;
    }
    button::after {
      border-color: Highlight;
    }
    button:disabled {
      color: GrayText;
      border-color: GrayText;
    }
  }
`;
