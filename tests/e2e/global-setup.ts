/**
 * Starts what the e2e tests run against: a real `livekit-server --dev`, the local speech
 * recognizer, the local WebRTC reader hearing with it, and `wrangler dev` serving the built page
 * (dist/, built by `npm run build` before this layer) with the LiveKit settings. Their addresses
 * reach the tests through the environment. Nothing is skipped: if a piece cannot start, the layer
 * fails with the reason. The shared edge itself is given no recognizer, so the specs that hold a
 * voice reading on it keep the demo script, which the page still offers wherever nothing hears;
 * the specs that speak bring an edge that hears.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LIVEKIT_WEBHOOK_PATH } from '../../scripts/livekit-local.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { startLiveKitServer } from '../support/livekit-server.ts';
import { ROOT } from '../support/paths.ts';
import { startWrangler } from '../support/wrangler.ts';
import { startVoicePeer } from '../../voice-peer/server.ts';
import { RecognizerClient } from '../../reader/hearing/transcriber.ts';
import { startRecognizer } from '../support/recognizer.ts';

/** Another site, allowed to use the API, from which the BMO tests visit as a visitor (not the owner). */
export const VISITOR_ORIGIN = 'https://visitor.invalid';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(join(ROOT, 'dist/index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` before the e2e layer (npm test does).');
  }
  // The server posts its webhooks to the edge started here and to the `npm start` a spec may run
  // against it (helpers/starter.ts `startLocalStack`, on E2E_STACK_PORT), one at a time: each edge
  // starts BMO's job only in rooms it minted.
  const [edgePort, stackPort] = await Promise.all([freeTcpPort(), freeTcpPort()]);
  const livekit = await startLiveKitServer({
    webhookUrls: [edgePort, stackPort].map(
      (port) => `http://127.0.0.1:${port}${LIVEKIT_WEBHOOK_PATH}`,
    ),
  });
  // The local WebRTC reader, as npm start runs it beside livekit-server; the WebRTC voice spec
  // points its own edge at it (the shared edge keeps the WebSocket reader the other specs test).
  const voicePeerKey = randomBytes(24).toString('hex');
  let recognizer;
  let voicePeer;
  let wrangler;
  try {
    recognizer = await startRecognizer();
    process.env.E2E_RECOGNIZER_URL = recognizer.url;
    process.env.E2E_RECOGNIZER_KEY = recognizer.key;
    voicePeer = await startVoicePeer({
      key: voicePeerKey,
      // espeak-ng's fastest: each line is spoken before its response ends
      speechWpm: 450,
      transcriber: new RecognizerClient({ url: recognizer.url, key: recognizer.key }),
      onLog: () => undefined,
    });
    process.env.E2E_VOICE_PEER_URL = voicePeer.url;
    process.env.E2E_VOICE_PEER_KEY = voicePeerKey;
    wrangler = await startWrangler({
      port: edgePort,
      vars: {
        LIVEKIT_URL: livekit.url,
        LIVEKIT_API_KEY: livekit.apiKey,
        LIVEKIT_API_SECRET: livekit.apiSecret,
        READER_TOKEN_SECRET: 'e2e-reader-secret',
        ALLOWED_ORIGINS: VISITOR_ORIGIN,
        // Every spec's visitors reach this edge from 127.0.0.1, as one client: lift the
        // per-client limits as a load test does (local development only). The limits themselves
        // are tested on their own edges (edge-deployed.spec.ts and the unit layer).
        LOAD_TEST_LIMITS: 'true',
      },
    });
  } catch (error) {
    await voicePeer?.close();
    await recognizer?.stop();
    await livekit.stop();
    throw error;
  }
  process.env.E2E_BASE_URL = wrangler.url;
  process.env.E2E_STACK_PORT = String(stackPort);
  process.env.LIVEKIT_URL = livekit.url;
  process.env.LIVEKIT_API_KEY = livekit.apiKey;
  process.env.LIVEKIT_API_SECRET = livekit.apiSecret;
  const peer = voicePeer;
  const ears = recognizer;
  return async () => {
    await wrangler.stop();
    await peer.close();
    await ears.stop();
    await livekit.stop();
  };
}
