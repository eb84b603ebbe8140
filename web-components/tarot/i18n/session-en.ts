/**
 * The strings of a reading's session in English: its errors, notes and announcements (a refused
 * connection, the microphone, a reconnection, a card not drawn in time, what a tool is doing).
 * They load with the reading's session (tarot/session/), not with the elements, so a reading's
 * first load carries only the elements' strings (en.ts); session-es.ts, session-fr.ts, … have the
 * same keys. A host overrides any of them through `<tarot-reading>`'s `strings`.
 */
import { tarotEn, type TarotStrings } from './en.ts';

export const tarotSessionEn = {
  rateLimited: 'Too many readings were started from here just now. Wait a minute and try again.',
  forbiddenOrigin: 'This page is not allowed to start readings on this server.',
  notConfigured: 'The reading service is not set up on this server.',
  upstreamUnavailable: 'The reading service is unavailable right now. Try again in a moment.',
  upstreamBusy: 'The reading service is busy right now. Try again in a moment.',
  upstreamMisconfigured: 'The reading service is misconfigured on this server.',
  unreachableAt: (origin: string): string =>
    `Could not reach the reading service at ${origin}. It may be offline, or it may not accept readings from this site.`,
  unreachable: 'Could not reach the reading service. Check your connection and try again.',
  badToken: 'The reading service sent a token this page cannot use.',
  /** The edge answered with an HTTP status (already written as digits), or with none. */
  serviceAnswered: (status: string): string => `The reading service answered ${status}.`,
  serviceError: 'The reading service answered an error.',
  micBlocked:
    'The microphone is blocked for this site. Allow it in your browser’s site settings and try again, or switch to text chat.',
  micBusy:
    'Your microphone is in use by another app or could not be started. Close the other app and try again, or switch to text chat.',
  micMissing: 'No microphone was found. Connect one and try again, or switch to text chat.',
  micFailed: (reason: string): string =>
    `The microphone could not be opened: ${reason}. Try again, or switch to text chat.`,
  webRtcFailed:
    'The voice connection could not be set up (WebRTC failed). Check your network or firewall and retry, or switch to text mode.',
  keyRefused: 'The voice service did not accept this session’s key. Retry to get a fresh one.',
  callPassRefused: "This voice reading's pass was already used or has expired. Start again.",
  /** The edge ended the reading at a limit of what it may spend (not its time limit). */
  spendLimitEnded: 'This reading has reached its limit and has ended.',
  offlineRefused: 'The offline reader refused the connection. Try again in a moment.',
  couldNotConnect: 'Could not connect to the reader. Check your connection and try again.',
  connectTimedOut: 'The reader did not answer in time. Check your connection and try again.',
  webSocketFallback:
    'The voice connection could not use WebRTC here, so the reading goes on over a WebSocket instead.',
  reconnected: 'Reconnected. The reading goes on where it was.',
  reconnecting: 'The connection to the reader dropped. Reconnecting…',
  connectionClosed: 'The connection to the reader closed.',
  noCardInTime: 'No card was picked in time. What would you like to do?',
  drawCancelled: 'The draw was cancelled. What would you like to do?',
  cardNotShown: 'The card could not be shown. What would you like to do?',
  cardNotDrawn: 'The card could not be drawn. What would you like to do?',
  wordsNotSent: 'Your words could not be sent. Hold the button and try again.',
  micStopped: 'The microphone stopped working. Hold the button to try again.',
  holdWhileSpeaking: 'Hold the button down while you speak, then let go.',
  noVoiceSupport: "Your browser doesn't support voice readings",
  noVoiceSupportSay:
    "Your browser doesn't support voice readings. Switch to text chat to read by typing.",
  nowInPhase: (phase: string): string => `Now in the ${phase} phase.`,
  toolDrawing: (position: string): string => `Drawing a card for the ${position} position`,
  toolShowing: (card: string, reversed: boolean): string =>
    `Showing ${card}${reversed ? ', reversed' : ''}`,
  toolDrawn: 'Card drawn',
  toolShown: 'Card shown',
  toolDrawFailed: (why: string): string => `The card draw did not work: ${why}`,
  toolShowFailed: (why: string): string => `The card display did not work: ${why}`,
  drawingFor: (position: string, role: string): string =>
    `Drawing a card for the ${position} position: ${role}. Pick a card from the deck.`,
};

/** Every string of a reading, whatever the language: the elements' and the session's. */
export type ReadingStrings = TarotStrings & typeof tarotSessionEn;

/** Every string of a reading in English. */
export const READING_EN: ReadingStrings = { ...tarotEn, ...tarotSessionEn };
