import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Room, dispose } from '@livekit/rtc-node';
import { expect, test } from '@playwright/test';
import { AgentDispatchClient } from 'livekit-server-sdk';
import { ApiErrorBody } from '../../contracts/api-schema.ts';
import { LIVEKIT_AGENT_NAME, LiveKitTokenResponse } from '../../contracts/livekit-schema.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { type LiveKitServer, startLiveKitServer } from '../support/livekit-server.ts';
import { type RunningWrangler, startWrangler } from '../support/wrangler.ts';

// BMO's reserve on the edge as deployed under wrangler dev (workerd, the real rooms and ceiling
// Durable Objects), with a real livekit-server posting its webhooks to it: many clients of one
// IPv6 /48 hold their network's share of BMO and no more, one client holds one conversation, and a
// visitor from elsewhere still gets BMO. No worker runs: a dispatch is what the edge controls, and
// LiveKit's AgentDispatch API lists it.

const SITE_BMO = 6;
const SHARE_PERCENT = 34; // two of six
let livekit: LiveKitServer;
let edge: RunningWrangler;
let state: string;
const rooms: Room[] = [];

test.beforeAll(async () => {
  const edgePort = await freeTcpPort();
  livekit = await startLiveKitServer({
    webhookUrls: [`http://127.0.0.1:${edgePort}/api/livekit/webhook`],
  });
  state = mkdtempSync(join(tmpdir(), 'edge-deployed-bmo-'));
  edge = await startWrangler({
    port: edgePort,
    deployed: true,
    persistTo: state,
    vars: {
      LIVEKIT_URL: livekit.url,
      LIVEKIT_API_KEY: livekit.apiKey,
      LIVEKIT_API_SECRET: livekit.apiSecret,
      READING_MAX_MINUTES: '30',
      READING_MAX_TOKENS: '200000',
      DAILY_TOKEN_MINUTES: '100000',
      BMO_MAX_SESSIONS: String(SITE_BMO),
      BMO_NETWORK_SHARE: String(SHARE_PERCENT),
    },
  });
});

test.afterAll(async () => {
  await Promise.all(rooms.map((room) => room.disconnect()));
  await dispose();
  await edge?.stop();
  await livekit?.stop();
  rmSync(state, { recursive: true, force: true });
});

async function mint(client: string) {
  const response = await fetch(`${edge.url}/api/livekit/token`, {
    method: 'POST',
    headers: { origin: edge.url, 'content-type': 'application/json', 'cf-connecting-ip': client },
    body: '{}',
  });
  const body: unknown = await response.json();
  return response.ok
    ? { ok: true as const, details: LiveKitTokenResponse.parse(body) }
    : { ok: false as const, status: response.status, error: ApiErrorBody.parse(body).error };
}

/** Joins the room as the visitor; resolves once the edge has dispatched BMO there. */
async function joinAndAwaitBmo(details: LiveKitTokenResponse): Promise<void> {
  const room = new Room();
  rooms.push(room);
  await room.connect(details.serverUrl, details.participantToken, {
    autoSubscribe: false,
    dynacast: false,
  });
  const dispatches = new AgentDispatchClient(
    livekit.url.replace(/^ws/, 'http'),
    livekit.apiKey,
    livekit.apiSecret,
  );
  await expect
    .poll(
      async () =>
        (await dispatches.listDispatch(details.roomName)).filter(
          (d) => d.agentName === LIVEKIT_AGENT_NAME,
        ).length,
      { timeout: 20_000 },
    )
    .toBe(1);
}

test("BMO's reserve holds against many clients of one /48, while a visitor from elsewhere still gets BMO", async () => {
  const share = Math.floor((SITE_BMO * SHARE_PERCENT) / 100);
  const answers: string[] = [];
  for (let n = 1; n <= 5; n++) {
    const client = `2001:db8:bb:${n}::1`;
    const minted = await mint(client);
    if (minted.ok) {
      await joinAndAwaitBmo(minted.details);
      // one conversation per client: the same client's next token is refused in words
      const again = await mint(client);
      expect(again).toMatchObject({ ok: false, status: 429 });
      if (!again.ok) expect(again.error.message).toContain('1 conversation with BMO');
      answers.push('BMO');
    } else {
      expect(minted.status).toBe(503);
      expect(minted.error.code).toBe('bmo_full');
      expect(minted.error.message).toContain('as many people as it can');
      answers.push(minted.error.code);
    }
  }
  expect(answers).toEqual([
    ...Array<string>(share).fill('BMO'),
    ...Array<string>(5 - share).fill('bmo_full'),
  ]);
  // the reserve: a newcomer from another network gets a token and BMO comes to them
  const newcomer = await mint('198.51.100.77');
  expect(newcomer.ok).toBe(true);
  if (newcomer.ok) await joinAndAwaitBmo(newcomer.details);
});
