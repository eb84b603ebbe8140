/**
 * The one place the WebRTC peer reaches the offline reader: its protocol engine, the frame cap it
 * enforces, the speech recognizer's client it hears with, and the language it reads a reading in
 * (which the peer speaks it in). The engine is host-agnostic (text
 * frames in, server events out), so the peer feeds it the `oai-events` data channel's messages as
 * the Durable Object feeds it socket frames.
 */
export { ReaderSession, type ReaderSessionOptions } from '../reader/protocol/engine.ts';
export { MAX_FRAME_BYTES } from '../reader/protocol/limits.ts';
export { RecognizerClient, type Transcriber } from '../reader/hearing/transcriber.ts';
export { type ReaderLang, readsIn } from '../reader/reading/words.ts';
