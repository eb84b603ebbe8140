/**
 * The ways out of each error `<bmo-assistant>` shows, as buttons: what each offers and does. Only
 * an error needs them, and errors come from a conversation, so they load with the room (or with
 * the first error shown), not with the element (assistant-controller.ts).
 */
import type { BmoErrorCode } from '../../stores/bmo.ts';
import type { BmoRoom } from '../session/bmo-room.ts';
import type { BmoElementStrings } from '../i18n/en.ts';

/** A way out of an error, as a button. */
export interface BmoErrorAction {
  label: string;
  primary: boolean;
  run: () => unknown;
}

/** What an action calls on the assistant. */
export interface ErrorActionCalls {
  /** Calls the room, loading it first if need be. */
  withRoom: <T>(use: (room: BmoRoom) => Promise<T>) => Promise<T>;
  setMicMuted: (muted: boolean) => Promise<void>;
  /** Clears the error. */
  dismiss: () => void;
}

/** The ways out of an error, in the order they are offered. */
export function errorActions(
  code: BmoErrorCode,
  t: BmoElementStrings,
  calls: ErrorActionCalls,
): BmoErrorAction[] {
  switch (code) {
    case 'mic_denied':
    case 'mic_unavailable':
      return [
        {
          label: t.actionContinueWithoutMic,
          primary: true,
          run: () => calls.withRoom(async (room) => room.continueWithoutMicrophone()),
        },
        {
          label: t.actionTryMicAgain,
          primary: false,
          run: () => calls.setMicMuted(false),
        },
      ];
    case 'agent_timeout':
    case 'connect_failed':
      // A fresh room: BMO is dispatched when a room is created.
      return [
        {
          label: t.actionRetry,
          primary: true,
          run: () => calls.withRoom((room) => room.retry()),
        },
      ];
    case 'agent_left':
      // BMO's job ended (its worker died): a fresh token makes a new room, where BMO is
      // dispatched again; the transcript and the cassette stay.
      return [
        {
          label: t.actionReconnect,
          primary: true,
          run: () => calls.withRoom((room) => room.reconnect({ fresh: true })),
        },
      ];
    case 'connection_lost':
      // The same room while the token lasts: BMO is still there and re-sends the cassette.
      return [
        {
          label: t.actionReconnect,
          primary: true,
          run: () => calls.withRoom((room) => room.reconnect()),
        },
      ];
    case 'send_failed':
      return [
        {
          label: t.actionDismiss,
          primary: false,
          run: () => calls.dismiss(),
        },
      ];
    case 'not_configured':
      return [];
  }
}
