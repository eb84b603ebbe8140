import { css, unsafeCSS } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';

/** Up to this width the panel covers the whole screen, as a modal dialog. */
export const PHONE_QUERY = '(max-width: 640px)';

export const styles = css`
  ${colorScheme}
  :host {
    --_launcher-accent: var(
      --voice-launcher-accent,
      var(--va-color-accent, light-dark(#7a4f00, #e8c36a))
    );
    --_launcher-size: var(--voice-launcher-size, 3.5rem);
    --_launcher-offset: var(--voice-launcher-offset, 1.25rem);
    --_launcher-gap: var(--va-space-s, 0.5rem);
    /* set by the clearance when the page's own content sits in the corner (launcher-clearance.ts) */
    --_launcher-edge: calc(var(--_launcher-offset) + var(--_launcher-shift, 0px));
    /* from the screen's edge to the panel, past the button */
    --_launcher-reach: calc(var(--_launcher-edge) + var(--_launcher-size) + var(--_launcher-gap));
    position: fixed;
    z-index: var(--voice-launcher-z-index, 2147483000);
    inset-block-end: var(--_launcher-edge);
    inset-inline-end: var(--_launcher-offset);
    font-family: var(--va-font-body, system-ui, sans-serif);
    color: var(--va-color-text, light-dark(#1d1730, #f3efff));
  }
  :host([placement='bottom-left']) {
    inset-inline: var(--_launcher-offset) auto;
  }
  :host([placement^='top']) {
    inset-block: var(--_launcher-edge) auto;
  }
  :host([placement='top-left']) {
    inset-inline: var(--_launcher-offset) auto;
  }
  .launcher {
    position: relative;
    display: grid;
    place-items: center;
    inline-size: var(--_launcher-size);
    block-size: var(--_launcher-size);
    padding: 0;
    border: 2px solid var(--va-color-accent-contrast, light-dark(#ffffff, #1b1526));
    border-radius: 50%;
    background: var(--_launcher-accent);
    color: var(--va-color-accent-contrast, light-dark(#ffffff, #1b1526));
    box-shadow: var(--va-shadow, 0 8px 24px rgb(0 0 0 / 25%));
    cursor: pointer;
  }
  svg {
    inline-size: 55%;
    block-size: 55%;
    fill: currentcolor;
  }
  button:focus-visible,
  dialog:focus-visible {
    outline: var(--va-focus-ring, 3px solid light-dark(#0b5fa5, #8fd3ff));
    outline-offset: var(--va-focus-offset, 2px);
  }
  .badge {
    position: absolute;
    inset-block-start: -0.25rem;
    inset-inline-end: -0.25rem;
    min-inline-size: 1.25rem;
    padding: 0 0.3rem;
    border-radius: 999px;
    background: var(--va-color-danger, light-dark(#b3261e, #ff8f8f));
    color: var(--va-color-accent-contrast, light-dark(#ffffff, #1b1526));
    font-size: var(--va-font-size-s, 0.875rem);
    font-weight: 700;
    line-height: 1.25rem;
  }
  dialog {
    position: fixed;
    inset-block: auto var(--_launcher-reach);
    inset-inline: auto var(--_launcher-offset);
    box-sizing: border-box;
    inline-size: min(var(--voice-launcher-panel-width, 26rem), 100vw - 2 * var(--_launcher-offset));
    max-block-size: min(
      var(--voice-launcher-panel-height, 42rem),
      100dvh - var(--_launcher-offset) - var(--_launcher-reach)
    );
    margin: 0;
    padding: 0;
    overflow: auto;
    overscroll-behavior: contain;
    border: 1px solid var(--va-color-border, light-dark(#7d7299, #4a4068));
    border-radius: var(--va-radius-l, 20px);
    background: var(--va-color-bg, light-dark(#faf8ff, #14111f));
    color: inherit;
    box-shadow: var(--va-shadow, 0 8px 24px rgb(0 0 0 / 25%));
  }
  dialog[open] {
    display: flex;
    flex-direction: column;
  }
  :host([placement='bottom-left']) dialog {
    inset-inline: var(--_launcher-offset) auto;
  }
  :host([placement^='top']) dialog {
    inset-block: var(--_launcher-reach) auto;
  }
  :host([placement='top-left']) dialog {
    inset-inline: var(--_launcher-offset) auto;
  }
  .header {
    position: sticky;
    inset-block-start: 0;
    z-index: 1;
    display: flex;
    align-items: center;
    gap: var(--_launcher-gap);
    padding-block: var(--_launcher-gap);
    padding-inline: var(--va-space-m, 1rem) var(--_launcher-gap);
    border-block-end: 1px solid var(--va-color-border, light-dark(#7d7299, #4a4068));
    background: var(--va-color-surface, light-dark(#ffffff, #1f1a30));
  }
  .title {
    flex: 1;
    margin: 0;
    font-weight: 700;
  }
  .header button {
    min-block-size: 2.75rem;
    min-inline-size: 2.75rem;
    padding: 0 var(--va-space-m, 1rem);
    border: 1px solid var(--va-color-border, light-dark(#7d7299, #4a4068));
    border-radius: var(--va-radius-s, 6px);
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  [part='close'] {
    display: grid;
    place-items: center;
    padding: 0;
  }
  [part='close'] svg {
    inline-size: 1.25rem;
    fill: none;
    stroke: currentcolor;
    stroke-width: 2.5;
  }
  .body {
    padding: var(--va-space-s, 0.5rem);
  }
  @media ${unsafeCSS(PHONE_QUERY)} {
    dialog,
    :host([placement]) dialog {
      inset: 0;
      inline-size: 100%;
      max-inline-size: none;
      block-size: 100dvh;
      max-block-size: none;
      border: 0;
      border-radius: 0;
    }
  }
  @media (forced-colors: active) {
    .launcher,
    .badge {
      border: 2px solid ButtonText;
    }
  }
`;
