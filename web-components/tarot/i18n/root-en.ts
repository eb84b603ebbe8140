/**
 * The English words `<tarot-reading>` and its host show before a reading view loads: its name, the
 * mode choice, the phases' names, the load and cost-cap notices. With the card elements'
 * (`cards-en.ts`) and the reading views' (`views-en.ts`) they make the family's English (`en.ts`);
 * each part goes with the elements that show it, so a page with the root alone carries only these.
 */
import type { AgentName } from '../../../contracts/reading.ts';

/** What a person reads for each phase (the agent indicator, the phase event's label). */
const PHASES_EN: Record<AgentName, string> = {
  IntentAssessment: 'Intent Assessment',
  SpreadGeneration: 'Spread Generation',
  Reading: 'Reading',
  Followup: 'Followup',
};

export const tarotRootEn = {
  tarotReading: 'Tarot reading',
  textView: 'Text chat reading',
  voiceView: 'Voice reading',
  voiceReading: 'Voice Reading',
  voiceReadingHint:
    'Hold the talk button (or Space) to speak to the reader, and draw your cards when asked.',
  voiceReadingOffline:
    "This site runs the offline reader: it can't hear you, so a voice reading follows a demo script. A real voice reading needs an OpenAI key.",
  voiceReadingOfflineHears:
    'This site runs the offline reader: it hears English through a speech recognizer on this machine.',
  voiceUnsupported:
    "Your browser doesn't support voice readings: it needs WebRTC and microphone access.",
  voiceUnsupportedTry: 'Try a current Chrome, Edge, Firefox or Safari, or choose Text Chat.',
  textChat: 'Text Chat',
  textChatHint: 'Type with the reader and draw your cards on screen.',
  /** A phase's name for its agent. */
  phase: (agent: AgentName): string => PHASES_EN[agent],
  timeLimitEnded: 'This reading has reached its time limit and has ended.',
  loadFailed: 'The reading could not be loaded. Check your connection and reload the page.',
  costCapNotice: 'One minute left: this reading ends in a minute.',
};

export type TarotRootStrings = typeof tarotRootEn;
