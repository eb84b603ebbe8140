/**
 * `present_to_cassette` (spec: cassette-tool, "Present to cassette tool"): pushes precise data to
 * the visitor's screen as `{ "type": "cassette", "title", "content" }` on topic `cassette`,
 * reliably, and tells the model it was sent so BMO can say so.
 *
 * A message larger than one reliable packet (15 KiB) goes as a LiveKit text stream on the same
 * topic carrying the same JSON: never truncated. The current cassette is remembered per job and
 * re-sent when a visitor's participant (re)joins, because LiveKit keeps no data packets.
 */
import { llm } from '@livekit/agents';
import { ParticipantKind, type RemoteParticipant, RoomEvent } from '@livekit/rtc-node';
import {
  CASSETTE_TOPIC,
  type CassetteMessage,
  MAX_RELIABLE_PACKET_BYTES,
  PresentToCassetteParams,
  encodeCassette,
} from '../../contracts/cassette-schema.ts';
import { type LogFields, errorFields, logEvent } from '../log.ts';
import { PRESENT_TO_CASSETTE } from '../../contracts/tools.ts';
import { type ToolReply, loggedExecute } from './logged.ts';
import { sessionRoom } from './session-room.ts';

export { PRESENT_TO_CASSETTE };

/** The spec's "Room is unavailable" answer. */
export const CASSETTE_ROOM_UNAVAILABLE =
  'Error: could not send to the cassette because the room is not available.';

/** What the tool needs of `@livekit/rtc-node`'s `LocalParticipant`. */
export interface CassetteParticipant {
  publishData(
    data: Uint8Array,
    options: { reliable?: boolean; topic?: string; destination_identities?: string[] },
  ): Promise<void>;
  sendText(
    text: string,
    options?: {
      topic?: string;
      attributes?: Record<string, string>;
      destinationIdentities?: string[];
    },
  ): Promise<unknown>;
}

/** What the tool needs of `@livekit/rtc-node`'s `Room`. */
export interface CassetteRoom {
  readonly isConnected: boolean;
  readonly localParticipant?: CassetteParticipant;
}

export type CassetteTransport = 'packet' | 'stream';

export interface CassetteDelivery {
  transport: CassetteTransport;
  bytes: number;
}

/**
 * Sends one cassette: a reliable data packet when it fits, else a text stream on the same topic.
 * `to` limits delivery to some participants (a rejoining visitor); empty means everyone.
 */
export async function sendCassette(
  participant: CassetteParticipant,
  cassette: CassetteMessage,
  to: string[] = [],
): Promise<CassetteDelivery> {
  const bytes = encodeCassette(cassette);
  if (bytes.byteLength <= MAX_RELIABLE_PACKET_BYTES) {
    await participant.publishData(bytes, {
      reliable: true,
      topic: CASSETTE_TOPIC,
      ...(to.length > 0 ? { destination_identities: to } : {}),
    });
    return { transport: 'packet', bytes: bytes.byteLength };
  }
  await participant.sendText(new TextDecoder().decode(bytes), {
    topic: CASSETTE_TOPIC,
    attributes: { type: 'cassette' },
    ...(to.length > 0 ? { destinationIdentities: to } : {}),
  });
  return { transport: 'stream', bytes: bytes.byteLength };
}

/** The job's current cassette: what was last presented, to re-send to a visitor who rejoins. */
export class CassetteDeck {
  #current: CassetteMessage | undefined;

  get current(): CassetteMessage | undefined {
    return this.#current;
  }

  async present(
    participant: CassetteParticipant,
    cassette: CassetteMessage,
  ): Promise<CassetteDelivery> {
    const delivery = await sendCassette(participant, cassette);
    this.#current = cassette;
    return delivery;
  }

  /** Re-sends the current cassette to one participant; undefined when there is none. */
  async resendTo(
    participant: CassetteParticipant,
    identity: string,
  ): Promise<CassetteDelivery | undefined> {
    const current = this.#current;
    if (!current) return undefined;
    return sendCassette(participant, current, [identity]);
  }
}

/** What the re-send needs to know of a participant who joined. */
export type JoiningParticipant = Pick<RemoteParticipant, 'identity' | 'kind'>;

/** What the re-send needs of `@livekit/rtc-node`'s `Room`. */
export interface RejoinRoom extends CassetteRoom {
  on(event: RoomEvent.ParticipantConnected, listener: (p: JoiningParticipant) => void): unknown;
  off(event: RoomEvent.ParticipantConnected, listener: (p: JoiningParticipant) => void): unknown;
}

/**
 * Re-sends the current cassette to every visitor (a standard participant) who joins the room,
 * so a reconnecting page gets its cassette back. Returns a function that stops watching.
 */
export function resendOnJoin(
  room: RejoinRoom,
  deck: CassetteDeck,
  logContext: LogFields = {},
): () => void {
  const onConnected = (participant: JoiningParticipant) => {
    if (participant.kind !== ParticipantKind.STANDARD || !deck.current) return;
    const local = room.localParticipant;
    if (!room.isConnected || !local) return;
    deck
      .resendTo(local, participant.identity)
      .then((delivery) => {
        if (delivery) {
          logEvent('cassette_resend', {
            ...logContext,
            transport: delivery.transport,
            bytes: delivery.bytes,
          });
        }
      })
      .catch((error: unknown) => {
        logEvent(
          'error',
          { ...logContext, ...errorFields(error), during: 'cassette_resend' },
          'error',
        );
      });
  };
  room.on(RoomEvent.ParticipantConnected, onConnected);
  return () => {
    room.off(RoomEvent.ParticipantConnected, onConnected);
  };
}

/** The tool's answer: validates, sends, and never throws. */
export async function presentToCassette(
  args: unknown,
  room: CassetteRoom | undefined,
  deck: CassetteDeck,
): Promise<ToolReply> {
  const parsed = PresentToCassetteParams.safeParse(args);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => `${issue.path.map(String).join('.') || 'arguments'}: ${issue.message}`)
      .join('; ');
    return {
      outcome: 'invalid',
      output: `Error: could not send to the cassette because the arguments are invalid (${detail}). Give a short title and the exact content.`,
    };
  }
  const local = room?.localParticipant;
  if (!room || !room.isConnected || !local) {
    return { outcome: 'unavailable', output: CASSETTE_ROOM_UNAVAILABLE };
  }
  const cassette: CassetteMessage = { type: 'cassette', ...parsed.data };
  try {
    const delivery = await deck.present(local, cassette);
    return {
      outcome: 'ok',
      output: `Sent "${cassette.title}" to the cassette: it is now on the user's screen. Tell the user you also sent it through the cassette.`,
      fields: { transport: delivery.transport, bytes: delivery.bytes },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      outcome: 'error',
      output: `Error: could not send to the cassette (${message}). Tell the user the cassette did not arrive and read the information out carefully instead.`,
      fields: errorFields(error),
    };
  }
}

export interface PresentToCassetteToolOptions {
  deck: CassetteDeck;
  /** Finds the room for a call; defaults to the session's room IO, else the job's room. */
  resolveRoom?: (ctx: llm.ToolOptions<unknown>['ctx']) => CassetteRoom | undefined;
  /** Fields for every `tool_call` event (the job id and room). */
  logContext?: LogFields;
}

export function createPresentToCassetteTool({
  deck,
  resolveRoom = sessionRoom,
  logContext,
}: PresentToCassetteToolOptions) {
  return llm.tool({
    name: PRESENT_TO_CASSETTE,
    description:
      "Show precise information (an ID, an account or phone number, a password, a code, an address) on the user's screen as a cassette, so they can read and copy it exactly. Use it every time you give such data, in addition to saying it.",
    parameters: PresentToCassetteParams,
    execute: loggedExecute(
      PRESENT_TO_CASSETTE,
      (args: PresentToCassetteParams, { ctx }) => presentToCassette(args, resolveRoom(ctx), deck),
      logContext,
    ),
  });
}
