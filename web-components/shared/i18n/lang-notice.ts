/**
 * The visible note an element shows when its `lang` is not supported (see `LocaleController`'s
 * `fallbackNote`): nothing while the language is supported.
 */
import { html, nothing } from 'lit';

export function langNotice(note: string | undefined): unknown {
  if (note === undefined) return nothing;
  return html`<p class="lang-notice" part="lang-notice" role="note" lang="en" dir="ltr">
    ${note}
  </p>`;
}
