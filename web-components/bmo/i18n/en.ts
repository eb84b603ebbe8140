/**
 * The BMO family's element strings in English: every word `<bmo-assistant>`,
 * `<bmo-cassette-slot>` and `<bmo-face>` show or announce before a conversation (the
 * conversation's own are conversation-en.ts). Other languages have the same keys (`es.ts`, `fr.ts`,
 * …, loaded when an element asks for one); a host overrides any of them through the element's
 * `strings` property (on `<bmo-assistant>`, for the elements inside it too).
 */
import type { BmoAgentState } from '../../stores/bmo.ts';

export const bmoEn = {
  bmo: 'BMO',
  cassetteHeading: 'Cassette',
  conversationHeading: 'Conversation',
  connect: 'Connect',
  connectWithoutMic: 'Connect without microphone',
  disconnect: 'Disconnect',
  muteMic: 'Mute microphone',
  typeLabel: 'Type to BMO',
  send: 'Send',
  hintSend: 'Press Enter to send.',
  hintConnectFirst: 'Connect first, then type here.',
  hintWaitForBmo: 'You can type once BMO has joined.',
  placeholderDisconnected: 'Connect to start talking with BMO.',
  placeholderConnected: 'Say hello, or type below.',
  you: 'You',
  offlineNotice: "BMO can't hear you here: type to BMO.",
  statusDisconnected: 'Not connected',
  statusConnecting: 'Connecting…',
  statusReconnecting: 'Connection dropped. Reconnecting…',
  statusWaiting: 'Waiting for BMO to join…',
  statusAbsent: 'BMO is not in the room',
  statusTypingOnly: ' (typing only)',
  statusAgent: (state: BmoAgentState): string => `BMO is ${state}`,
  faceLabel: (state: BmoAgentState): string =>
    state === 'disconnected' ? 'BMO is not connected' : `BMO is ${state}`,
  actionContinueWithoutMic: 'Continue without microphone',
  actionTryMicAgain: 'Try the microphone again',
  actionRetry: 'Retry',
  actionReconnect: 'Reconnect',
  actionDismiss: 'Dismiss',
  cassetteOpen: (title: string): string => `Open cassette: ${title}`,
  cassetteEmpty: 'No cassette yet',
  cassetteSoundsOff: 'Cassette sounds are off',
  cassetteSoundsOn: 'Cassette sounds are on',
  cassetteMute: 'Mute cassette sounds',
  cassetteReceived: (title: string): string => `cassette received: ${title}`,
  copy: 'Copy',
  close: 'Close',
  copied: 'Copied',
  copySelected:
    'Copying is not available here. The text is selected: press Ctrl+C (or ⌘C) to copy it.',
  copyByHand: 'Copying is not available here. Select the text and copy it yourself.',
};

/** The words BMO's elements show before a conversation, whatever the language. */
export type BmoElementStrings = typeof bmoEn;
