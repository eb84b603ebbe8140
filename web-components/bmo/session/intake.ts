/**
 * What comes in from BMO's room, for one connection: cassettes (as data packets and as text streams on
 * topic `cassette`) and transcription streams (`lk.transcription`). Every item is checked against
 * its sender first: an agent's is shown, another participant's is dropped (and logged, never
 * shown), and one from a sender the page does not know yet is held in a small bounded buffer
 * (held-packets.ts) until the sender's details arrive. Streams are read only up to a byte cap,
 * whatever size they declare.
 */
import type { ParticipantKind } from 'livekit-client';
import type { ConnectionStatus } from '../../../contracts/events.ts';
import type { SessionLog } from '../../events/index.ts';
import { upsertBmoTranscript, type BmoStores } from '../../stores/bmo.ts';
import type { CassetteStore } from '../../stores/cassette.ts';
import { SenderHoldBuffer, type HoldLimits } from './held-packets.ts';
import {
  acceptCassettePacket,
  AGENT_PARTICIPANT_KIND,
  isRejoinResend,
  MAX_CASSETTE_STREAM_BYTES,
  MAX_TRANSCRIPTION_STREAM_BYTES,
  senderStatus,
  transcriptionSpeaker,
  type SenderStatus,
} from './rules.ts';

/** What the intake needs from the connection it serves. */
export interface IntakeOwner {
  stores: BmoStores;
  cassette: CassetteStore;
  log: SessionLog;
  localIdentity(): string;
  /** The kind of a participant the room knows, or undefined while it does not. */
  kindOf(identity: string): ParticipantKind | undefined;
  /** False once the connection ended: nothing more is shown. */
  isCurrent(): boolean;
  /** Milliseconds since the page last (re)joined the room. */
  msSinceJoin(): number;
  connectionStatus(): ConnectionStatus;
  /** Told when a new cassette reaches the slot. */
  onCassette?: (title: string) => void;
}

/** What the intake reads of a LiveKit `TextStreamReader`. */
export interface IncomingTextStream extends AsyncIterable<string> {
  readonly info: {
    id: string;
    topic: string;
    /** The size the sender declared, if any: never trusted as a limit. */
    size?: number | undefined;
    attributes?: Record<string, string> | undefined;
  };
}

type HeldItem =
  | { kind: 'cassette'; topic: string | undefined; payload: Uint8Array | string }
  | { kind: 'transcript'; id: string; text: string };

const encoder = new TextEncoder();
const byteLength = (payload: Uint8Array | string) =>
  typeof payload === 'string' ? encoder.encode(payload).byteLength : payload.byteLength;

/**
 * Reads a text stream up to `maxBytes` (counted as they arrive, whatever the header declared),
 * calling `onText` with the text so far. Stops reading past the cap.
 */
export async function readCapped(
  reader: AsyncIterable<string>,
  maxBytes: number,
  onText?: (text: string) => void,
): Promise<{ text: string; overCap: boolean; complete: boolean }> {
  let text = '';
  let bytes = 0;
  try {
    for await (const chunk of reader) {
      bytes += encoder.encode(chunk).byteLength;
      if (bytes > maxBytes) return { text, overCap: true, complete: false };
      text += chunk;
      onText?.(text);
    }
  } catch {
    return { text, overCap: false, complete: false };
  }
  return { text, overCap: false, complete: true };
}

export class RoomIntake {
  #owner: IntakeOwner;
  #held: SenderHoldBuffer<HeldItem>;

  constructor(owner: IntakeOwner, limits: Partial<HoldLimits> = {}, now?: () => number) {
    this.#owner = owner;
    this.#held = new SenderHoldBuffer<HeldItem>(limits, now);
  }

  /** How many items wait for their sender's details (tests and benchmarks). */
  get heldCount(): number {
    return this.#held.size;
  }

  #status(identity: string | undefined): SenderStatus {
    return senderStatus(identity, (id) => this.#owner.kindOf(id));
  }

  /** A data packet on topic `cassette`. */
  packet(payload: Uint8Array | string, identity: string | undefined, topic: string | undefined) {
    const status = this.#status(identity);
    if (status === 'unknown' && identity) {
      this.#hold(identity, { kind: 'cassette', topic, payload }, byteLength(payload));
      return;
    }
    this.#cassette(status === 'agent' ? AGENT_PARTICIPANT_KIND : undefined, topic, payload);
  }

  /** A text stream on topic `cassette`. */
  async cassetteStream(reader: IncomingTextStream, identity: string): Promise<void> {
    const status = this.#status(identity);
    if (status === 'other') {
      this.#drop('not_agent: a stream from a participant that is not an agent');
      return;
    }
    const declared = reader.info.size ?? 0;
    const cap = status === 'agent' ? MAX_CASSETTE_STREAM_BYTES : this.#held.limits.maxBytes;
    if (declared > cap) {
      this.#drop(`too_large: a stream that declares ${declared} bytes`);
      return;
    }
    const read = await readCapped(reader, cap);
    if (!this.#owner.isCurrent()) return;
    if (read.overCap) {
      this.#drop(`too_large: a stream past ${cap} bytes`);
      return;
    }
    if (!read.complete) {
      this.#drop('incomplete: the stream broke off');
      return;
    }
    this.packet(read.text, identity, reader.info.topic);
  }

  /** A `lk.transcription` stream: BMO's words, or the visitor's spoken ones sent by BMO. */
  async transcriptionStream(reader: IncomingTextStream, identity: string): Promise<void> {
    const id = reader.info.attributes?.['lk.segment_id'] ?? reader.info.id;
    const speaker = () =>
      transcriptionSpeaker(identity, this.#owner.localIdentity(), this.#status(identity));
    const first = speaker();
    if (first === 'drop') {
      this.#dropTranscript('a transcription from a participant that is not an agent');
      return;
    }
    if (first === 'unknown') {
      const read = await readCapped(reader, this.#held.limits.maxBytes);
      if (!this.#owner.isCurrent() || !read.text) return;
      const now = speaker();
      if (now === 'unknown') this.#hold(identity, { kind: 'transcript', id, text: read.text }, 0);
      else if (now === 'drop') this.#dropTranscript('a transcription from a non-agent');
      else this.#line(id, now, read.text, true);
      return;
    }
    const read = await readCapped(reader, MAX_TRANSCRIPTION_STREAM_BYTES, (text) => {
      if (this.#owner.isCurrent()) this.#line(id, first, text, false);
    });
    if (this.#owner.isCurrent() && read.text) this.#line(id, first, read.text, true);
    if (read.overCap) this.#dropTranscript('the rest of a transcription past its size cap');
  }

  /** A participant's details arrived: decide what it sent before. */
  participantKnown(identity: string, kind: ParticipantKind | undefined): void {
    const { fresh, expired } = this.#held.take(identity);
    this.#dropExpired(expired);
    for (const item of fresh) {
      if (kind !== AGENT_PARTICIPANT_KIND) {
        this.#drop('not_agent: held until its sender was known, which is not an agent');
      } else if (item.kind === 'cassette') {
        this.#cassette(kind, item.topic, item.payload);
      } else {
        this.#line(item.id, 'agent', item.text, true);
      }
    }
  }

  /** The connection ended: forget what is held. */
  clear(): void {
    this.#held.clear();
  }

  #hold(identity: string, item: HeldItem, bytes: number): void {
    const size = item.kind === 'transcript' ? byteLength(item.text) : bytes;
    const outcome = this.#held.hold(identity, item, size);
    this.#dropExpired(outcome.expired);
    if (!outcome.held) this.#drop('over_budget: too much from senders not known yet');
  }

  #dropExpired(expired: HeldItem[]): void {
    for (const _ of expired) this.#drop('expired: its sender never became known');
  }

  #cassette(
    participantKind: ParticipantKind | undefined,
    topic: string | undefined,
    payload: Uint8Array | string,
  ): void {
    if (!this.#owner.isCurrent()) return;
    const decision = acceptCassettePacket({ participantKind, topic, payload });
    if (!decision.accept) {
      this.#drop(`${decision.reason}: ${decision.error}`);
      return;
    }
    const { cassette } = this.#owner;
    if (isRejoinResend(cassette.$cassette.get(), decision.cassette, this.#owner.msSinceJoin())) {
      return;
    }
    cassette.set(decision.cassette);
    this.#owner.onCassette?.(decision.cassette.title);
  }

  #line(id: string, speaker: 'user' | 'agent', text: string, final: boolean): void {
    upsertBmoTranscript(this.#owner.stores, { id, speaker, text, final });
  }

  /** A cassette message that will not be shown: logged as a warning, never displayed. */
  #drop(why: string): void {
    this.#warn(`Dropped a cassette message (${why})`);
  }

  #dropTranscript(why: string): void {
    this.#warn(`Dropped ${why}`);
  }

  #warn(message: string): void {
    this.#owner.log.error({
      type: 'validation',
      severity: 'warning',
      message,
      agent: 'bmo',
      connectionStatus: this.#owner.connectionStatus(),
    });
  }
}
