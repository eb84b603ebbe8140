/**
 * The BMO family: `<bmo-cassette-slot>` and `<bmo-face>`, the cassette store a page can write to,
 * and the LiveKit room controller (which loads livekit-client only when `connect()` is called).
 * Importing this module registers both elements.
 */
export { BmoCassetteSlot } from './bmo-cassette-slot.ts';
export { BmoFace } from './bmo-face.ts';
export { BmoRoomController, acceptCassettePacket } from './room-controller.ts';
export { $cassette, setCassette, clearCassette } from '../stores/cassette.ts';
