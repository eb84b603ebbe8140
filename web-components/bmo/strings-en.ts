/**
 * Every word the BMO family shows or announces, in English: `<bmo-assistant>`, its room and its
 * errors, `<bmo-cassette-slot>` and `<bmo-face>`. Other languages have the same keys
 * (`strings-es.ts`, loaded when an element asks for it); a host overrides any of them through the
 * element's `strings` property.
 */
import type { BmoAgentState } from '../stores/bmo.ts';

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
  offlineNotice: 'Offline BMO: type to BMO. Talking needs an OpenAI key.',
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
  announceDisconnected: 'Disconnected from BMO.',
  announceConnectedWaiting: 'Connected. Waiting for BMO to join.',
  announceHere: 'BMO is here.',
  announceBack: 'BMO is back.',
  announceHintType: 'Type to BMO.',
  announceHintTalk: 'Say hello, or type.',
  announceThinking: 'BMO is thinking…',
  announceRetrying: "Still trying to reach BMO's server…",
  errorSendFailed: 'Your message did not reach BMO. Try sending it again.',
  errorConnectionLost: 'The connection to BMO was lost.',
  errorMicDenied:
    'Microphone access was blocked, so BMO cannot hear you. You can still type to BMO, or allow the microphone in your browser and try again.',
  errorMicUnavailable:
    'No microphone could be started (none found, or another app is using it). You can still type to BMO.',
  errorConnectFailed: 'Could not start a conversation with BMO.',
  errorConnectFailedBecause: (how: string): string =>
    `Could not start a conversation with BMO${how}.`,
  errorNotConfigured: 'BMO is not available on this server: LiveKit is not configured.',
  errorRateLimited: 'Too many connection attempts. Wait a minute, then try again.',
  errorForbiddenOrigin:
    "This site is not allowed to talk to BMO's server. The site's owner can allow it on the server.",
  errorUnreachable: 'Could not reach the server. Check your connection and retry.',
  errorUnreachableAt: (host: string): string =>
    `Could not reach BMO's server at ${host}. Check your connection and retry; if it keeps failing, that server may not allow this site.`,
  errorInvalidResponse: 'The server answered with something BMO did not understand.',
  errorTokenTimeout: "BMO's server did not answer in time. Check your connection and retry.",
  errorAgentTimeout: (seconds: string): string => `BMO did not join within ${seconds} seconds.`,
  errorLoadFailed: 'BMO could not load: check your connection and retry.',
  errorReachFailed: (why: string): string => `Could not reach BMO: ${why}.`,
  errorAgentLeft: 'BMO left the conversation.',
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

/** The BMO family's words, whatever the language. */
export type BmoStrings = typeof bmoEn;
