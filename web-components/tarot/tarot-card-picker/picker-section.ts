import { html, nothing } from 'lit';
import type { PickerState } from '../../stores/reading.ts';
import type { TarotCardsStrings } from '../i18n/cards-en.ts';
import './tarot-card-picker.ts';

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
