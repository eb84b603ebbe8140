/**
 * React 19 JSX types for the package's elements. React 19 sets properties on custom elements and
 * listens to their events as `on<event-name>` props, so a React app uses the elements directly:
 *
 *   import 'voice-agent-elements/bmo';
 *   import type {} from 'voice-agent-elements/react';
 *   <bmo-cassette-slot cassette={{ title: 'Wi-Fi', content: 'guest-1234' }}
 *     onbmo-cassette-open={(event) => console.log(event.detail.title)} />
 *
 * Shipped as `voice-agent-elements/react` (types only), so apps without React never see it.
 */
import type { HTMLAttributes, RefAttributes } from 'react';
import type { LitElement } from 'lit';
import type {
  BmoAssistant,
  BmoCassetteSlot,
  BmoFace,
  TarotCardElement,
  TarotCardPicker,
  TarotCardStage,
  TarotReading,
  VoiceAgentIndicator,
  VoiceAnnouncer,
  VoiceSpeakerButton,
  VoiceTranscript,
} from './web-components/index.js';

type EventProps<E extends keyof GlobalEventHandlersEventMap> = {
  [K in E as `on${K}`]?: (event: GlobalEventHandlersEventMap[K]) => void;
};

/** The element's own public properties, React's HTML attributes, a ref, and its events. */
export type ElementProps<
  El extends LitElement,
  E extends keyof GlobalEventHandlersEventMap = never,
> = Partial<Omit<El, keyof LitElement>> &
  Omit<HTMLAttributes<El>, keyof Omit<El, keyof LitElement>> &
  RefAttributes<El> &
  EventProps<E> & {
    /** `light`, `dark`, or unset to follow `prefers-color-scheme`. */
    theme?: 'light' | 'dark';
  };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'voice-speaker-button': ElementProps<
        VoiceSpeakerButton,
        'voice-talk-start' | 'voice-talk-end'
      >;
      'voice-agent-indicator': ElementProps<VoiceAgentIndicator>;
      'voice-transcript': ElementProps<VoiceTranscript, 'voice-transcript-toggle'>;
      'voice-announcer': ElementProps<VoiceAnnouncer>;
      'tarot-reading': ElementProps<
        TarotReading,
        | 'tarot-reading-mode'
        | 'tarot-reading-session-start'
        | 'tarot-reading-session-end'
        | 'tarot-reading-phase'
        | 'tarot-reading-card-drawn'
        | 'tarot-reading-card-shown'
        | 'tarot-reading-complete'
        | 'tarot-reading-error'
        | 'tarot-reading-mic-consent'
      >;
      'tarot-card': ElementProps<TarotCardElement>;
      'tarot-card-picker': ElementProps<TarotCardPicker, 'tarot-card-pick'>;
      'tarot-card-stage': ElementProps<TarotCardStage, 'tarot-card-shown'>;
      'bmo-assistant': ElementProps<
        BmoAssistant,
        | 'bmo-connection-change'
        | 'bmo-agent-state-change'
        | 'bmo-cassette-receive'
        | 'bmo-error'
        | 'bmo-mic-consent'
      >;
      'bmo-cassette-slot': ElementProps<
        BmoCassetteSlot,
        'bmo-cassette-insert' | 'bmo-cassette-eject' | 'bmo-cassette-open'
      >;
      'bmo-face': ElementProps<BmoFace>;
    }
  }
}
