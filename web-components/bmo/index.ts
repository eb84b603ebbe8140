/**
 * The BMO family: `<bmo-assistant>` (the whole experience in one element, any number per page),
 * `<bmo-cassette-slot>` and `<bmo-face>` (inside an assistant, linked to one with `for`, or alone),
 * and the store factories an embedder can use. Importing this module registers the elements. The
 * BMO's session (`BmoRoom`) and the packet rules are `voice-agent-elements/bmo/session`
 * (bmo/session/index.ts): an assistant loads them, with livekit-client, when a conversation
 * starts.
 */
export { BmoAssistant } from './bmo-assistant/bmo-assistant.ts';
export {
  BmoAssistantController,
  statusText,
  type BmoAgentStateChangeDetail,
  type BmoCassetteReceiveDetail,
  type BmoConnectionChangeDetail,
  type BmoErrorAction,
} from './host/assistant-controller.ts';
export type { BmoStoresSource } from './host/assistant-link.ts';
export {
  BmoCassetteSlot,
  type BmoCassetteEventDetail,
  type CassetteInput,
} from './bmo-cassette-slot/bmo-cassette-slot.ts';
export { BmoFace } from './bmo-face/bmo-face.ts';
export type { CassettePhase } from './bmo-cassette-slot/cassette-animation.ts';
export { bmoContext, type BmoContextValue } from '../stores/bmo-context.ts';
export { OFFLINE_NOTICE } from './i18n/strings.ts';
export type { BmoRoom, BmoRoomOptions, ConnectOptions } from './session/bmo-room.ts';
export { createCassetteStore, type Cassette, type CassetteStore } from '../stores/cassette.ts';
export {
  createBmoStores,
  type BmoAgentState,
  type BmoConnection,
  type BmoEngine,
  type BmoError,
  type BmoErrorCode,
  type BmoStores,
  type BmoTranscriptEntry,
} from '../stores/bmo.ts';
