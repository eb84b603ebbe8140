/**
 * BMO's conversation, for a page that drives a room itself: BMO's session (`BmoRoom`: it loads
 * livekit-client when `connect()` is called) and the rule that decides which cassette packets
 * reach the slot. `<bmo-assistant>` loads this module with `import()` when a conversation starts,
 * so the family's first load (bmo/index.ts) carries neither it nor the schemas it parses with.
 */
export { BmoRoom, type BmoRoomOptions, type ConnectOptions } from './bmo-room.ts';
export { acceptCassettePacket, type CassettePacketDecision } from './rules.ts';
