/**
 * What the edge remembers of BMO's rooms, in Durable Objects of one class (`BMO_ROOMS`), in two
 * roles by name:
 *
 * - `room:<name>`, one per minted room: the client that minted it and where its job stands:
 *   `minted` (a token exists, nobody joined), `starting` (a visitor joined, the dispatch is being
 *   made), `dispatched` (BMO's job was dispatched), `finished` (LiveKit closed the room). Only the
 *   first visitor's join of a `minted` room may start a job, so a reused token, which joins or
 *   recreates the room, never starts a second one. A dispatch LiveKit did not confirm (an error,
 *   or no answer in time) leaves the room `minted` but `dispatchAsked`: LiveKit may have made it
 *   all the same, so the next join looks before it asks again. A record with no job running is deleted at the
 *   token's expiry (an alarm), when no token can join the room any more.
 * - `client:<key>`, one per client (its address, an IPv6 /64, security.ts `clientKey`): the rooms
 *   that hold one of its BMO jobs, each until LiveKit's `room_finished`, so a client has at most
 *   `BMO_SESSIONS_PER_CLIENT` jobs at once (default 1). A slot whose `room_finished` never came
 *   frees itself at its job's cap and `JOB_SLACK_MS`.
 *
 * The worker speaks to them with `bmoRooms(env)` below; the webhook route (routes/livekit-webhook.ts)
 * and the token route (routes/livekit-token.ts) are its only callers.
 */
import { z } from 'zod';
import {
  type Bindings,
  type DurableObjectNamespaceLike,
  intSetting,
  isLocalDevelopment,
} from './env.ts';
import { ApiError, errorBody } from './errors.ts';

export const DEFAULT_BMO_SESSIONS_PER_CLIENT = 1;

/**
 * How long past a job's cap its slot and its room's record are kept when `room_finished` never
 * came (a lost webhook, a job lost between join and start): the worker ends every job at its cap.
 */
export const JOB_SLACK_MS = 5 * 60 * 1000;

const RoomState = z.enum(['minted', 'starting', 'dispatched', 'finished']);
const RoomRecord = z.object({
  client: z.string(),
  /** The client's network (client.ts `clientNetworks`), which BMO's reserve counts. */
  network: z.string().optional(),
  state: RoomState,
  expiresAt: z.number(),
  /** Dispatched: when its job is over whatever happens (its cap, and some slack), epoch ms. */
  jobUntil: z.number().optional(),
  /** A dispatch was asked of LiveKit and not confirmed: it may exist. */
  dispatchAsked: z.boolean().optional(),
});
type RoomRecord = z.infer<typeof RoomRecord>;
const Slots = z.record(z.string(), z.number());

const RoomName = z.string().min(1).max(128);
const Command = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('mint'),
    client: z.string().max(200),
    network: z.string().max(200).optional(),
    expiresAt: z.number(),
  }),
  z.object({ op: z.literal('join') }),
  z.object({
    op: z.literal('settle'),
    dispatched: z.boolean(),
    jobUntil: z.number().optional(),
    /** Not dispatched, but LiveKit was asked and did not confirm: the dispatch may exist. */
    asked: z.boolean().optional(),
  }),
  z.object({ op: z.literal('finish') }),
  z.object({ op: z.literal('count'), now: z.number() }),
  z.object({
    op: z.literal('acquire'),
    room: RoomName,
    limit: z.number().int().min(1),
    now: z.number(),
    /** When the slot frees itself if `room_finished` never comes: the job's cap, and some slack. */
    until: z.number(),
  }),
  z.object({ op: z.literal('release'), room: RoomName }),
]);
type Command = z.infer<typeof Command>;

export const RoomsAnswer = z.object({
  ok: z.boolean(),
  /** `join`: the client whose job this join may start. `finish`: the client whose slot to free. */
  client: z.string().optional(),
  /** `join`: that client's network. */
  network: z.string().optional(),
  /** `join`: an earlier dispatch into this room was asked and not confirmed; it may exist. */
  dispatchAsked: z.boolean().optional(),
  /** `count` and `acquire`: the client's jobs now running. */
  active: z.number().optional(),
});
export type RoomsAnswer = z.infer<typeof RoomsAnswer>;

/** The parts of workerd's DurableObjectState this object uses. */
export interface RoomsState {
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
    deleteAll(): Promise<void>;
    setAlarm(scheduledTime: number): Promise<void>;
  };
}

const ROOM = 'room';
const SLOTS = 'slots';

export class BmoRoomsObject {
  readonly #state: RoomsState;

  constructor(state: RoomsState) {
    this.#state = state;
  }

  async fetch(request: Request): Promise<Response> {
    const command = Command.safeParse(await request.json().catch(() => undefined));
    if (!command.success) {
      return Response.json(errorBody('bad_request', 'Not a rooms command.'), { status: 400 });
    }
    return Response.json(await this.#run(command.data));
  }

  /**
   * At the token's expiry: forget a room with no job running (nobody can join it any more); at a
   * dispatched job's end (its cap), forget it too, whether or not `room_finished` came.
   */
  async alarm(): Promise<void> {
    const room = RoomRecord.safeParse(await this.#state.storage.get(ROOM));
    const running =
      room.success && room.data.state === 'dispatched' && Date.now() < (room.data.jobUntil ?? 0);
    if (!running) await this.#state.storage.deleteAll();
  }

  async #room(): Promise<RoomRecord | undefined> {
    const room = RoomRecord.safeParse(await this.#state.storage.get(ROOM));
    return room.success ? room.data : undefined;
  }

  async #slots(now: number): Promise<Record<string, number>> {
    const slots = Slots.safeParse(await this.#state.storage.get(SLOTS));
    if (!slots.success) return {};
    return Object.fromEntries(Object.entries(slots.data).filter(([, until]) => now < until));
  }

  async #run(command: Command): Promise<RoomsAnswer> {
    const storage = this.#state.storage;
    switch (command.op) {
      case 'mint': {
        const { client, network, expiresAt } = command;
        const record: RoomRecord = { client, state: 'minted', expiresAt };
        if (network !== undefined) record.network = network;
        await storage.put(ROOM, record);
        await storage.setAlarm(expiresAt);
        return { ok: true };
      }
      case 'join': {
        const room = await this.#room();
        if (room?.state !== 'minted') return { ok: false };
        await storage.put(ROOM, { ...room, state: 'starting' } satisfies RoomRecord);
        return {
          ok: true,
          client: room.client,
          ...(room.network !== undefined ? { network: room.network } : {}),
          ...(room.dispatchAsked ? { dispatchAsked: true } : {}),
        };
      }
      case 'settle': {
        const room = await this.#room();
        if (room?.state !== 'starting') return { ok: false };
        // refused (the client's limit, LiveKit failing): a later join may try again
        if (!command.dispatched) {
          const dispatchAsked = room.dispatchAsked === true || command.asked === true;
          await storage.put(ROOM, {
            ...room,
            state: 'minted',
            ...(dispatchAsked ? { dispatchAsked } : {}),
          } satisfies RoomRecord);
          return { ok: true };
        }
        const jobUntil = command.jobUntil ?? room.expiresAt;
        await storage.put(ROOM, { ...room, state: 'dispatched', jobUntil } satisfies RoomRecord);
        await storage.setAlarm(Math.max(jobUntil, room.expiresAt));
        return { ok: true };
      }
      case 'finish': {
        const room = await this.#room();
        if (!room) return { ok: false };
        await storage.put(ROOM, { ...room, state: 'finished' } satisfies RoomRecord);
        if (Date.now() >= room.expiresAt) await storage.deleteAll();
        return room.state === 'dispatched' ? { ok: true, client: room.client } : { ok: false };
      }
      case 'count': {
        return { ok: true, active: Object.keys(await this.#slots(command.now)).length };
      }
      case 'acquire': {
        const slots = await this.#slots(command.now);
        const held = command.room in slots;
        const active = Object.keys(slots).length;
        if (!held && active >= command.limit) return { ok: false, active };
        await storage.put(SLOTS, {
          ...slots,
          [command.room]: slots[command.room] ?? command.until,
        });
        return { ok: true, active: held ? active : active + 1 };
      }
      case 'release': {
        const slots = await this.#slots(Date.now());
        delete slots[command.room];
        await storage.put(SLOTS, slots);
        return { ok: true };
      }
    }
  }
}

/** The rooms binding's objects, spoken to with typed commands. */
export interface BmoRooms {
  room(name: string, command: Command): Promise<RoomsAnswer>;
  client(key: string, command: Command): Promise<RoomsAnswer>;
}

function ask(namespace: DurableObjectNamespaceLike, name: string, command: Command) {
  const stub = namespace.get(namespace.idFromName(name));
  return stub
    .fetch(
      new Request('https://bmo-rooms.internal/', {
        method: 'POST',
        body: JSON.stringify(command),
      }),
    )
    .then(async (response) => RoomsAnswer.parse(await response.json()));
}

/** The rooms objects of these bindings, or undefined where the binding is missing. */
export function bmoRooms(env: Bindings | undefined): BmoRooms | undefined {
  const namespace = env?.BMO_ROOMS;
  if (!namespace) return undefined;
  return {
    room: (name, command) => ask(namespace, `room:${name}`, command),
    client: (key, command) => ask(namespace, `client:${key}`, command),
  };
}

/** The rooms objects, or the fail-closed 503 (logged, naming the binding). */
export function requireBmoRooms(env: Bindings | undefined): BmoRooms {
  const rooms = bmoRooms(env);
  if (rooms) return rooms;
  console.error(JSON.stringify({ event: 'rooms_binding_missing', binding: 'BMO_ROOMS' }));
  throw new ApiError(503, 'not_configured', 'BMO is not available right now.');
}

/** BMO jobs a client may run at once: deployed only (local development is one client). */
export function sessionLimit(env: Bindings | undefined): number | undefined {
  if (isLocalDevelopment(env)) return undefined;
  return intSetting(env?.BMO_SESSIONS_PER_CLIENT, DEFAULT_BMO_SESSIONS_PER_CLIENT, 1, 1_000);
}
