/**
 * BMO's session: a conversation in a LiveKit room, the one object that holds an assistant's
 * connection. Each `<bmo-assistant>` owns one (through its `BmoAssistantController`) and gives it
 * that assistant's own stores, so two assistants on a page hold two conversations. It asks the
 * edge for a token (token.ts), loads what it uses of `livekit-client` (livekit.ts, only then,
 * with `import()`), joins the room through a `RoomConnection` (connection.ts, which turns the
 * room's events into the stores, with cassettes and the transcript through intake.ts), turns the
 * microphone on, and leaves.
 *
 * Elements never call it; the assistant calls its actions in answer to the visitor or the host.
 */
import type { Room } from 'livekit-client';
import { API_PATHS } from '../../../contracts/api.ts';
import type { ConnectionStatus, ErrorKind } from '../../../contracts/events.ts';
import { SessionLog } from '../../events/index.ts';
import {
  announceBmo,
  upsertBmoTranscript,
  type BmoError,
  type BmoErrorCode,
  type BmoStores,
} from '../../stores/bmo.ts';
import type { CassetteStore } from '../../stores/cassette.ts';
import { RoomConnection } from './connection.ts';
import type { BmoStrings } from '../i18n/conversation-en.ts';
import { BMO_EN, bmoConversationEn } from '../i18n/conversation-en.ts';
import { conversationStrings } from '../i18n/conversation.ts';
import type { SupportedLang } from '../../../contracts/locale.ts';
import {
  CHAT_TOPIC,
  DEFAULT_AGENT_JOIN_TIMEOUT_MS,
  microphoneError,
  roomProblem,
} from './rules.ts';
import { requestRoomToken, type RoomToken } from './token.ts';

type LiveKit = typeof import('./livekit.ts');

export interface BmoRoomOptions {
  /** The assistant's own BMO stores, which this session writes. */
  stores: BmoStores;
  /** The assistant's own cassette store. */
  cassette: CassetteStore;
  /** The token route; `/api/livekit/token` by default. */
  tokenUrl?: string;
  /** The host page's current Turnstile token, read at each token request. */
  turnstileToken?: () => string | undefined;
  /** How long BMO has to join the room before the page offers Retry. */
  agentJoinTimeoutMs?: number;
  /** The time limit of each attempt at the token route, ms (default `TOKEN_ATTEMPT_TIMEOUT_MS`). */
  tokenAttemptTimeoutMs?: number;
  /** Loads the LiveKit SDK; a dynamic `import('./livekit.ts')` by default (what BMO uses of it). */
  loadLiveKit?: () => Promise<LiveKit>;
  fetch?: typeof globalThis.fetch;
  /** The name shown to BMO; the server picks one when absent. */
  participantName?: string;
  /** The assistant's words in its language and the host's own, read at each use. */
  strings?: () => Partial<BmoStrings>;
  /** The assistant's checked language, sent with the token request so BMO answers in it. */
  lang?: () => SupportedLang;
  /** Told when a new cassette reaches the slot (not for a rejoin's re-send). */
  onCassette?: (title: string) => void;
}

export interface ConnectOptions {
  /** Join without a microphone: talk to BMO by typing. */
  textOnly?: boolean;
}

export interface ReconnectOptions {
  /**
   * Ask the edge for a fresh token (a new room, where BMO is dispatched again) instead of
   * rejoining the same room: for when BMO itself left.
   */
  fresh?: boolean;
}

const ERROR_KIND: Record<BmoErrorCode, ErrorKind> = {
  not_configured: 'connection',
  mic_denied: 'microphone',
  mic_unavailable: 'microphone',
  agent_timeout: 'timeout',
  connection_lost: 'connection',
  agent_left: 'connection',
  connect_failed: 'connection',
  send_failed: 'connection',
};

function newSessionId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `bmo-${Date.now().toString(36)}-${Math.random()}`;
}

export class BmoRoom {
  #options: BmoRoomOptions;
  #s: BmoStores;
  #connection: RoomConnection | undefined;
  #attempt = 0;
  #textOnly = false;
  #lastToken: RoomToken | undefined;
  /** Since a reconnect: what the person had (transcript, cassette) is kept across joins. */
  #returning = false;
  /** The conversation's strings in the assistant's language, loaded before a join needs them. */
  #conversation: { lang: SupportedLang; strings: typeof bmoConversationEn } = {
    lang: 'en',
    strings: bmoConversationEn,
  };

  constructor(options: BmoRoomOptions) {
    this.#options = options;
    this.#s = options.stores;
  }

  #t(): BmoStrings {
    return { ...BMO_EN, ...this.#conversation.strings, ...this.#options.strings?.() };
  }

  async #loadConversationStrings(): Promise<void> {
    const lang = this.#options.lang?.() ?? 'en';
    if (lang === this.#conversation.lang) return;
    this.#conversation = { lang, strings: await conversationStrings(lang) };
  }

  /** The room, while connected (for tests and benchmarks; the page does not need it). */
  get room(): Room | undefined {
    return this.#connection?.room;
  }

  /** How many packets or streams wait for their sender's details (tests and benchmarks). */
  get heldCount(): number {
    return this.#connection?.intake.heldCount ?? 0;
  }

  /** Joins a new conversation with BMO. Does nothing while this one is connecting or connected. */
  async connect(options: ConnectOptions = {}): Promise<void> {
    if (this.#connection || this.#s.$connection.get() === 'connecting') return;
    this.#returning = false;
    this.#s.$transcript.set([]);
    await this.#join(options.textOnly ?? false, false);
  }

  /**
   * After a failure: leave whatever is left, and join a fresh conversation. A failure on the way
   * back from a reconnect keeps the transcript: the person is still resuming the same talk.
   */
  async retry(): Promise<void> {
    await this.#leave();
    this.#lastToken = undefined;
    if (!this.#returning) this.#s.$transcript.set([]);
    await this.#join(this.#textOnly, false);
  }

  /**
   * After a lost connection: rejoin the same room while the token lasts, else a fresh one; with
   * `fresh` (BMO left), always a fresh one, so BMO is dispatched again. The transcript and the
   * cassette stay as they are, and the page says when BMO is back.
   */
  async reconnect(options: ReconnectOptions = {}): Promise<void> {
    await this.#leave();
    this.#returning = true;
    if (options.fresh) this.#lastToken = undefined;
    await this.#join(this.#textOnly, !options.fresh);
  }

  /** Leaves the room on purpose (no error shown). */
  async disconnect(): Promise<void> {
    const wasOn = this.#connection !== undefined || this.#s.$connection.get() !== 'disconnected';
    this.#attempt += 1;
    await this.#leave();
    this.#settleDisconnected();
    this.#s.$error.set(null);
    if (wasOn) announceBmo(this.#s, this.#t().announceDisconnected);
  }

  /** The visitor chose to go on without a microphone. */
  continueWithoutMicrophone(): void {
    this.#typingOnly();
    this.#s.$error.set(null);
  }

  /** Mutes or unmutes the microphone (turning it on first if the session had none). */
  async setMicMuted(muted: boolean): Promise<void> {
    // A BMO that hears nothing here: the microphone stays off.
    if (!muted && this.#s.$hearing.get() === 'off') return;
    const connection = this.#connection;
    if (!connection) {
      this.#s.$micMuted.set(muted);
      return;
    }
    try {
      await connection.room.localParticipant.setMicrophoneEnabled(!muted);
      this.#s.$micMuted.set(muted);
      if (!muted) {
        this.#textOnly = false;
        this.#s.$textOnly.set(false);
        this.#s.$error.set(null);
      }
    } catch (error) {
      this.#s.$micMuted.set(true);
      this.#fail(microphoneError(error, this.#t()), error, 'warning');
    }
  }

  /** Sends typed text to BMO on `lk.chat` and adds it to the transcript. Returns whether it went. */
  async sendChat(text: string): Promise<boolean> {
    const message = text.trim();
    const connection = this.#connection;
    if (!message || !connection) return false;
    try {
      const info = await connection.room.localParticipant.sendText(message, { topic: CHAT_TOPIC });
      upsertBmoTranscript(this.#s, { id: info.id, speaker: 'user', text: message, final: true });
      return true;
    } catch (error) {
      const problem: BmoError = { code: 'send_failed', message: this.#t().errorSendFailed };
      this.#fail(problem, error, 'warning');
      return false;
    }
  }

  // -------------------------------------------------------------------------------------------

  async #join(textOnly: boolean, reuseToken: boolean): Promise<void> {
    const attempt = ++this.#attempt;
    const current = () => attempt === this.#attempt;
    const s = this.#s;
    this.#textOnly = textOnly;
    s.$textOnly.set(textOnly);
    s.$micMuted.set(textOnly);
    s.$engine.set(undefined);
    s.$hearing.set(undefined);
    s.$notice.set(null);
    s.$error.set(null);
    s.$connection.set('connecting');
    s.$agentState.set('connecting');
    const log = new SessionLog(newSessionId());
    await this.#loadConversationStrings();
    if (!current()) return;

    const last = this.#lastToken;
    let grant = reuseToken && last && last.expiresAt - Date.now() > 10_000 ? last : undefined;
    if (!grant) {
      const outcome = await requestRoomToken({
        tokenUrl: this.#options.tokenUrl ?? API_PATHS.livekitToken,
        participantName: this.#options.participantName,
        lang: this.#options.lang?.(),
        strings: this.#t(),
        turnstileToken: this.#options.turnstileToken?.(),
        fetch: this.#options.fetch,
        attemptTimeoutMs: this.#options.tokenAttemptTimeoutMs,
        onRetry: () => {
          if (current()) announceBmo(s, this.#t().announceRetrying);
        },
      });
      if (!current()) return;
      if (!outcome.ok) {
        this.#settleDisconnected();
        this.#fail(outcome.problem, outcome.error, 'error', log);
        return;
      }
      grant = outcome.grant;
      this.#lastToken = grant;
    }

    let lk: LiveKit;
    try {
      lk = await (this.#options.loadLiveKit ?? (() => import('./livekit.ts')))();
    } catch (error) {
      if (current()) this.#failConnect(this.#t().errorLoadFailed, error, log);
      return;
    }
    if (!current()) return;
    lk.setLogLevel(lk.LogLevel.warn);

    const connection = new RoomConnection(lk, log, {
      stores: s,
      cassette: this.#options.cassette,
      agentJoinTimeoutMs: this.#options.agentJoinTimeoutMs ?? DEFAULT_AGENT_JOIN_TIMEOUT_MS,
      textOnly: () => this.#textOnly,
      becameTextOnly: () => this.#typingOnly(),
      fail: (problem, error, severity) => this.#fail(problem, error, severity, log),
      lost: (lost, closed) => this.#lost(lost, closed),
      onCassette: this.#options.onCassette,
      returning: this.#returning,
      strings: () => this.#t(),
      lang: () => this.#conversation.lang,
    });
    this.#connection = connection;
    log.start({
      initialAgent: 'bmo',
      tokenExpiresAt: new Date(grant.expiresAt).toISOString(),
      mode: textOnly ? 'text' : 'voice',
      engine: 'openai',
    });

    try {
      await connection.room.connect(grant.serverUrl, grant.token);
    } catch (error) {
      if (!current()) return;
      await this.#leave();
      this.#failConnect(roomProblem(error, this.#t()).message, error, log);
      return;
    }
    if (!current()) {
      await connection.room.disconnect();
      return;
    }
    connection.joinedAt = performance.now();
    s.$connection.set('connected');
    announceBmo(s, this.#t().announceConnectedWaiting);
    void connection.room.startAudio().catch(() => undefined);
    connection.watchForAgent();

    if (!textOnly && s.$hearing.get() !== 'off') {
      try {
        await connection.room.localParticipant.setMicrophoneEnabled(true);
        if (current() && s.$hearing.get() !== 'off') s.$micMuted.set(false);
      } catch (error) {
        if (!current()) return;
        s.$micMuted.set(true);
        this.#fail(microphoneError(error, this.#t()), error, 'warning');
      }
    }
  }

  #typingOnly(): void {
    this.#textOnly = true;
    this.#s.$textOnly.set(true);
    this.#s.$micMuted.set(true);
  }

  #lost(connection: RoomConnection, closed: boolean): void {
    if (this.#connection !== connection) return;
    this.#connection = undefined;
    this.#settleDisconnected();
    // BMO leaving, then the room it closed behind it, is one departure: said once
    if (closed && this.#s.$error.get()?.code === 'agent_left') {
      connection.log.end();
      return;
    }
    // a room the server closed is BMO's job ending (its goodbye said): calm, and a fresh start
    const problem: BmoError = closed
      ? { code: 'agent_left', message: this.#t().errorAgentLeft }
      : { code: 'connection_lost', message: this.#t().errorConnectionLost };
    this.#fail(problem, undefined, closed ? 'warning' : 'error', connection.log);
    connection.log.end();
  }

  async #leave(): Promise<void> {
    const connection = this.#connection;
    if (!connection) return;
    this.#connection = undefined;
    await connection.leave();
  }

  #settleDisconnected(): void {
    this.#s.$connection.set('disconnected');
    this.#s.$agentState.set('disconnected');
  }

  #failConnect(message: string, error: unknown, log: SessionLog): void {
    this.#settleDisconnected();
    this.#fail({ code: 'connect_failed', message }, error, 'error', log);
  }

  #fail(
    problem: BmoError,
    error: unknown,
    severity: 'warning' | 'error',
    log: SessionLog | undefined = this.#connection?.log,
  ): void {
    this.#s.$error.set(problem);
    log?.error({
      type: ERROR_KIND[problem.code],
      severity,
      message: problem.message,
      error,
      agent: 'bmo',
      connectionStatus: this.#connectionStatus(),
    });
  }

  #connectionStatus(): ConnectionStatus {
    const connection = this.#s.$connection.get();
    return connection === 'reconnecting' ? 'connecting' : connection;
  }
}
