import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../support/chromium.ts';
import { type RunningWrangler, startWrangler } from '../support/wrangler.ts';

// The voice reading on the production transport, on npm start's parts: Chromium's WebRTC call
// through the edge (workerd) to the local WebRTC reader, with a fake microphone that says a
// question made here with espeak-ng. The reader measures the microphone's track; the page's
// analyser listens to the reader's.

const wav = join(mkdtempSync(join(tmpdir(), 'voice-webrtc-')), 'question.wav');
execFileSync('espeak-ng', ['-w', wav, 'Will I find a new job this year?']);

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      ...FAKE_MEDIA_ARGS,
      `--use-file-for-fake-audio-capture=${wav}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

const peerUrl = process.env.E2E_VOICE_PEER_URL ?? '';
const peerKey = process.env.E2E_VOICE_PEER_KEY ?? '';
let edge: RunningWrangler;

test.beforeAll(async () => {
  edge = await startWrangler({
    vars: { VOICE_PEER_URL: peerUrl, VOICE_PEER_KEY: peerKey, READER_TOKEN_SECRET: 'e2e-webrtc' },
  });
});
test.afterAll(async () => {
  await edge?.stop();
});

interface Sound {
  heardFrames: number;
  voicedFrames: number;
  spans: { from: number; to: number }[];
}

async function sound(callId: string): Promise<Sound> {
  const response = await fetch(`${peerUrl}/realtime/calls/${callId}`, {
    headers: { Authorization: `Bearer ${peerKey}` },
  });
  const body = (await response.json()) as { sound: Sound };
  return body.sound;
}

/** Keeps every remote track the page's peer connections receive, for the analyser. */
async function keepRemoteTracks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tracks: MediaStreamTrack[] = [];
    const streams: MediaStream[] = [];
    Reflect.set(window, '__remoteTracks', tracks);
    Reflect.set(window, '__remoteStreams', streams);
    const Original = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        this.addEventListener('track', (event) => {
          tracks.push(event.track);
          streams.push(...event.streams);
        });
      }
    };
  });
}

/** The loudest level (0…1) the page's analyser reads on the reader's track over `ms`. */
function remoteLevel(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (duration) => {
    const tracks: unknown = Reflect.get(window, '__remoteTracks');
    const track = Array.isArray(tracks) ? (tracks as MediaStreamTrack[]).at(-1) : undefined;
    if (!track) return -1;
    const stream = new MediaStream([track]);
    // Chromium feeds a remote track to Web Audio only while a media element plays it too.
    const sink = new Audio();
    sink.muted = true;
    sink.srcObject = stream;
    await sink.play();
    const context = new AudioContext();
    await context.resume();
    const analyser = context.createAnalyser();
    context.createMediaStreamSource(stream).connect(analyser);
    const data = new Float32Array(analyser.fftSize);
    let loudest = 0;
    const until = performance.now() + duration;
    while (performance.now() < until) {
      analyser.getFloatTimeDomainData(data);
      for (const value of data) loudest = Math.max(loudest, Math.abs(value));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await context.close();
    sink.srcObject = null;
    return loudest;
  }, ms);
}

test('a voice reading over WebRTC through the edge: sound only while the button is held, the reader heard and shown in words, a card drawn and shown', async ({
  page,
}) => {
  // The reader speaks every line aloud before its response ends, as a model does.
  test.setTimeout(180_000);
  await keepRemoteTracks(page);
  let callId = '';
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/voice/calls' && response.status() === 201) {
      callId = response.headers()['location']?.split('/').pop() ?? '';
    }
  });
  await page.goto(`${edge.url}/reading`);
  await page.getByRole('link', { name: /Voice Reading/ }).click();
  const talk = page.locator('voice-speaker-button button');
  await expect(talk).toBeEnabled({ timeout: 20_000 });
  await expect.poll(() => callId).toMatch(/^rtc_/);

  // The microphone's track flows, muted: the reader hears frames and no sound in them.
  await expect.poll(async () => (await sound(callId)).heardFrames).toBeGreaterThan(100);
  expect((await sound(callId)).voicedFrames).toBe(0);

  // Held: sound arrives; let go: it stops.
  const box = await talk.boundingBox();
  if (!box) throw new Error('the talk button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const pressedAt = Date.now();
  await page.mouse.down();
  await expect(talk).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await sound(callId)).voicedFrames).toBeGreaterThan(30);
  await page.mouse.up();
  const releasedAt = Date.now();
  const answer = page.locator('voice-transcript [part~="entry-assistant"]').first();
  await expect(answer).toContainText('offline reader', { timeout: 20_000 });

  // The reader's track comes in a stream, as OpenAI's does: the SDK plays `streams[0]` on the
  // page's audio element, so a track in no stream would never be heard.
  expect(
    await page.evaluate(() => (Reflect.get(window, '__remoteStreams') as MediaStream[]).length),
  ).toBeGreaterThan(0);
  // The reader speaks its words on its track: the page's analyser hears them.
  await expect.poll(() => remoteLevel(page, 500), { timeout: 20_000 }).toBeGreaterThan(0.02);

  const heard = await sound(callId);
  await expect
    .poll(async () => (await sound(callId)).heardFrames)
    .toBeGreaterThan(heard.heardFrames + 100);
  const after = await sound(callId);
  expect(after.spans.length).toBeGreaterThan(0);
  for (const span of after.spans) {
    expect(span.from).toBeGreaterThanOrEqual(pressedAt);
    // the jitter buffer may still be playing out what was said just before the release
    expect(span.to).toBeLessThanOrEqual(releasedAt + 1_000);
  }

  // A second turn, then the picker: a card drawn and shown.
  await expect(talk).toBeEnabled({ timeout: 20_000 });
  const lines = await page.locator('voice-transcript [part~="entry-assistant"]').count();
  await page.mouse.down();
  await expect
    .poll(async () => (await sound(callId)).voicedFrames)
    .toBeGreaterThan(after.voicedFrames + 30);
  await page.mouse.up();
  await expect
    .poll(() => page.locator('voice-transcript [part~="entry-assistant"]').count(), {
      timeout: 20_000,
    })
    .toBeGreaterThan(lines);
  // Every card of the spread drawn; the reading then shows the first on the stage.
  const picker = page.locator('tarot-card-picker');
  const drawn = page.locator('voice-transcript [part~="entry"][data-kind="drawn"]');
  const shown = page.locator('voice-transcript [part~="entry"][data-kind="shown"]');
  for (let count = 0; count < 10; count += 1) {
    await expect(picker.or(shown.first())).toBeVisible({ timeout: 60_000 });
    if ((await picker.count()) === 0) break;
    await picker.getByRole('button', { name: /^Card 1 of \d+$/ }).click();
    await expect(drawn).toHaveCount(count + 1);
  }
  await expect(shown.first()).toContainText('Shown:', { timeout: 60_000 });
  await expect(page.locator('tarot-card-stage [part="figure"] [part="name"]')).not.toBeEmpty();
});
