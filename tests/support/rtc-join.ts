/**
 * Joining a room with `@livekit/rtc-node` in a process that may be late to its own events, without
 * leaving a native handle behind whose clean-up throws later.
 *
 * rtc-node keeps the room's FFI handle (an `FfiHandle`, which drops the native room when it is
 * garbage-collected) from the connect callback on, and only then tells its FFI server that it is
 * ready for the room's events. The server waits 15 s for that word; when the process's event loop
 * reaches the callback later than that (a machine so busy that the visitors' process gets little
 * of a core), the server closes the room, drops its handle, and answers the ready request with
 * "handle not found", so `connect()` rejects. The `Room` still holds an `FfiHandle` for the dropped
 * id, and `disconnect()` fails on it too; when the `Room` is collected, the handle's finalizer drops
 * it once more and throws "trying to drop an invalid handle", uncaught, out of whatever the
 * process runs at that moment (in a test, the test fails there).
 */
import type { Room } from '@livekit/rtc-node';

/** rtc-node's handshake with its FFI server came past the server's wait: nothing about the room. */
export class JoinTooLate extends Error {}

/**
 * Lets go of the room's native handle, which the FFI server no longer holds: disposing it marks it
 * disposed before asking the server, so its finalizer then does nothing. The server's answer (the
 * handle is unknown) is what is expected here.
 */
function releaseDroppedRoom(room: Room): void {
  const handle: unknown = Reflect.get(room, 'ffiHandle');
  if (typeof handle !== 'object' || handle === null || !('dispose' in handle)) return;
  const { dispose } = handle;
  if (typeof dispose !== 'function') return;
  try {
    dispose.call(handle);
  } catch {
    // "trying to drop an invalid handle": the server dropped it first
  }
}

/**
 * `room.connect()`, and when it fails, the room's native handle released so that nothing throws
 * when the room is collected. Rejects with `JoinTooLate` when the failure was rtc-node's own late
 * handshake (the room itself was fine: joining again may work).
 */
export async function joinRoom(
  room: Room,
  url: string,
  token: string,
  options?: Parameters<Room['connect']>[2],
): Promise<void> {
  try {
    await room.connect(url, token, options);
  } catch (error) {
    releaseDroppedRoom(room);
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes('ReadyForRoomEvent')) {
      throw new JoinTooLate(`rtc-node's handshake with its FFI server came too late: ${message}`);
    }
    throw error;
  }
}
