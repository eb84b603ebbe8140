/**
 * BMO's LiveKit room controller: the one place on the page that holds a connection. It fetches a
 * token from `POST /api/livekit/token`, loads `livekit-client` (only then, with `import()`), joins
 * the room, turns the microphone on, and writes everything the page shows into stores:
 *
 * - the cassette (`stores/cassette.ts`): from topic `cassette`, as data packets and as text
 *   streams, accepted only from an agent participant and only when the contract parses it;
 *   anything else is dropped and logged, never shown;
 * - BMO's state, the connection, the microphone, the transcript and errors (`stores/bmo.ts`).
 *
 * Elements never call it; the page calls its actions in answer to their events.
 */
import type {
  Participant,
  ParticipantKind,
  RemoteParticipant,
  RemoteTrack,
  Room,
  TextStreamReader,
} from 'livekit-client';
import { ApiErrorBody } from '../../contracts/api.ts';
import { CASSETTE_TOPIC, parseCassette, type CassetteMessage } from '../../contracts/cassette.ts';
import type { ConnectionStatus, ErrorKind } from '../../contracts/events.ts';
import { LiveKitTokenRequest, LiveKitTokenResponse } from '../../contracts/livekit.ts';
import { SessionLog, describeError } from '../events/index.ts';
import { announce } from '../stores/announcer.ts';
import {
  $bmoConnection,
  $bmoError,
  clearBmoError,
  clearBmoTranscript,
  setBmoAgentState,
  setBmoConnection,
  setBmoError,
  setBmoMicMuted,
  setBmoTextOnly,
  upsertBmoTranscript,
  type BmoAgentState,
  type BmoError,
  type BmoErrorCode,
} from '../stores/bmo.ts';
import { $cassette, setCassette } from '../stores/cassette.ts';

type LiveKit = typeof import('livekit-client');

/** `ParticipantKind.AGENT` in the LiveKit protocol (`ParticipantInfo.Kind`). */
export const AGENT_PARTICIPANT_KIND: ParticipantKind = 4;
export const TRANSCRIPTION_TOPIC = 'lk.transcription';
export const CHAT_TOPIC = 'lk.chat';
export const AGENT_STATE_ATTRIBUTE = 'lk.agent.state';
export const DEFAULT_TOKEN_URL = '/api/livekit/token';
export const DEFAULT_AGENT_JOIN_TIMEOUT_MS = 15_000;
/** Text streams on the cassette topic larger than this are not read. */
export const MAX_CASSETTE_STREAM_BYTES = 4 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Pure rules (unit-tested in tests/unit/bmo-room-controller.test.ts)

export type CassetteDropReason = 'wrong_topic' | 'not_agent' | 'invalid';
export type CassettePacketDecision =
  | { accept: true; cassette: CassetteMessage }
  | { accept: false; reason: CassetteDropReason; error: string };

/**
 * Whether a cassette message may reach the slot: it must come on topic `cassette`, from an agent
 * participant, and parse as the contract's `CassetteMessage`.
 */
export function acceptCassettePacket(input: {
  participantKind: ParticipantKind | undefined;
  topic: string | undefined;
  payload: Uint8Array | string;
}): CassettePacketDecision {
  if (input.topic !== CASSETTE_TOPIC) {
    return { accept: false, reason: 'wrong_topic', error: `Topic is not "${CASSETTE_TOPIC}".` };
  }
  if (input.participantKind !== AGENT_PARTICIPANT_KIND) {
    return {
      accept: false,
      reason: 'not_agent',
      error: 'Sent by a participant that is not an agent.',
    };
  }
  const parsed = parseCassette(input.payload);
  if (!parsed.ok) return { accept: false, reason: 'invalid', error: parsed.error };
  return { accept: true, cassette: parsed.cassette };
}

/** How long after (re)joining a cassette identical to the one on show counts as the agent's re-send. */
export const REJOIN_RESEND_WINDOW_MS = 10_000;

/**
 * Whether an incoming cassette is the agent re-sending what the slot already shows, because the
 * page rejoined the room (the agent re-sends the current cassette on every join, since the server
 * keeps no packets). Such a re-send is not a new cassette: no eject, no insert, no announcement.
 */
export function isRejoinResend(
  current: { title: string; content: string } | null,
  incoming: { title: string; content: string },
  msSinceJoin: number,
): boolean {
  return (
    current !== null &&
    current.title === incoming.title &&
    current.content === incoming.content &&
    msSinceJoin >= 0 &&
    msSinceJoin < REJOIN_RESEND_WINDOW_MS
  );
}

/** BMO's face for the agent's `lk.agent.state` attribute. */
export function agentStateFromAttribute(value: string | undefined): BmoAgentState {
  switch (value) {
    case 'listening':
    case 'idle':
      return 'listening';
    case 'thinking':
      return 'thinking';
    case 'speaking':
      return 'speaking';
    default:
      // 'initializing', or no state yet.
      return 'connecting';
  }
}

/** The page's words for a microphone that would not start, from the error's DOMException name. */
export function microphoneError(error: unknown): BmoError {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') {
    return {
      code: 'mic_denied',
      message:
        'Microphone access was blocked, so BMO cannot hear you. You can still type to BMO, or allow the microphone in your browser and try again.',
    };
  }
  return {
    code: 'mic_unavailable',
    message:
      'No microphone could be started (none found, or another app is using it). You can still type to BMO.',
  };
}

/** The page's words for a token route that said no. */
export function tokenError(status: number, body: unknown): BmoError {
  const parsed = ApiErrorBody.safeParse(body);
  const detail = parsed.success ? parsed.data.error.message : undefined;
  if (status === 503 && parsed.success && parsed.data.error.code === 'not_configured') {
    return {
      code: 'not_configured',
      message: `BMO is not available on this server: LiveKit is not configured.${detail ? ` (${detail})` : ''}`,
    };
  }
  if (status === 429) {
    return {
      code: 'connect_failed',
      message: 'Too many connection attempts. Wait a minute, then try again.',
    };
  }
  if (status === 403 && parsed.success && parsed.data.error.code === 'forbidden_origin') {
    return {
      code: 'connect_failed',
      message:
        "This site is not allowed to talk to BMO's server. The site's owner can allow it on the server.",
    };
  }
  return {
    code: 'connect_failed',
    message: `Could not start a conversation with BMO${detail ? `: ${detail}` : ` (HTTP ${status})`}.`,
  };
}

/**
 * The page's words for a token route it could not reach at all. A browser cannot tell a network
 * failure from another origin's refusal (a server that does not allow this site answers without
 * CORS headers, so the page never sees why), so for a token route on another origin it says both.
 */
export function unreachableMessage(tokenUrl: string, pageUrl: string | undefined): string {
  const plain = 'Could not reach the server. Check your connection and retry.';
  let url: URL;
  try {
    url = new URL(tokenUrl, pageUrl);
  } catch {
    return plain; // a relative route: the page's own server
  }
  if (pageUrl !== undefined && url.origin === new URL(pageUrl).origin) return plain;
  return `Could not reach BMO's server at ${url.host}. Check your connection and retry; if it keeps failing, that server may not allow this site.`;
}

// ---------------------------------------------------------------------------------------------

export interface BmoRoomControllerOptions {
  /** The token route; `/api/livekit/token` by default. */
  tokenUrl?: string;
  /** How long BMO has to join the room before the page offers Retry. */
  agentJoinTimeoutMs?: number;
  /** Loads the LiveKit SDK; a dynamic `import('livekit-client')` by default. */
  loadLiveKit?: () => Promise<LiveKit>;
  fetch?: typeof globalThis.fetch;
  /** The name shown to BMO; the server picks one when absent. */
  participantName?: string;
}

export interface ConnectOptions {
  /** Join without a microphone: talk to BMO by typing. */
  textOnly?: boolean;
}

interface Session {
  attempt: number;
  room: Room;
  lk: LiveKit;
  log: SessionLog;
  serverUrl: string;
  token: string;
  expiresAt: number;
  agentTimer: ReturnType<typeof setTimeout> | undefined;
  audio: Map<RemoteTrack, HTMLMediaElement>;
  /** When the page last (re)joined the room: `performance.now()`. */
  joinedAt: number;
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

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The token request: the browser's time zone and a name, each left out when the contract refuses it. */
export function tokenRequestBody(input: {
  participantName?: string | undefined;
  timeZone?: string | undefined;
}): LiveKitTokenRequest {
  const body: LiveKitTokenRequest = {};
  const name = LiveKitTokenRequest.shape.participantName.safeParse(input.participantName);
  if (name.success && name.data) body.participantName = name.data;
  const zone = LiveKitTokenRequest.shape.timeZone.safeParse(input.timeZone);
  if (zone.success && zone.data) body.timeZone = zone.data;
  return body;
}

export class BmoRoomController {
  #options: BmoRoomControllerOptions;
  #session: Session | undefined;
  #attempt = 0;
  #textOnly = false;
  #lastToken: { serverUrl: string; token: string; expiresAt: number } | undefined;

  constructor(options: BmoRoomControllerOptions = {}) {
    this.#options = options;
  }

  /** The room, while connected (for tests and benchmarks; the page does not need it). */
  get room(): Room | undefined {
    return this.#session?.room;
  }

  /** Joins a new conversation with BMO. Does nothing while already connecting or connected. */
  async connect(options: ConnectOptions = {}): Promise<void> {
    if (this.#session || $bmoConnection.get() === 'connecting') return;
    clearBmoTranscript();
    await this.#join(options.textOnly ?? false, false);
  }

  /** After a failure: leave whatever is left, and join a fresh conversation. */
  async retry(): Promise<void> {
    await this.#leave();
    this.#lastToken = undefined;
    clearBmoTranscript();
    await this.#join(this.#textOnly, false);
  }

  /** After a lost connection: rejoin the same room while the token lasts, else a fresh one. */
  async reconnect(): Promise<void> {
    await this.#leave();
    await this.#join(this.#textOnly, true);
  }

  /** Leaves the room on purpose (no error shown). */
  async disconnect(): Promise<void> {
    const wasOn = this.#session !== undefined || $bmoConnection.get() !== 'disconnected';
    this.#attempt += 1;
    await this.#leave();
    setBmoConnection('disconnected');
    setBmoAgentState('disconnected');
    clearBmoError();
    if (wasOn) announce('Disconnected from BMO.');
  }

  /** The visitor chose to go on without a microphone. */
  continueWithoutMicrophone(): void {
    this.#textOnly = true;
    setBmoTextOnly(true);
    setBmoMicMuted(true);
    clearBmoError();
  }

  /** Mutes or unmutes the microphone (turning it on first if the session had none). */
  async setMicMuted(muted: boolean): Promise<void> {
    const session = this.#session;
    if (!session) {
      setBmoMicMuted(muted);
      return;
    }
    try {
      await session.room.localParticipant.setMicrophoneEnabled(!muted);
      setBmoMicMuted(muted);
      if (!muted) {
        this.#textOnly = false;
        setBmoTextOnly(false);
        clearBmoError();
      }
    } catch (error) {
      setBmoMicMuted(true);
      this.#fail(microphoneError(error), error, 'warning');
    }
  }

  /** Sends typed text to BMO on `lk.chat` and adds it to the transcript. Returns whether it went. */
  async sendChat(text: string): Promise<boolean> {
    const message = text.trim();
    const session = this.#session;
    if (!message || !session) return false;
    try {
      const info = await session.room.localParticipant.sendText(message, { topic: CHAT_TOPIC });
      upsertBmoTranscript({ id: info.id, speaker: 'user', text: message, final: true });
      return true;
    } catch (error) {
      this.#fail(
        { code: 'send_failed', message: 'Your message did not reach BMO. Try sending it again.' },
        error,
        'warning',
      );
      return false;
    }
  }

  // -------------------------------------------------------------------------------------------

  async #join(textOnly: boolean, reuseToken: boolean): Promise<void> {
    const attempt = ++this.#attempt;
    const current = () => attempt === this.#attempt;
    this.#textOnly = textOnly;
    setBmoTextOnly(textOnly);
    setBmoMicMuted(textOnly);
    clearBmoError();
    setBmoConnection('connecting');
    setBmoAgentState('connecting');
    const log = new SessionLog(newSessionId());

    let grant =
      reuseToken && this.#lastToken && this.#lastToken.expiresAt - Date.now() > 10_000
        ? this.#lastToken
        : undefined;
    if (!grant) {
      const fetched = await this.#fetchToken(log);
      if (!current()) return;
      if (!fetched) return;
      grant = fetched;
      this.#lastToken = fetched;
    }

    let lk: LiveKit;
    try {
      lk = await (this.#options.loadLiveKit ?? (() => import('livekit-client')))();
    } catch (error) {
      if (current())
        this.#failConnect('BMO could not load: check your connection and retry.', error, log);
      return;
    }
    if (!current()) return;
    lk.setLogLevel(lk.LogLevel.warn);

    const room = new lk.Room({ adaptiveStream: false, dynacast: false });
    const session: Session = {
      attempt,
      room,
      lk,
      log,
      serverUrl: grant.serverUrl,
      token: grant.token,
      expiresAt: grant.expiresAt,
      agentTimer: undefined,
      audio: new Map(),
      joinedAt: performance.now(),
    };
    this.#session = session;
    this.#wire(session);
    log.start({
      initialAgent: 'bmo',
      tokenExpiresAt: new Date(grant.expiresAt).toISOString(),
      mode: textOnly ? 'text' : 'voice',
      engine: 'openai',
    });

    try {
      await room.connect(grant.serverUrl, grant.token);
    } catch (error) {
      if (!current()) return;
      await this.#leave();
      this.#failConnect(
        `Could not reach BMO: ${describeError(error, 'the connection failed')}.`,
        error,
        log,
      );
      return;
    }
    if (!current()) {
      await room.disconnect();
      return;
    }
    session.joinedAt = performance.now();
    setBmoConnection('connected');
    announce('Connected. Waiting for BMO to join.');
    void room.startAudio().catch(() => undefined);
    this.#watchForAgent(session);

    if (!textOnly) {
      try {
        await room.localParticipant.setMicrophoneEnabled(true);
        if (current()) setBmoMicMuted(false);
      } catch (error) {
        if (!current()) return;
        setBmoMicMuted(true);
        this.#fail(microphoneError(error), error, 'warning');
      }
    }
  }

  async #fetchToken(
    log: SessionLog,
  ): Promise<{ serverUrl: string; token: string; expiresAt: number } | undefined> {
    const doFetch = this.#options.fetch ?? globalThis.fetch.bind(globalThis);
    const tokenUrl = this.#options.tokenUrl ?? DEFAULT_TOKEN_URL;
    let response: Response;
    try {
      response = await doFetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          tokenRequestBody({
            participantName: this.#options.participantName,
            timeZone: browserTimeZone(),
          }),
        ),
      });
    } catch (error) {
      this.#failConnect(unreachableMessage(tokenUrl, globalThis.location?.href), error, log);
      return undefined;
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const problem = tokenError(response.status, body);
      this.#settleDisconnected();
      this.#fail(problem, undefined, 'error', log);
      return undefined;
    }
    const parsed = LiveKitTokenResponse.safeParse(body);
    if (!parsed.success) {
      this.#failConnect(
        'The server answered with something BMO did not understand.',
        undefined,
        log,
      );
      return undefined;
    }
    return {
      serverUrl: parsed.data.serverUrl,
      token: parsed.data.participantToken,
      expiresAt: parsed.data.expiresAt * 1000,
    };
  }

  #wire(session: Session): void {
    const { room, lk } = session;
    const mine = () => this.#session === session;
    const E = lk.RoomEvent;

    room.on(E.ConnectionStateChanged, (state) => {
      if (!mine()) return;
      if (
        state === lk.ConnectionState.Reconnecting ||
        state === lk.ConnectionState.SignalReconnecting
      ) {
        setBmoConnection('reconnecting');
      } else if (state === lk.ConnectionState.Connected) {
        setBmoConnection('connected');
      }
    });
    room.on(E.Reconnecting, () => {
      if (mine()) setBmoConnection('reconnecting');
    });
    room.on(E.Reconnected, () => {
      if (!mine()) return;
      session.joinedAt = performance.now();
      setBmoConnection('connected');
    });
    room.on(E.Disconnected, () => {
      if (!mine()) return;
      // Only an unexpected drop reaches here: #leave() forgets the session before disconnecting.
      this.#clearAudio(session);
      this.#session = undefined;
      this.#settleDisconnected();
      this.#fail(
        { code: 'connection_lost', message: 'The connection to BMO was lost.' },
        undefined,
        'error',
        session.log,
      );
      session.log.end();
    });

    room.on(E.ParticipantConnected, (participant) => {
      if (mine() && participant.kind === lk.ParticipantKind.AGENT)
        this.#agentJoined(session, participant);
    });
    room.on(E.ParticipantDisconnected, (participant) => {
      if (!mine() || participant.kind !== lk.ParticipantKind.AGENT || this.#findAgent(session))
        return;
      setBmoAgentState('disconnected');
      this.#fail(
        { code: 'agent_left', message: 'BMO left the conversation.' },
        undefined,
        'warning',
      );
    });
    room.on(E.ParticipantAttributesChanged, (_changed, participant) => {
      if (mine() && participant.kind === lk.ParticipantKind.AGENT)
        this.#showAgentState(participant);
    });
    room.on(E.ActiveSpeakersChanged, (speakers) => {
      // Only for agents that do not publish their state.
      const agent = this.#findAgent(session);
      if (!mine() || !agent || agent.attributes[AGENT_STATE_ATTRIBUTE]) return;
      setBmoAgentState(
        speakers.some((p) => p.identity === agent.identity) ? 'speaking' : 'listening',
      );
    });

    room.on(E.TrackSubscribed, (track, _publication, participant) => {
      if (
        !mine() ||
        track.kind !== lk.Track.Kind.Audio ||
        participant.kind !== lk.ParticipantKind.AGENT
      )
        return;
      session.audio.set(track, track.attach());
    });
    room.on(E.TrackUnsubscribed, (track) => {
      session.audio.get(track)?.remove();
      session.audio.delete(track);
      track.detach();
    });

    room.on(E.DataReceived, (payload, participant, _kind, topic) => {
      if (!mine() || topic !== CASSETTE_TOPIC) return;
      this.#receiveCassette(session, participant?.kind, topic, payload);
    });
    room.registerTextStreamHandler(CASSETTE_TOPIC, (reader, { identity }) => {
      void this.#readCassetteStream(session, reader, identity);
    });
    room.registerTextStreamHandler(TRANSCRIPTION_TOPIC, (reader, { identity }) => {
      void this.#readTranscription(session, reader, identity);
    });
  }

  #receiveCassette(
    session: Session,
    participantKind: ParticipantKind | undefined,
    topic: string | undefined,
    payload: Uint8Array | string,
  ): void {
    const decision = acceptCassettePacket({ participantKind, topic, payload });
    if (!decision.accept) {
      this.#dropCassette(session, `${decision.reason}: ${decision.error}`);
    } else if (
      !isRejoinResend($cassette.get(), decision.cassette, performance.now() - session.joinedAt)
    ) {
      setCassette(decision.cassette);
    }
  }

  /** A cassette message that will not be shown: logged as a warning, never displayed. */
  #dropCassette(session: Session, why: string): void {
    session.log.error({
      type: 'validation',
      severity: 'warning',
      message: `Dropped a cassette message (${why})`,
      agent: 'bmo',
      connectionStatus: this.#connectionStatus(),
    });
  }

  async #readCassetteStream(
    session: Session,
    reader: TextStreamReader,
    identity: string,
  ): Promise<void> {
    const participant = session.room.remoteParticipants.get(identity);
    if ((reader.info.size ?? 0) > MAX_CASSETTE_STREAM_BYTES) {
      this.#dropCassette(session, `too_large: a ${reader.info.size} byte stream`);
      return;
    }
    try {
      const text = await reader.readAll();
      if (this.#session === session)
        this.#receiveCassette(session, participant?.kind, reader.info.topic, text);
    } catch (error) {
      this.#dropCassette(session, `incomplete: ${describeError(error, 'the stream broke off')}`);
    }
  }

  async #readTranscription(
    session: Session,
    reader: TextStreamReader,
    identity: string,
  ): Promise<void> {
    const attributes = reader.info.attributes ?? {};
    const id = attributes['lk.segment_id'] ?? reader.info.id;
    const speaker = identity === session.room.localParticipant.identity ? 'user' : 'agent';
    let text = '';
    try {
      for await (const chunk of reader) {
        if (this.#session !== session) return;
        text += chunk;
        upsertBmoTranscript({ id, speaker, text, final: false });
      }
    } catch {
      // A stream cut short keeps what arrived.
    }
    if (this.#session === session && text) upsertBmoTranscript({ id, speaker, text, final: true });
  }

  #findAgent(session: Session): RemoteParticipant | undefined {
    for (const participant of session.room.remoteParticipants.values()) {
      if (participant.kind === session.lk.ParticipantKind.AGENT) return participant;
    }
    return undefined;
  }

  #watchForAgent(session: Session): void {
    const agent = this.#findAgent(session);
    if (agent) {
      this.#agentJoined(session, agent);
      return;
    }
    const timeout = this.#options.agentJoinTimeoutMs ?? DEFAULT_AGENT_JOIN_TIMEOUT_MS;
    session.agentTimer = setTimeout(() => {
      session.agentTimer = undefined;
      if (this.#session !== session || this.#findAgent(session)) return;
      this.#fail(
        {
          code: 'agent_timeout',
          message: `BMO did not join within ${Math.round(timeout / 1000)} seconds.`,
        },
        undefined,
        'warning',
      );
    }, timeout);
  }

  #agentJoined(session: Session, agent: Participant): void {
    if (session.agentTimer !== undefined) clearTimeout(session.agentTimer);
    session.agentTimer = undefined;
    const code = this.#session === session ? $bmoError.get()?.code : undefined;
    if (code === 'agent_timeout' || code === 'agent_left') clearBmoError();
    this.#showAgentState(agent);
    announce(this.#textOnly ? 'BMO is here. Type to BMO.' : 'BMO is here. Say hello, or type.');
  }

  #showAgentState(agent: Participant): void {
    setBmoAgentState(agentStateFromAttribute(agent.attributes[AGENT_STATE_ATTRIBUTE]));
  }

  #clearAudio(session: Session): void {
    for (const [track, element] of session.audio) {
      track.detach(element);
      element.remove();
    }
    session.audio.clear();
  }

  async #leave(): Promise<void> {
    const session = this.#session;
    if (!session) return;
    this.#session = undefined;
    if (session.agentTimer !== undefined) clearTimeout(session.agentTimer);
    this.#clearAudio(session);
    session.log.end();
    try {
      await session.room.disconnect();
    } catch {
      // Leaving a room that is already gone is fine.
    }
  }

  #settleDisconnected(): void {
    setBmoConnection('disconnected');
    setBmoAgentState('disconnected');
  }

  #failConnect(message: string, error: unknown, log: SessionLog): void {
    this.#settleDisconnected();
    this.#fail({ code: 'connect_failed', message }, error, 'error', log);
  }

  #fail(
    problem: BmoError,
    error: unknown,
    severity: 'warning' | 'error',
    log: SessionLog | undefined = this.#session?.log,
  ): void {
    setBmoError(problem);
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
    const connection = $bmoConnection.get();
    return connection === 'reconnecting' ? 'connecting' : connection;
  }
}
