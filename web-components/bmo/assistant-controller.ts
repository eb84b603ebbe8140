/**
 * The logic behind `<bmo-assistant>`: it subscribes the element to the BMO stores, creates the
 * element's `BmoRoomController` when the visitor first needs one (with the element's token URL and
 * name), calls it in answer to the visitor, and tells the host page what happened through events.
 * The room controller holds the connection; this only holds the room controller.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  $bmoAgentState,
  $bmoConnection,
  $bmoError,
  $bmoMicMuted,
  $bmoTextOnly,
  $bmoTranscript,
  clearBmoError,
  type BmoAgentState,
  type BmoConnection,
  type BmoError,
  type BmoErrorCode,
  type BmoTranscriptEntry,
} from '../stores/bmo.ts';
import { StoreController } from '../stores/store-controller.ts';
import { BmoRoomController } from './room-controller.ts';

export interface BmoConnectionChangeDetail {
  connection: BmoConnection;
}

/** What the assistant needs from its element. */
export interface BmoAssistantHost extends ReactiveControllerHost, EventTarget {
  /** Where to ask for a LiveKit token. */
  tokenUrl: string;
  /** The name shown to BMO; empty lets the server pick one. */
  participantName: string;
}

/** A way out of an error, as a button. */
export interface BmoErrorAction {
  label: string;
  primary: boolean;
  run: () => unknown;
}

/** The status line: the connection until the room is joined, then what BMO is doing. */
export function statusText(
  connection: BmoConnection,
  agent: BmoAgentState,
  textOnly = false,
): string {
  switch (connection) {
    case 'disconnected':
      return 'Not connected';
    case 'connecting':
      return 'Connecting…';
    case 'reconnecting':
      return 'Connection dropped. Reconnecting…';
    case 'connected': {
      const typing = textOnly ? ' (typing only)' : '';
      switch (agent) {
        case 'connecting':
          return `Waiting for BMO to join…${typing}`;
        case 'disconnected':
          return `BMO is not in the room${typing}`;
        default:
          return `BMO is ${agent}${typing}`;
      }
    }
  }
}

export class BmoAssistantController implements ReactiveController {
  readonly connection: StoreController<BmoConnection>;
  readonly agent: StoreController<BmoAgentState>;
  readonly micMuted: StoreController<boolean>;
  readonly textOnly: StoreController<boolean>;
  readonly transcript: StoreController<readonly BmoTranscriptEntry[]>;
  readonly error: StoreController<BmoError | null>;

  #host: BmoAssistantHost;
  #room: BmoRoomController | undefined;
  #roomFor = '';
  #stopListening: (() => void)[] = [];

  constructor(host: BmoAssistantHost) {
    this.#host = host;
    this.connection = new StoreController(host, $bmoConnection);
    this.agent = new StoreController(host, $bmoAgentState);
    this.micMuted = new StoreController(host, $bmoMicMuted);
    this.textOnly = new StoreController(host, $bmoTextOnly);
    this.transcript = new StoreController(host, $bmoTranscript);
    this.error = new StoreController(host, $bmoError);
    host.addController(this);
  }

  /** The room controller, once the visitor has needed one. */
  get room(): BmoRoomController | undefined {
    return this.#room;
  }

  /** Whether BMO is in the room, so typed text has someone to go to. */
  get canType(): boolean {
    const agent = this.agent.value;
    return (
      this.connection.value === 'connected' && agent !== 'connecting' && agent !== 'disconnected'
    );
  }

  get status(): string {
    return statusText(this.connection.value, this.agent.value, this.textOnly.value);
  }

  hostConnected(): void {
    this.#stopListening = [
      $bmoConnection.listen((connection) =>
        this.#fire<BmoConnectionChangeDetail>('bmo-connection-change', { connection }),
      ),
      $bmoError.listen((error) => {
        if (error) this.#fire<BmoError>('bmo-error', { code: error.code, message: error.message });
      }),
    ];
  }

  hostDisconnected(): void {
    for (const stop of this.#stopListening) stop();
    this.#stopListening = [];
  }

  /**
   * Joins a new conversation. A new room controller is made when the element's token URL or name
   * changed since the last one (only while disconnected, which is when Connect is offered).
   */
  connect(textOnly: boolean): Promise<void> {
    const key = `${this.#host.tokenUrl}\n${this.#host.participantName}`;
    if (key !== this.#roomFor && this.connection.value === 'disconnected') this.#room = undefined;
    return this.#ensureRoom().connect({ textOnly });
  }

  /** Leaves the room, if the element ever joined one. */
  disconnect(): Promise<void> {
    return this.#room?.disconnect() ?? Promise.resolve();
  }

  setMicMuted(muted: boolean): Promise<void> {
    return this.#ensureRoom().setMicMuted(muted);
  }

  /** Sends typed text to BMO; resolves to whether it went. */
  send(text: string): Promise<boolean> {
    return this.#ensureRoom().sendChat(text);
  }

  /** The ways out of an error, in the order they are offered. */
  errorActions(code: BmoErrorCode): BmoErrorAction[] {
    switch (code) {
      case 'mic_denied':
      case 'mic_unavailable':
        return [
          {
            label: 'Continue without microphone',
            primary: true,
            run: () => this.#ensureRoom().continueWithoutMicrophone(),
          },
          {
            label: 'Try the microphone again',
            primary: false,
            run: () => this.#ensureRoom().setMicMuted(false),
          },
        ];
      case 'agent_timeout':
      case 'connect_failed':
      case 'agent_left':
        // A fresh room: BMO is dispatched when a room is created.
        return [{ label: 'Retry', primary: true, run: () => this.#ensureRoom().retry() }];
      case 'connection_lost':
        // The same room while the token lasts: BMO is still there and re-sends the cassette.
        return [{ label: 'Reconnect', primary: true, run: () => this.#ensureRoom().reconnect() }];
      case 'send_failed':
        return [{ label: 'Dismiss', primary: false, run: () => clearBmoError() }];
      case 'not_configured':
        return [];
    }
  }

  #ensureRoom(): BmoRoomController {
    if (!this.#room) {
      const { tokenUrl, participantName } = this.#host;
      this.#room = new BmoRoomController({
        tokenUrl,
        ...(participantName ? { participantName } : {}),
      });
      this.#roomFor = `${tokenUrl}\n${participantName}`;
    }
    return this.#room;
  }

  #fire<T>(type: string, detail: T): void {
    this.#host.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }
}
