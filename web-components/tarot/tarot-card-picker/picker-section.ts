import { html, nothing } from 'lit';
import type { PickerState } from '../../stores/reading.ts';
import type { TarotCardsStrings } from '../i18n/cards-en.ts';

/**
 * The draw area both reading views show while `draw_card` waits: a labelled, focusable section (the
 * reading moves focus there) holding `<tarot-card-picker>` over the cards not yet drawn. One
 * template the text and the voice view share, so their draw areas stay alike; its `draw` part is
 * each view's.
 */
export function pickerSection(
  picker: PickerState,
  excluded: readonly string[],
  imageBase: string,
  t: TarotCardsStrings,
) {
  if (!picker.open) return nothing;
  return html`<section
    class="draw"
    part="draw"
    tabindex="-1"
    aria-label=${t.drawCardFor(t.position(picker.positionLabel))}
  >
    <tarot-card-picker
      position-label=${picker.positionLabel}
      prompt-role=${picker.promptRole}
      .excluded=${excluded}
      image-base=${imageBase}
    ></tarot-card-picker>
  </section>`;
}

let loading: Promise<unknown> | undefined;

/**
 * Loads the card elements both views show only once their reading is under way (a session
 * connecting, or anything drawn or shown in its store): `<tarot-card>` in the conversation,
 * `<tarot-card-picker>` in this section, `<tarot-card-stage>` for a card shown. A view's first
 * paint shows none, so they load then rather than with it, as the tarot/cards entry, whose chunk
 * a page that shows cards by themselves loads too. Once for the page; a failed load is tried
 * again the next time a view asks.
 */
export function loadCardElements(): Promise<unknown> {
  loading ??= import('../tarot-card/card-elements.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
