import { type TemplateResult, html, nothing } from 'lit';
import type {
  TarotReadingMode,
  TarotReadingModeDetail,
} from '../../tarot/tarot-reading/tarot-reading.ts';
import '../../tarot/tarot-reading/tarot-reading.ts';
import { navigate } from '../navigation.ts';

/** The hosted page's address for each reading mode. */
export const READING_PATHS: Record<TarotReadingMode, string> = {
  choose: '/reading',
  text: '/reading/text',
  voice: '/reading/voice',
};

/**
 * The hosted page follows a mode change with a navigation, since each mode has its own address.
 * It cancels the switch in place: the next page's `<tarot-reading>` starts the new mode's session,
 * and the one leaving ends its own, so no session starts twice.
 */
function followMode(event: CustomEvent<TarotReadingModeDetail>): void {
  event.preventDefault();
  navigate(READING_PATHS[event.detail.mode]);
}

/** `<tarot-reading>` in `mode`, its ways between modes linked to the pages' addresses. */
export function readingElement(
  mode: TarotReadingMode,
  heading: TemplateResult | typeof nothing = nothing,
) {
  return html`<tarot-reading
    mode=${mode}
    text-href=${READING_PATHS.text}
    voice-href=${READING_PATHS.voice}
    choose-href=${READING_PATHS.choose}
    @tarot-reading-mode=${followMode}
    >${heading}</tarot-reading
  >`;
}
