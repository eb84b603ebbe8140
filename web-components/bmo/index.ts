/**
 * The BMO family: `<bmo-assistant>` (the whole experience in one element), `<bmo-cassette-slot>`
 * and `<bmo-face>`, the cassette store a page can write to, and the LiveKit room controller (which
 * loads livekit-client only when `connect()` is called). Importing this module registers the
 * elements.
 */
export { BmoAssistant } from './bmo-assistant.ts';
export {
  BmoAssistantController,
  statusText,
  type BmoConnectionChangeDetail,
  type BmoErrorAction,
} from './assistant-controller.ts';
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
export type {
  BmoAgentState,
  BmoConnection,
  BmoError,
  BmoErrorCode,
  BmoTranscriptEntry,
} from '../stores/bmo.ts';
