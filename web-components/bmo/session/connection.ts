/**
 * An assistant's connection to one joined LiveKit room, from join to leave: it listens to the
 * room's events and turns them into the assistant's stores (connection, BMO's presence, state,
 * engine and hearing, BMO's audio), hands cassettes and transcription streams to the intake (intake.ts), and
 * tells the session that owns it (`BmoRoom`, bmo-room.ts) when the room drops or something fails.
 * Once `active` is false (left, or replaced by a new connection) nothing it hears reaches the
 * stores.
 */
import type { Participant, RemoteParticipant, RemoteTrack, Room } from 'livekit-client';
import { CASSETTE_TOPIC } from '../../../contracts/cassette.ts';
import type { SessionLog } from '../../events/index.ts';
import { announceBmo, type BmoError, type BmoStores } from '../../stores/bmo.ts';
import type { CassetteStore } from '../../stores/cassette.ts';
import { RoomIntake } from './intake.ts';
import type { SupportedLang } from '../../../contracts/locale.ts';
import type { BmoStrings } from '../i18n/conversation-en.ts';
import { BMO_EN } from '../i18n/conversation-en.ts';
import {
  AGENT_STATE_ATTRIBUTE,
  TRANSCRIPTION_TOPIC,
  abilitiesFromAttributes,
  abilitiesNotice,
  agentStateFromAttribute,
} from './rules.ts';

type LiveKit = typeof import('./livekit.ts');

/** What a connection needs from the session that owns it (`BmoRoom`). */
export interface RoomConnectionHost {
  stores: BmoStores;
  cassette: CassetteStore;
  agentJoinTimeoutMs: number;
  /** Whether the visitor is typing only (no microphone). */
  textOnly(): boolean;
  /** BMO hears nothing here, so the microphone went off: the conversation is typing only now. */
  becameTextOnly(): void;
  fail(problem: BmoError, error: unknown, severity: 'warning' | 'error'): void;
  /**
   * The room dropped without the visitor asking; `closed`: the server closed it, as BMO's job does
   * when it ends (a goodbye at its limits), so BMO has left rather than the connection failed.
   */
  lost(connection: RoomConnection, closed: boolean): void;
  onCassette?: ((title: string) => void) | undefined;
  /** The assistant's words in its language (English when absent). */
  strings?: (() => BmoStrings) | undefined;
  /** The language of those strings, for the numbers in them (English when absent). */
  lang?: (() => SupportedLang) | undefined;
  /** This join follows a lost connection or a BMO that left: say so when BMO is here again. */
  returning?: boolean;
}

export class RoomConnection {
  readonly room: Room;
  readonly lk: LiveKit;
  readonly log: SessionLog;
  readonly intake: RoomIntake;
  /** False once its session left this room or moved on to another. */
  active = true;
  /** When the page last (re)joined the room: `performance.now()`. */
  joinedAt = performance.now();
  #host: RoomConnectionHost;
  #agentTimer: ReturnType<typeof setTimeout> | undefined;
  #audio = new Map<RemoteTrack, HTMLMediaElement>();
  #welcomeBack: boolean;
  /** The room's engine is restarting its transports (a full reconnect): see #wireRestart. */
  #restarting = false;
  /** BMO joined while the engine was restarting: greet it once the restart is done. */
  #greetPending = false;

  constructor(lk: LiveKit, log: SessionLog, host: RoomConnectionHost) {
    this.lk = lk;
    this.log = log;
    this.#host = host;
    this.#welcomeBack = host.returning ?? false;
    const room = new lk.Room({ adaptiveStream: false, dynacast: false });
    this.room = room;
    const s = host.stores;
    this.intake = new RoomIntake({
      stores: s,
      cassette: host.cassette,
      log,
      localIdentity: () => room.localParticipant.identity,
      kindOf: (identity) => room.remoteParticipants.get(identity)?.kind,
      isCurrent: () => this.active,
      msSinceJoin: () => performance.now() - this.joinedAt,
      connectionStatus: () => {
        const connection = s.$connection.get();
        return connection === 'reconnecting' ? 'connecting' : connection;
      },
      onCassette: (title) => host.onCassette?.(title),
    });
    this.#wire();
  }

  /** Stops listening, drops BMO's audio and what is held, and leaves the room. */
  async leave(): Promise<void> {
    this.active = false;
    this.#stop();
    this.log.end();
    try {
      await this.room.disconnect();
    } catch {
      // Leaving a room that is already gone is fine.
    }
  }

  /** After joining: notes BMO if it is here, else gives it `agentJoinTimeoutMs` to come. */
  watchForAgent(): void {
    const agent = this.#findAgent();
    if (agent) {
      this.#agentJoined(agent);
      return;
    }
    const timeout = this.#host.agentJoinTimeoutMs;
    this.#agentTimer = setTimeout(() => {
      this.#agentTimer = undefined;
      if (!this.active || this.#findAgent()) return;
      const seconds = Math.round(timeout / 1000);
      const written = new Intl.NumberFormat(this.#host.lang?.() ?? 'en').format(seconds);
      const message = this.#t().errorAgentTimeout(written, seconds);
      this.#host.fail({ code: 'agent_timeout', message }, undefined, 'warning');
    }, timeout);
  }

  #t(): BmoStrings {
    return this.#host.strings?.() ?? BMO_EN;
  }

  #stop(): void {
    if (this.#agentTimer !== undefined) clearTimeout(this.#agentTimer);
    this.#agentTimer = undefined;
    for (const [track, element] of this.#audio) {
      track.detach(element);
      element.remove();
    }
    this.#audio.clear();
    this.intake.clear();
  }

  #wire(): void {
    const { room, lk, intake } = this;
    const s = this.#host.stores;
    const isAgent = (p: Participant) => p.kind === lk.ParticipantKind.AGENT;
    const E = lk.RoomEvent;

    room.on(E.ConnectionStateChanged, (state) => {
      if (!this.active) return;
      if (
        state === lk.ConnectionState.Reconnecting ||
        state === lk.ConnectionState.SignalReconnecting
      ) {
        s.$connection.set('reconnecting');
      } else if (state === lk.ConnectionState.Connected && !this.#restarting) {
        s.$connection.set('connected');
      }
    });
    room.on(E.Reconnecting, () => {
      if (this.active) s.$connection.set('reconnecting');
    });
    room.on(E.Reconnected, () => {
      if (!this.active) return;
      this.joinedAt = performance.now();
      if (!this.#restarting) s.$connection.set('connected');
    });
    this.#wireRestart();
    room.on(E.Disconnected, (reason) => {
      if (!this.active) return;
      // Only an unexpected drop reaches here: leave() marks the connection inactive first.
      this.active = false;
      this.#stop();
      this.#host.lost(this, reason === this.lk.DisconnectReason.ROOM_DELETED);
    });

    room.on(E.ParticipantConnected, (participant) => {
      if (!this.active) return;
      intake.participantKnown(participant.identity, participant.kind);
      if (isAgent(participant)) this.#agentJoined(participant);
    });
    room.on(E.ParticipantDisconnected, (participant) => {
      if (!this.active || !isAgent(participant) || this.#findAgent()) return;
      s.$agentState.set('disconnected');
      // a BMO that joins this room again (dispatched after a server restart) is welcomed back
      this.#welcomeBack = true;
      const message = this.#t().errorAgentLeft;
      this.#host.fail({ code: 'agent_left', message }, undefined, 'warning');
    });
    room.on(E.ParticipantAttributesChanged, (_changed, participant) => {
      if (this.active && isAgent(participant)) this.#showAgent(participant);
    });
    room.on(E.ActiveSpeakersChanged, (speakers) => {
      // Only for agents that do not publish their state.
      const agent = this.#findAgent();
      if (!this.active || !agent || agent.attributes[AGENT_STATE_ATTRIBUTE]) return;
      const speaking = speakers.some((p) => p.identity === agent.identity);
      s.$agentState.set(speaking ? 'speaking' : 'listening');
    });

    room.on(E.TrackSubscribed, (track, _publication, participant) => {
      if (!this.active || track.kind !== lk.Track.Kind.Audio || !isAgent(participant)) return;
      this.#audio.set(track, track.attach());
    });
    room.on(E.TrackUnsubscribed, (track) => {
      this.#audio.get(track)?.remove();
      this.#audio.delete(track);
      track.detach();
    });

    room.on(E.DataReceived, (payload, _participant, _kind, topic, _encryption, identity) => {
      if (this.active && topic === CASSETTE_TOPIC) intake.packet(payload, identity, topic);
    });
    room.registerTextStreamHandler(CASSETTE_TOPIC, (reader, { identity }) => {
      void intake.cassetteStream(reader, identity);
    });
    room.registerTextStreamHandler(TRANSCRIPTION_TOPIC, (reader, { identity }) => {
      void intake.transcriptionStream(reader, identity);
    });
  }

  /**
   * After a full reconnect (the server restarted), livekit-client reports the room Connected and
   * Reconnected as soon as the signal is back, while its engine is still restarting the transports
   * (seen: up to 1.8 s on a busy machine). A chat sent in that gap is held for a resume replay that
   * a restart never runs, so it never reaches BMO. Until the engine says it has restarted, the page
   * stays "reconnecting": no typing, and no "BMO is back".
   */
  #wireRestart(): void {
    // `engine` is livekit-client's own (marked internal): the only place a restart's end shows
    const engine = (this.room as Partial<Pick<Room, 'engine'>>).engine;
    if (!engine) return;
    engine.on('restarting', () => {
      this.#restarting = true;
    });
    engine.on('restarted', () => {
      // the engine drops its reconnecting flag once the restart's promise settles, after this task
      setTimeout(() => {
        this.#restarting = false;
        if (!this.active || this.room.state !== this.lk.ConnectionState.Connected) return;
        this.#host.stores.$connection.set('connected');
        const agent = this.#findAgent();
        if (this.#greetPending && agent) this.#greet();
        this.#greetPending = false;
      }, 0);
    });
  }

  #findAgent(): RemoteParticipant | undefined {
    for (const participant of this.room.remoteParticipants.values()) {
      if (participant.kind === this.lk.ParticipantKind.AGENT) return participant;
    }
    return undefined;
  }

  #agentJoined(agent: Participant): void {
    if (this.#agentTimer !== undefined) clearTimeout(this.#agentTimer);
    this.#agentTimer = undefined;
    const s = this.#host.stores;
    const code = this.active ? s.$error.get()?.code : undefined;
    if (code === 'agent_timeout' || code === 'agent_left') s.$error.set(null);
    this.#showAgent(agent);
    if (this.#restarting) {
      this.#greetPending = true;
      return;
    }
    this.#greet();
  }

  /** Tells the visitor BMO is here (or back), and how to talk to it. */
  #greet(): void {
    const s = this.#host.stores;
    const deaf = s.$hearing.get() === 'off';
    const t = this.#t();
    const hint = this.#host.textOnly() || deaf ? t.announceHintType : t.announceHintTalk;
    if (this.#welcomeBack) {
      this.#welcomeBack = false;
      announceBmo(s, `${t.announceBack} ${hint}`);
    } else if (!deaf) {
      announceBmo(s, `${t.announceHere} ${hint}`);
    }
  }

  /**
   * BMO's state on the face, and what it has (its engine, ears and voice) in words under it: a BMO
   * that hears nothing here turns the microphone off.
   */
  #showAgent(agent: Participant): void {
    const s = this.#host.stores;
    const state = agentStateFromAttribute(agent.attributes[AGENT_STATE_ATTRIBUTE]);
    // Heard once per turn, so someone who cannot see the face knows an answer is coming.
    if (state === 'thinking' && s.$agentState.get() !== 'thinking') {
      announceBmo(s, this.#t().announceThinking);
    }
    s.$agentState.set(state);
    const has = abilitiesFromAttributes(agent.attributes);
    s.$engine.set(has.engine);
    const notice = abilitiesNotice(has, this.#t());
    if (notice !== s.$notice.get()) {
      s.$notice.set(notice);
      if (notice) announceBmo(s, notice);
    }
    if (has.hearing === s.$hearing.get()) return;
    s.$hearing.set(has.hearing);
    if (has.hearing !== 'off') return;
    this.#host.becameTextOnly();
    const code = s.$error.get()?.code;
    if (code === 'mic_denied' || code === 'mic_unavailable') s.$error.set(null);
    void this.room.localParticipant.setMicrophoneEnabled(false).catch(() => undefined);
  }
}
