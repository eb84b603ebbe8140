/**
 * What the edge remembers of BMO's rooms (edge/bmo-rooms.ts) when LiveKit's `room_finished` never
 * comes: a dispatched room's record is forgotten at its job's cap, not kept for ever, and a
 * client's slot frees itself then too, not two hours later.
 */
import { describe, expect, it } from 'vitest';
import { BmoRoomsObject, type RoomsAnswer } from '../../../edge/bmo-rooms.ts';

function object() {
  const stored = new Map<string, unknown>();
  const alarms: number[] = [];
  const rooms = new BmoRoomsObject({
    storage: {
      get: async <T>(key: string) => stored.get(key) as T | undefined,
      put: async (key: string, value: unknown) => void stored.set(key, structuredClone(value)),
      deleteAll: async () => stored.clear(),
      setAlarm: async (at: number) => void alarms.push(at),
    },
  });
  const run = async (command: unknown) =>
    (await (
      await rooms.fetch(
        new Request('https://r/', { method: 'POST', body: JSON.stringify(command) }),
      )
    ).json()) as RoomsAnswer;
  return { rooms, run, stored, alarms };
}

describe("BMO's rooms without room_finished", () => {
  it("forgets a dispatched room at its job's cap, and keeps it while the job may still run", async () => {
    const now = Date.now();
    const dispatched = async (jobUntil: number) => {
      const room = object();
      // its token has expired: only the job's cap can keep the record
      await room.run({ op: 'mint', client: '198.51.100.1', expiresAt: now - 1 });
      await room.run({ op: 'join' });
      await room.run({ op: 'settle', dispatched: true, jobUntil });
      await room.rooms.alarm();
      return room;
    };
    const running = await dispatched(now + 60_000);
    expect(running.alarms.at(-1)).toBe(now + 60_000);
    expect(running.stored.size).toBe(1);
    const over = await dispatched(now - 1);
    expect(over.stored.size).toBe(0);
  });

  it("frees a client's slot at the job's cap when the room's end never came", async () => {
    const { run } = object();
    const now = Date.now();
    const acquire = (room: string, at: number) =>
      run({ op: 'acquire', room, limit: 1, now: at, until: at + 30 * 60_000 });
    expect((await acquire('bmo-0000000000000001', now)).ok).toBe(true);
    expect((await acquire('bmo-0000000000000002', now + 60_000)).ok).toBe(false);
    expect((await acquire('bmo-0000000000000002', now + 30 * 60_000 + 1)).ok).toBe(true);
  });

  it('tells the next join that a dispatch LiveKit did not confirm may exist, and a refusal by limits does not', async () => {
    const expiresAt = Date.now() + 60_000;
    const { run } = object();
    await run({ op: 'mint', client: '198.51.100.1', expiresAt });
    expect(await run({ op: 'join' })).toEqual({ ok: true, client: '198.51.100.1' });
    // the client's limit refused it: nothing was asked of LiveKit
    await run({ op: 'settle', dispatched: false });
    expect(await run({ op: 'join' })).toEqual({ ok: true, client: '198.51.100.1' });
    // LiveKit failed or answered too late: the dispatch may have been made all the same
    await run({ op: 'settle', dispatched: false, asked: true });
    const again = await run({ op: 'join' });
    expect(again).toEqual({ ok: true, client: '198.51.100.1', dispatchAsked: true });
    // and it stays so after a refusal by limits, until a dispatch is confirmed
    await run({ op: 'settle', dispatched: false });
    expect((await run({ op: 'join' })).dispatchAsked).toBe(true);
  });
});
