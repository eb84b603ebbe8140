import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { isPlainClick } from '../../shared/plain-click.ts';
import type { LocaleController } from '../../shared/i18n/locale-controller.ts';
import type { TarotRootStrings } from '../i18n/root-en.ts';

export interface ModeChoicesOptions {
  /** Whether this browser can do a voice reading (WebRTC and the microphone API). */
  voiceSupported: boolean;
  /** Whether the edge reads with the offline reader (the voice choice then says so). */
  offlineReader: boolean;
  /** Whether that offline reader hears this reading's speech (else it follows a demo script). */
  offlineHears: boolean;
  /** Addresses for each mode; where one is set, the choice is a link to it. */
  textHref: string;
  voiceHref: string;
  /** The person chose a mode (a button, or a plain click on a link). */
  choose: (mode: 'text' | 'voice') => void;
  /** The element's language: its words, and `sentenceDir` for English in a right-to-left layout. */
  locale: Pick<LocaleController<TarotRootStrings>, 't' | 'sentenceDir'>;
}

/** `<tarot-reading>`'s mode selection: "Text Chat" and "Voice Reading". */
export function modeChoices(options: ModeChoicesOptions) {
  const { t } = options.locale;
  const dir = ifDefined(options.locale.sentenceDir);
  const voice = options.voiceSupported
    ? option(
        options,
        'voice',
        t.voiceReading,
        t.voiceReadingHint,
        options.offlineReader
          ? options.offlineHears
            ? t.voiceReadingOfflineHears
            : t.voiceReadingOffline
          : '',
      )
    : html`<div class="mode" part="mode" aria-disabled="true">
        <h2>${t.voiceReading}</h2>
        <p dir=${dir}>${t.voiceUnsupported}</p>
        <p class="note" dir=${dir}>${t.voiceUnsupportedTry}</p>
      </div>`;
  return html`<ul class="modes" part="modes">
    <li>${option(options, 'text', t.textChat, t.textChatHint, '')}</li>
    <li>${voice}</li>
  </ul>`;
}

/** A mode to choose: a link where the host gave its address, else a button. */
function option(
  options: ModeChoicesOptions,
  mode: 'text' | 'voice',
  title: string,
  description: string,
  note: string,
) {
  const href = mode === 'text' ? options.textHref : options.voiceHref;
  if (href) {
    const onClick = (event: MouseEvent): void => {
      if (!isPlainClick(event)) return; // a new tab or window follows the link
      event.preventDefault();
      options.choose(mode);
    };
    return html`<a class="mode" part="mode" href=${href} @click=${onClick}>
      <h2>${title}</h2>
      <p dir=${ifDefined(options.locale.sentenceDir)}>${description}</p>
      ${note ? html`<p class="note" dir=${ifDefined(options.locale.sentenceDir)}>${note}</p>` : nothing}
    </a>`;
  }
  return html`<button class="mode" part="mode" type="button" @click=${() => options.choose(mode)}>
    <span class="title">${title}</span>
    <span class="description" dir=${ifDefined(options.locale.sentenceDir)}>${description}</span>
    ${note ? html`<span class="description note" dir=${ifDefined(options.locale.sentenceDir)}>${note}</span>` : nothing}
  </button>`;
}
