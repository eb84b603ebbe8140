/**
 * The BMO family: `<bmo-cassette-slot>` and `<bmo-face>`, the cassette store a page can write to,
 * and the LiveKit room controller (which loads livekit-client only when `connect()` is called).
 * Importing this module registers both elements.
 */
export {
  BmoCassetteSlot,
  type BmoCassetteEventDetail,
  type CassetteInput,
} from './bmo-cassette-slot.ts';
export { BmoFace } from './bmo-face.ts';
export type { CassettePhase } from './cassette-animation.ts';
export {
  BmoRoomController,
  acceptCassettePacket,
  type BmoRoomControllerOptions,
  type ConnectOptions,
} from './room-controller.ts';
export { $cassette, setCassette, clearCassette, type Cassette } from '../stores/cassette.ts';
export type { BmoAgentState } from '../stores/bmo.ts';
