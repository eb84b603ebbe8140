/**
 * Starts the local WebRTC reader: `node voice-peer/main.ts`. Settings: VOICE_PEER_KEY (required:
 * the edge's key for it), VOICE_PEER_PORT (8790), ESPEAK_NG (the espeak-ng to run; empty for
 * tones), RECOGNIZER_URL and RECOGNIZER_KEY (the speech recognizer it hears with; without them a
 * spoken turn follows the demo script). It listens on 127.0.0.1 only.
 */
import { RecognizerClient } from './reader-engine.ts';
import { startVoicePeer } from './server.ts';

const key = process.env.VOICE_PEER_KEY;
if (!key || key.length < 16) {
  console.error('VOICE_PEER_KEY must be set (16 characters or more): the edge presents it.');
  process.exit(1);
}
// Unset: espeak-ng on PATH; a path: that espeak-ng; empty: tones, by choice.
const espeak = process.env.ESPEAK_NG;
const peer = await startVoicePeer({
  key,
  port: Number(process.env.VOICE_PEER_PORT ?? 8790),
  voice:
    espeak === ''
      ? { kind: 'tones' }
      : { kind: 'espeak-ng', ...(espeak === undefined ? {} : { binary: espeak }) },
  transcriber:
    process.env.RECOGNIZER_URL && process.env.RECOGNIZER_KEY
      ? new RecognizerClient({ url: process.env.RECOGNIZER_URL, key: process.env.RECOGNIZER_KEY })
      : undefined,
});
console.log(JSON.stringify({ type: 'voice_peer_listening', url: peer.url }));
const stop = () => void peer.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
