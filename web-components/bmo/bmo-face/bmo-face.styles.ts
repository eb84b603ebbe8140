import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';

export const styles = css`
  ${colorScheme}
  :host {
    --_size: var(--bmo-face-size, 12rem);
    --_body: var(--bmo-face-body, var(--va-color-bmo, light-dark(#1f7a63, #64c7a8)));
    --_screen: var(--bmo-face-screen, #cdf5e2);
    --_ink: var(--bmo-face-ink, #15201c);
    display: inline-block;
    width: var(--_size);
    max-width: 100%;
  }
  .face {
    display: block;
  }
  svg {
    display: block;
    width: 100%;
    height: auto;
    overflow: visible;
  }
  .body {
    fill: var(--_body);
    stroke: color-mix(in srgb, var(--_body) 60%, black);
    stroke-width: 3;
  }
  .screen {
    fill: var(--_screen);
    stroke: color-mix(in srgb, var(--_body) 50%, black);
    stroke-width: 3;
    transition: fill var(--va-duration-m, 300ms) var(--va-ease, ease);
  }
  .disconnected .screen {
    fill: color-mix(in srgb, var(--_screen) 35%, #1b2a25);
  }
  .connecting .screen {
    fill: color-mix(in srgb, var(--_screen) 75%, #1b2a25);
  }
  .eyes,
  .dots,
  .loading,
  .mouth-open {
    fill: var(--_ink);
  }
  .mouth-line,
  .closed path {
    fill: none;
    stroke: var(--_ink);
    stroke-width: 4;
    stroke-linecap: round;
  }
  .tongue {
    fill: #e0708a;
  }
  .slot {
    fill: color-mix(in srgb, var(--_body) 45%, black);
  }
  .led {
    fill: #8fe3b0;
  }
  .disconnected .led {
    fill: #3b4a44;
  }
  .dpad {
    fill: #f2d252;
  }
  .button-triangle {
    fill: #4fb3e8;
  }
  .button-round {
    fill: #e85a5a;
  }
  .button-small {
    fill: #7ad17a;
  }

  .eyes,
  .mouth-talk,
  .dots circle,
  .loading circle {
    transform-box: fill-box;
    transform-origin: center;
  }
  .listening .eyes,
  .speaking .eyes {
    animation: blink 4.5s infinite;
  }
  .speaking .mouth-talk {
    animation: talk 0.32s ease-in-out infinite alternate;
  }
  .thinking .dots circle,
  .connecting .loading circle {
    animation: pulse 1.2s ease-in-out infinite;
  }
  .dots circle:nth-child(2),
  .loading circle:nth-child(2) {
    animation-delay: 0.2s;
  }
  .dots circle:nth-child(3),
  .loading circle:nth-child(3) {
    animation-delay: 0.4s;
  }
  @keyframes blink {
    0%,
    94%,
    100% {
      transform: scaleY(1);
    }
    97% {
      transform: scaleY(0.1);
    }
  }
  @keyframes talk {
    from {
      transform: scaleY(0.35);
    }
    to {
      transform: scaleY(1);
    }
  }
  @keyframes pulse {
    0%,
    100% {
      opacity: 0.25;
    }
    50% {
      opacity: 1;
    }
  }

  /* Reduced motion: the same faces, held still. */
  .reduced *,
  .reduced .eyes,
  .reduced .mouth-talk,
  .reduced .dots circle,
  .reduced .loading circle {
    animation: none !important;
    transition: none !important;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      animation: none !important;
      transition: none !important;
    }
  }

  @media (forced-colors: active) {
    .body,
    .screen {
      stroke: CanvasText;
    }
    .eyes,
    .dots,
    .loading,
    .mouth-open {
      fill: CanvasText;
    }
    .mouth-line,
    .closed path {
      stroke: CanvasText;
    }
  }
`;
