/**
 * The voice family's strings in English: every word `<voice-speaker-button>`,
 * `<voice-transcript>`, `<voice-agent-indicator>`, `<voice-launcher>` and `<voice-mic-consent>`
 * show or announce. Other languages have the same keys (`es.ts`, `fr.ts`, …, loaded when an element
 * asks for one); a host overrides any of them through the element's `strings` property, and an
 * attribute (`label`, `hint`…) over both.
 */
export const voiceEn = {
  holdToSpeak: 'Hold to Speak',
  listening: 'Listening…',
  talkHint: 'Hold the button, or hold Space or Enter, while you speak. Let go to send.',
  transcript: 'Transcript',
  you: 'You',
  reader: 'Reader',
  nothingSaid: 'Nothing has been said yet.',
  notStarted: 'Not started',
  currentPhase: 'Current phase:',
  /** "2 of 4": where the current phase falls (numbers already formatted). */
  stepOf: (step: string, total: string): string => `${step} of ${total}`,
  open: 'Open',
  /**
   * The launcher's name with its badge ("BMO (3 new)"): `count` is `n` already written for the
   * language; `n` chooses the plural form where a language has several.
   */
  launcherUnread: (label: string, count: string, _n: number): string => `${label} (${count} new)`,
  end: 'End',
  close: 'Close',
  consentTitle: 'Before the microphone opens',
  consentReadMore: 'Read more (opens in a new tab)',
  consentAllow: 'Allow microphone',
  consentDecline: 'Type instead',
  micAllowed: 'Microphone allowed.',
  micDeclined: 'Microphone declined: you can type instead.',
};

export type VoiceStrings = typeof voiceEn;
