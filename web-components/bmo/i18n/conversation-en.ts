/**
 * The strings of a conversation with BMO in English: its announcements and its errors. They load
 * with BMO's session (bmo/session/), not with the element, so an assistant's first load carries
 * only its element strings (en.ts); conversation-es.ts, conversation-fr.ts, … have the same keys.
 */
import { bmoEn, type BmoElementStrings } from './en.ts';

export const bmoConversationEn = {
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
  /** `seconds` is `n` already written for the language; `n` chooses the plural form. */
  errorAgentTimeout: (seconds: string, _n: number): string =>
    `BMO did not join within ${seconds} seconds.`,
  errorLoadFailed: 'BMO could not load: check your connection and retry.',
  errorRoomRefused:
    "BMO's conversation server turned this conversation away. Try again; if it keeps happening, tell the site's owner.",
  errorRoomUnavailable:
    "BMO's conversation server is not taking conversations right now. Try again in a minute.",
  errorAgentLeft: 'BMO left the conversation.',
  noticeHearingDown: "BMO's hearing stopped working. Type to BMO until it's back.",
  noticeTextAnswers: "BMO answers in text here: its voice isn't available.",
  noticeOfflineVoice: 'Offline BMO: talk or type. It hears English.',
};

/** Every word of the BMO family, whatever the language: the elements' and the conversation's. */
export type BmoStrings = BmoElementStrings & typeof bmoConversationEn;

/** Every word of the BMO family in English. */
export const BMO_EN: BmoStrings = { ...bmoEn, ...bmoConversationEn };
