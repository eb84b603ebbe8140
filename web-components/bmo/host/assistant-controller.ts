/**
 * The logic behind `<bmo-assistant>`: it subscribes the element to the assistant's own stores,
 * creates the assistant's `BmoRoom` when the visitor or the host first needs one (with
 * the element's token route and name), calls it in answer to them, and tells the host page what
 * happened through events. The room session holds the connection; this holds the room
 * controller, so the session lives with the root element that owns this. The room session (and
 * with it the rules that parse packets with the contract's schemas) loads with `import()` when the
 * first conversation starts, beside livekit-client: an assistant on a page costs only its element.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { API_PATHS } from '../../../contracts/api.ts';
import { apiUrl } from '../../shared/api-url.ts';
import {
  type BmoAgentState,
  type BmoAnnouncement,
  type BmoConnection,
  type BmoEngine,
  type BmoError,
  type BmoErrorCode,
  type BmoHearing,
  type BmoTranscriptEntry,
} from '../../stores/bmo.ts';
import type { Cassette } from '../../stores/cassette.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import type { BmoContextValue } from '../../stores/bmo-context.ts';
import type { BmoRoom } from '../session/bmo-room.ts';
import type { BmoErrorAction } from './error-actions.ts';
import { bmoEn, type BmoElementStrings } from '../i18n/en.ts';
import type { SupportedLang } from '../../../contracts/locale.ts';

/** Longest typed message, from the text box or from the host's `send()`. */
export const MAX_CHAT_CHARS = 2000;

/**
 * The token route for an assistant: `token-url` when set, else `{api-base}/api/livekit/token`
 * (trailing slashes of `api-base` ignored), else this page's own route.
 */
export function tokenUrlFor(apiBase: string, tokenUrl: string): string {
  if (tokenUrl.trim()) return tokenUrl.trim();
  return apiUrl(apiBase, API_PATHS.livekitToken);
}

/** An assistant's checked language and its strings in it. */
export interface BmoLocale {
  readonly lang: SupportedLang;
  readonly t: BmoElementStrings;
}
const ENGLISH: BmoLocale = { lang: 'en', t: bmoEn };

/** `bmo-connection-change`: the link to BMO's room changed. */
export interface BmoConnectionChangeDetail {
  connection: BmoConnection;
}

/**
 * `bmo-agent-state-change`: what BMO is doing changed, or BMO said which engine it runs on and
 * whether it hears.
 */
export interface BmoAgentStateChangeDetail {
  state: BmoAgentState;
  /** `openai` or `offline`; undefined until BMO has said. */
  engine: BmoEngine | undefined;
  /** `on`, `off` (typing only) or `down` (for now); undefined until BMO has said. */
  hearing: BmoHearing | undefined;
}

/** `bmo-cassette-receive`: a new cassette reached the assistant's slot. */
export type BmoCassetteReceiveDetail = Cassette;

/** What the assistant needs from its element. */
export interface BmoAssistantHost extends ReactiveControllerHost, EventTarget {
  /** The element's own stores. */
  readonly stores: BmoContextValue;
  /** Where to ask for a LiveKit token. */
  readonly resolvedTokenUrl: string;
  /** The name shown to BMO; empty lets the server pick one. */
  participantName: string;
  /** The host page's Turnstile token ('' for none), read at each token request. */
  readonly turnstileToken?: string;
}

export type { BmoErrorAction } from './error-actions.ts';

/** The status line: the connection until the room is joined, then what BMO is doing. */
export function statusText(
  connection: BmoConnection,
  agent: BmoAgentState,
  textOnly = false,
  t: BmoElementStrings = bmoEn,
): string {
  switch (connection) {
    case 'disconnected':
      return t.statusDisconnected;
    case 'connecting':
      return t.statusConnecting;
    case 'reconnecting':
      return t.statusReconnecting;
    case 'connected': {
      const typing = textOnly ? t.statusTypingOnly : '';
      switch (agent) {
        case 'connecting':
          return `${t.statusWaiting}${typing}`;
        case 'disconnected':
          return `${t.statusAbsent}${typing}`;
        default:
          return `${t.statusAgent(agent)}${typing}`;
      }
    }
  }
}

export class BmoAssistantController implements ReactiveController {
  readonly connection: StoreController<BmoConnection>;
  readonly agent: StoreController<BmoAgentState>;
  readonly engine: StoreController<BmoEngine | undefined>;
  readonly hearing: StoreController<BmoHearing | undefined>;
  readonly notice: StoreController<string | null>;
  readonly micMuted: StoreController<boolean>;
  readonly textOnly: StoreController<boolean>;
  readonly transcript: StoreController<readonly BmoTranscriptEntry[]>;
  readonly error: StoreController<BmoError | null>;
  readonly announcement: StoreController<BmoAnnouncement | null>;

  #host: BmoAssistantHost;
  #locale: () => BmoLocale;
  #room: BmoRoom | undefined;
  #roomLoad: Promise<BmoRoom> | undefined;
  #roomFor = '';
  #stopListening: (() => void)[] = [];
  #actions: typeof import('./error-actions.ts') | undefined;
  #actionsLoad: Promise<void> | undefined;

  /** `locale`: the element's checked language and its words, read at each use. */
  constructor(host: BmoAssistantHost, locale: () => BmoLocale = () => ENGLISH) {
    this.#host = host;
    this.#locale = locale;
    const s = host.stores.bmo;
    this.connection = new StoreController(host, s.$connection);
    this.agent = new StoreController(host, s.$agentState);
    this.engine = new StoreController(host, s.$engine);
    this.hearing = new StoreController(host, s.$hearing);
    this.notice = new StoreController(host, s.$notice);
    this.micMuted = new StoreController(host, s.$micMuted);
    this.textOnly = new StoreController(host, s.$textOnly);
    this.transcript = new StoreController(host, s.$transcript);
    this.error = new StoreController(host, s.$error);
    this.announcement = new StoreController(host, s.$announcement);
    host.addController(this);
  }

  /** The room session, once the visitor has needed one. */
  get room(): BmoRoom | undefined {
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
    return statusText(this.connection.value, this.agent.value, this.textOnly.value, this.#t());
  }

  hostConnected(): void {
    const s = this.#host.stores.bmo;
    const agentChange = () =>
      this.#fire<BmoAgentStateChangeDetail>('bmo-agent-state-change', {
        state: s.$agentState.get(),
        engine: s.$engine.get(),
        hearing: s.$hearing.get(),
      });
    this.#stopListening = [
      s.$connection.listen((connection) =>
        this.#fire<BmoConnectionChangeDetail>('bmo-connection-change', { connection }),
      ),
      s.$agentState.listen(agentChange),
      s.$engine.listen(agentChange),
      s.$hearing.listen(agentChange),
      s.$error.listen((error) => {
        if (error) this.#fire<BmoError>('bmo-error', { code: error.code, message: error.message });
      }),
      this.#host.stores.cassette.$cassette.listen((cassette) => {
        if (cassette) this.#fire<BmoCassetteReceiveDetail>('bmo-cassette-receive', { ...cassette });
      }),
    ];
  }

  hostDisconnected(): void {
    for (const stop of this.#stopListening) stop();
    this.#stopListening = [];
  }

  /**
   * Joins a new conversation. A new room session is made when the element's token URL or name
   * changed since the last one (only while disconnected, which is when Connect is offered).
   */
  connect(textOnly: boolean): Promise<void> {
    const key = `${this.#host.resolvedTokenUrl}\n${this.#host.participantName}`;
    if (key !== this.#roomFor && this.connection.value === 'disconnected') this.#room = undefined;
    return this.#withRoom((room) => room.connect({ textOnly }));
  }

  /** Leaves the room, if the element ever joined one (or is loading what joins one). */
  disconnect(): Promise<void> {
    if (this.#roomLoad) return this.#roomLoad.then((room) => room.disconnect());
    return this.#room?.disconnect() ?? Promise.resolve();
  }

  setMicMuted(muted: boolean): Promise<void> {
    return this.#withRoom((room) => room.setMicMuted(muted));
  }

  /** Sends typed text to BMO; resolves to whether it went. */
  send(text: string): Promise<boolean> {
    return this.#withRoom((room) => room.sendChat(text));
  }

  /**
   * The ways out of an error, in the order they are offered; none until their code
   * (error-actions.ts) is in, which loads with the room or with the first error shown.
   */
  errorActions(code: BmoErrorCode): BmoErrorAction[] {
    return (
      this.#actions?.errorActions(code, this.#t(), {
        withRoom: (use) => this.#withRoom(use),
        setMicMuted: (muted) => this.setMicMuted(muted),
        dismiss: () => this.#host.stores.bmo.$error.set(null),
      }) ?? []
    );
  }

  hostUpdate(): void {
    if (this.error.value) this.#loadActions();
  }

  #loadActions(): void {
    this.#actionsLoad ??= import('./error-actions.ts').then(
      (actions) => {
        this.#actions = actions;
        this.#host.requestUpdate();
      },
      () => {
        this.#actionsLoad = undefined;
      },
    );
  }

  /**
   * Calls the room session: at once when there is one (so calls keep their order), else once
   * its module has loaded, the first time a conversation needs it.
   */
  #withRoom<T>(use: (room: BmoRoom) => Promise<T>): Promise<T> {
    if (this.#room) return use(this.#room);
    this.#roomLoad ??= this.#loadRoom().finally(() => {
      this.#roomLoad = undefined;
    });
    return this.#roomLoad.then(use);
  }

  async #loadRoom(): Promise<BmoRoom> {
    this.#loadActions(); // the room's errors offer them
    const { BmoRoom } = await import('../session/bmo-room.ts');
    const { resolvedTokenUrl: tokenUrl, participantName, stores } = this.#host;
    this.#room = new BmoRoom({
      stores: stores.bmo,
      cassette: stores.cassette,
      tokenUrl,
      turnstileToken: () => this.#host.turnstileToken,
      strings: () => this.#t(),
      lang: () => this.#locale().lang,
      ...(participantName ? { participantName } : {}),
    });
    this.#roomFor = `${tokenUrl}\n${participantName}`;
    return this.#room;
  }

  #t(): BmoElementStrings {
    return this.#locale().t;
  }

  #fire<T>(type: string, detail: T): void {
    this.#host.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }
}
