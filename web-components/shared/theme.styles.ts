import { css } from 'lit';

/**
 * The light and dark themes. Every colour an element reads is a `--va-color-*` token whose
 * fallback is `light-dark(light, dark)`, so it follows the element's `color-scheme`:
 *
 * - by default the user's `prefers-color-scheme` (`light dark`);
 * - `--va-color-scheme` (`light`, `dark`, or `light dark`) set by the page on any ancestor;
 * - the `theme` attribute (`light` or `dark`) on the element, which sets that token for it and
 *   everything inside it (a root element's inner elements follow their root).
 *
 * A page that sets the `--va-color-*` tokens itself (styles/tokens.css, or its own values) wins
 * over the fallbacks. styles/tokens.css picks each scheme's values with
 * `prefers-color-scheme` and `[theme]` selectors (so `theme` works on any ancestor there too),
 * not `light-dark()`, which a bundler's default CSS target rewrites into something invalid.
 * It also mirrors an element whose language is written right to left though no `dir` says so.
 */
export const colorScheme = css`
  :host {
    color-scheme: var(--va-color-scheme, light dark);
  }
  :host([theme='light']) {
    --va-color-scheme: light;
  }
  :host([theme='dark']) {
    --va-color-scheme: dark;
  }
  /* A right-to-left language with no dir on the way up (LocaleController sets data-rtl). */
  :host([data-rtl]) {
    direction: rtl;
  }
`;
