import { css } from 'lit';

/**
 * The styles of the cassette itself and of its dialog, which `<bmo-cassette-slot>` adopts with
 * the cassette's view (cassette-view.ts) when its first cassette comes: an empty slot shows
 * neither. They follow the slot's own styles (bmo-cassette-slot.styles.ts), whose custom
 * properties they use.
 */
export const cassetteStyles = css`
  .cassette {
    all: unset;
    box-sizing: border-box;
    display: block;
    width: 100%;
    cursor: pointer;
    border-radius: 8px;
    transition: transform var(--va-duration-fast, 150ms) var(--va-ease, ease);
  }
  .cassette:hover {
    transform: translateY(-2px);
  }
  .cassette:focus-visible {
    outline: var(--va-focus-ring, 3px solid light-dark(#0b5fa5, #8fd3ff));
    outline-offset: var(--va-focus-offset, 2px);
  }

  .shell {
    position: relative;
    display: block;
    aspect-ratio: 1.575;
    border-radius: 8px;
    background: linear-gradient(
      180deg,
      color-mix(in srgb, var(--_shell) 85%, white) 0%,
      var(--_shell) 30%
    );
    box-shadow:
      0 4px 10px rgb(0 0 0 / 45%),
      inset 0 1px 0 rgb(255 255 255 / 18%);
  }

  .label {
    position: absolute;
    inset: 7% 6% 28% 6%;
    border-radius: 4px;
    background: var(--_label);
    background-image: repeating-linear-gradient(
      180deg,
      transparent 0 22%,
      rgb(0 0 0 / 8%) 22% calc(22% + 1px)
    );
    color: var(--_label-text);
    padding: 3% 5% 0;
  }
  .title {
    display: block;
    font-family: var(--va-font-display, Georgia, serif);
    font-weight: 700;
    font-size: clamp(0.75rem, 7cqi, 1.5rem);
    line-height: 1.2;
    text-align: center;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }

  .window {
    position: absolute;
    left: 20%;
    right: 20%;
    top: 38%;
    height: 26%;
    border-radius: 999px;
    background: #15111f;
    border: 2px solid rgb(0 0 0 / 35%);
    overflow: hidden;
  }
  .window svg {
    width: 100%;
    height: 100%;
    display: block;
  }
  .tape {
    fill: none;
    stroke: #5a3a2a;
    stroke-width: 3;
  }
  .reel-hub {
    fill: #6b4a36;
  }
  .reel-core {
    fill: #e9e2f7;
  }
  .reel-tooth {
    fill: #15111f;
  }
  :host([phase='inserting']) .reel,
  :host([phase='ejecting']) .reel {
    animation: spin 0.7s linear infinite;
  }
  .reduced .reel {
    animation: none !important;
  }
  .reduced .cassette,
  .reduced .cassette:hover {
    transition: none;
    transform: none;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }

  .screw {
    position: absolute;
    width: 3.5%;
    aspect-ratio: 1;
    border-radius: 50%;
    background: rgb(255 255 255 / 35%);
  }
  .screw-tl {
    left: 2%;
    top: 3%;
  }
  .screw-tr {
    right: 2%;
    top: 3%;
  }
  .screw-bl {
    left: 2%;
    bottom: 4%;
  }
  .screw-br {
    right: 2%;
    bottom: 4%;
  }
  .teeth {
    position: absolute;
    left: 22%;
    right: 22%;
    bottom: 0;
    height: 18%;
    background: color-mix(in srgb, var(--_shell) 70%, black);
    clip-path: polygon(8% 0, 92% 0, 100% 100%, 0 100%);
  }

  dialog {
    box-sizing: border-box;
    text-align: start;
    width: min(36rem, calc(100vw - 2rem));
    max-height: calc(100dvh - 2rem);
    padding: var(--va-space-l, 1.5rem);
    border: 1px solid var(--va-color-border, light-dark(#7d7299, #4a4068));
    border-radius: var(--_radius);
    background: var(--va-color-surface-raised, light-dark(#f0ebfa, #2a2342));
    color: var(--va-color-text, light-dark(#1d1730, #f3efff));
    box-shadow: var(--va-shadow, 0 8px 24px rgb(0 0 0 / 35%));
  }
  dialog::backdrop {
    background: rgb(10 8 16 / 70%);
  }
  h2 {
    margin: 0 0 var(--va-space-m, 1rem);
    font-family: var(--va-font-display, Georgia, serif);
    font-size: var(--va-font-size-l, 1.25rem);
    overflow-wrap: anywhere;
  }
  .content {
    margin: 0;
    max-height: 50vh;
    overflow: auto;
    padding: var(--va-space-m, 1rem);
    border-radius: var(--va-radius-s, 6px);
    background: var(--va-color-bg, light-dark(#faf8ff, #14111f));
    font-family: var(--va-font-mono, ui-monospace, monospace);
    font-size: var(--va-font-size-l, 1.25rem);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    user-select: text;
  }
  .copy-status {
    min-height: 1.5em;
    margin: var(--va-space-s, 0.5rem) 0;
    color: var(--va-color-success, light-dark(#1e6b40, #8fe3b0));
    font-size: var(--va-font-size-s, 0.875rem);
  }
  .actions {
    display: flex;
    justify-content: flex-end;
    gap: var(--va-space-s, 0.5rem);
  }
  .actions .copy {
    background: var(--va-color-accent, light-dark(#7a4f00, #e8c36a));
    color: var(--va-color-accent-contrast, light-dark(#ffffff, #1b1526));
    border-color: transparent;
    font-weight: 600;
  }

  @media (prefers-reduced-motion: reduce) {
    .reel {
      animation: none !important;
    }
    .cassette,
    .cassette:hover {
      transition: none;
      transform: none;
    }
  }

  @media (forced-colors: active) {
    .shell,
    .label,
    dialog {
      border: 1px solid CanvasText;
    }
    .cassette:focus-visible {
      outline-color: Highlight;
    }
  }
`;
