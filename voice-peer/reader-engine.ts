/**
 * The one place the WebRTC peer reaches the offline reader: its protocol engine and the frame cap
 * it enforces. The engine is host-agnostic (text frames in, server events out), so the peer feeds
 * it the `oai-events` data channel's messages as the Durable Object feeds it socket frames.
 */
export { ReaderSession, type ReaderSessionOptions } from '../reader/protocol/engine.ts';
export { MAX_FRAME_BYTES } from '../reader/protocol/limits.ts';
