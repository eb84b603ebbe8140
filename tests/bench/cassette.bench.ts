/**
 * Cassette delivery on loopback: from the `present_to_cassette` tool's own code (called in an
 * rtc-node participant that joined as an agent, as the worker's job does) to the cassette
 * rendered in the real /bmo page, against the raw `livekit-client` receipt of the same packet by
 * a second room in the same page, in the same run. The page runs with reduced motion, so the
 * figure is delivery and render, not the insert animation (which a visitor sees on purpose).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Room } from '@livekit/rtc-node';
import { AccessToken } from 'livekit-server-sdk';
import { chromium } from 'playwright-core';
import { CassetteDeck, presentToCassette } from '../../agent/tools/present-to-cassette.ts';
import { startLiveKitServer } from '../support/livekit-server.ts';
import { ROOT } from '../support/paths.ts';
import { startWrangler } from '../support/wrangler.ts';
import { median, percentile, row, type BenchRow } from './stats.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';

const now = (): number => performance.timeOrigin + performance.now();

function livekitChunk(): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = Object.entries(manifest).find(([key]) => key.includes('livekit-client'));
  if (!entry) throw new Error('the page build has no livekit-client chunk: run npm run build');
  return `/${entry[1].file}`;
}

export async function cassetteBench(messages = 120): Promise<BenchRow[]> {
  const livekit = await startLiveKitServer();
  const wrangler = await startWrangler({
    vars: {
      LIVEKIT_URL: livekit.url,
      LIVEKIT_API_KEY: livekit.apiKey,
      LIVEKIT_API_SECRET: livekit.apiSecret,
    },
  }).catch(async (error: unknown) => {
    await livekit.stop();
    throw error;
  });
  const browser = await chromium.launch(chromiumLaunchOptions());
  const agent = new Room();
  try {
    const page = await browser.newPage({ reducedMotion: 'reduce' });
    await page.goto(`${wrangler.url}/bmo`);
    const tokenResponse = page.waitForResponse('**/api/livekit/token');
    await page.getByRole('button', { name: 'Connect without microphone' }).click();
    const { roomName } = (await (await tokenResponse).json()) as { roomName: string };

    // The stand-in for BMO's job: an agent participant running the tool's own code.
    const agentToken = new AccessToken(livekit.apiKey, livekit.apiSecret, {
      identity: 'bench-agent',
      ttl: 600,
    });
    agentToken.kind = 'agent';
    agentToken.addGrant({ roomJoin: true, room: roomName, canPublishData: true });
    await agent.connect(livekit.url, await agentToken.toJwt(), { autoSubscribe: false, dynacast: false });

    // The baseline: a bare livekit-client room in the same page, recording raw receipt.
    const observerToken = new AccessToken(livekit.apiKey, livekit.apiSecret, {
      identity: `observer-${randomUUID()}`,
      ttl: 600,
    });
    observerToken.addGrant({ roomJoin: true, room: roomName, canSubscribe: true });
    await page.evaluate(
      async ({ chunk, url, token }) => {
        const lk = (await import(chunk)) as typeof import('livekit-client');
        const times = { raw: {} as Record<string, number>, slot: {} as Record<string, number> };
        (window as unknown as { benchTimes: typeof times }).benchTimes = times;
        const stamp = () => performance.timeOrigin + performance.now();
        const room = new lk.Room();
        room.on(lk.RoomEvent.DataReceived, (payload) => {
          const { title } = JSON.parse(new TextDecoder().decode(payload)) as { title: string };
          times.raw[title] = stamp();
        });
        document.addEventListener('bmo-cassette-insert', (event) => {
          const { title } = (event as CustomEvent<{ title: string }>).detail;
          // Rendered: the frame after the slot showed the new label.
          requestAnimationFrame(() => (times.slot[title] = stamp()));
        });
        await room.connect(url, token);
      },
      { chunk: livekitChunk(), url: livekit.url, token: await observerToken.toJwt() },
    );
    await page.getByRole('textbox', { name: 'Type to BMO' }).waitFor();

    const deck = new CassetteDeck();
    const sent: Record<string, number> = {};
    for (let i = 0; i < messages; i++) {
      const title = `Code ${i}`;
      sent[title] = now();
      await presentToCassette({ title, content: `ID ${i}: 1234-5678-${String(i).padStart(4, '0')}` }, agent, deck);
      await page.waitForFunction(
        (t) => (window as unknown as { benchTimes: { slot: Record<string, number> } }).benchTimes.slot[t] !== undefined,
        title,
      );
    }
    const times = await page.evaluate(
      () => (window as unknown as { benchTimes: { raw: Record<string, number>; slot: Record<string, number> } }).benchTimes,
    );
    const toSlot: number[] = [];
    const toRaw: number[] = [];
    // The first few warm up the data channel and the page; drop them.
    for (let i = 5; i < messages; i++) {
      const title = `Code ${i}`;
      const start = sent[title];
      const slot = times.slot[title];
      const raw = times.raw[title];
      if (start === undefined || slot === undefined || raw === undefined) {
        throw new Error(`cassette ${title} was not both received and rendered`);
      }
      toSlot.push(slot - start);
      toRaw.push(raw - start);
    }
    const n = toSlot.length;
    return [50, 95].flatMap((p) => [
      row('cassette', `tool call → raw livekit-client receipt p${p} (n=${n})`, percentile(toRaw, p), 'ms'),
      row(
        'cassette',
        `tool call → cassette rendered in /bmo p${p} (n=${n})`,
        p === 50 ? median(toSlot) : percentile(toSlot, p),
        'ms',
        { name: `raw receipt p${p}`, value: percentile(toRaw, p) },
      ),
      // The goal: rendered within one frame (16.7 ms at 60 Hz) of the raw receipt.
      row(
        'cassette',
        `tool call → rendered, p${p}, vs raw receipt + one frame`,
        percentile(toSlot, p),
        'ms',
        { name: `raw receipt p${p} + 16.7 ms`, value: percentile(toRaw, p) + 1000 / 60 },
      ),
    ]);
  } finally {
    await agent.disconnect().catch(() => undefined);
    await browser.close();
    await wrangler.stop();
    await livekit.stop();
  }
}
