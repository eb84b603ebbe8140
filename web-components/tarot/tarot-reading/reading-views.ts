/**
 * The two reading views `<tarot-reading>` shows, with what each asks of the reading wired to the
 * element's handlers: the views fire events, the element hands each to its active session.
 */
import { html } from 'lit';
import type { TarotCardPickDetail } from '../tarot-card-picker/tarot-card-picker.ts';
import type { TarotCardShownDetail } from '../tarot-card-stage/tarot-card-stage.ts';
import type { TarotReadingChooseDetail } from '../tarot-reading-voice/tarot-reading-voice.ts';
import type { TarotReadingSendDetail } from '../tarot-reading-text/tarot-reading-text.ts';
import type { VoiceTalkEndDetail } from '../../voice/voice-speaker-button/voice-speaker-button.ts';

export interface ViewHandlers {
  send(event: CustomEvent<TarotReadingSendDetail>): void;
  end(): void;
  restart(): void;
  pick(event: CustomEvent<TarotCardPickDetail>): void;
  pickCancel(): void;
  choose(event: CustomEvent<TarotReadingChooseDetail>): void;
  shown(event: CustomEvent<TarotCardShownDetail>): void;
  talkStart(): void;
  talkEnd(event: CustomEvent<VoiceTalkEndDetail>): void;
  retry(): void;
  leave(): void;
  switchText(): void;
}

/** The text reading: the conversation, the composer and the picker (`<tarot-reading-text>`). */
export function textView(imageBase: string, chooseHref: string, on: ViewHandlers) {
  return html`<tarot-reading-text
    exportparts="log, message, draw, composer, spread"
    image-base=${imageBase}
    choose-href=${chooseHref}
    @tarot-reading-send=${on.send}
    @tarot-reading-end=${on.end}
    @tarot-reading-restart=${on.restart}
    @tarot-reading-leave=${on.leave}
    @tarot-card-pick=${on.pick}
    @tarot-card-pick-cancel=${on.pickCancel}
    @tarot-card-shown=${on.shown}
  ></tarot-reading-text>`;
}

/** The voice reading (`<tarot-reading-voice>`), after the button that starts blocked audio. */
export function voiceView(imageBase: string, notice: string, on: ViewHandlers) {
  return html`<voice-start-audio></voice-start-audio
    ><tarot-reading-voice
      exportparts="bar, center, status, problem, draw, choice"
      image-base=${imageBase}
      .notice=${notice}
      @voice-talk-start=${on.talkStart}
      @voice-talk-end=${on.talkEnd}
      @tarot-card-pick=${on.pick}
      @tarot-card-pick-cancel=${on.pickCancel}
      @tarot-card-shown=${on.shown}
      @tarot-reading-retry=${on.retry}
      @tarot-reading-leave=${on.leave}
      @tarot-reading-switch-text=${on.switchText}
      @tarot-reading-choose=${on.choose}
    >
      <slot name="heading" slot="heading"></slot>
    </tarot-reading-voice>`;
}
