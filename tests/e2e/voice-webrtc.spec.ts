import { type Page, expect, test } from '@playwright/test';
import { IntentHandoff } from '../../contracts/reading-schema.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../support/chromium.ts';
import { speak } from '../support/recognizer.ts';
import { type RunningWrangler, startWrangler } from '../support/wrangler.ts';
import {
  channelEvents,
  remoteLevel,
  sayInto,
  useSpokenMicrophone,
} from '../support/spoken-microphone.ts';

// A spoken reading on the production transport, on npm start's parts: Chromium's WebRTC call
// through the edge (workerd) to the local WebRTC reader, which hears each turn with the local
// speech recognizer. Each turn is its own espeak-ng WAV, said into the page's microphone while the
// talk button is held. The reader measures the microphone's track; the page's analyser listens to
// the reader's. Nothing here hands anyone a transcript: the words reach the reader as sound.

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'],
  },
});

const peerUrl = process.env.E2E_VOICE_PEER_URL ?? '';
const peerKey = process.env.E2E_VOICE_PEER_KEY ?? '';
let edge: RunningWrangler;

test.beforeAll(async () => {
  edge = await startWrangler({
    vars: {
      VOICE_PEER_URL: peerUrl,
      VOICE_PEER_KEY: peerKey,
      RECOGNIZER_URL: process.env.E2E_RECOGNIZER_URL ?? '',
      RECOGNIZER_KEY: process.env.E2E_RECOGNIZER_KEY ?? '',
      READER_TOKEN_SECRET: 'e2e-webrtc',
    },
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

const talk = (page: Page) => page.locator('voice-speaker-button button');
const answers = (page: Page) => page.locator('voice-transcript [part~="entry-assistant"]');
const yours = (page: Page) => page.locator('voice-transcript [part~="entry-user"]');

/** Opens a voice reading on the hearing edge; resolves with the call's id once it is connected. */
async function openVoiceReading(page: Page): Promise<() => string> {
  await useSpokenMicrophone(page);
  let callId = '';
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/voice/calls' && response.status() === 201) {
      callId = response.headers()['location']?.split('/').pop() ?? '';
    }
  });
  await page.goto(`${edge.url}/reading`);
  await expect(page.getByRole('link', { name: /Voice Reading/ })).toContainText('it hears English');
  await page.getByRole('link', { name: /Voice Reading/ }).click();
  await expect(talk(page)).toBeEnabled({ timeout: 20_000 });
  await expect(page.locator('tarot-reading-voice [part="notice"]')).toHaveText(
    'Offline reader: it hears English on this machine.',
  );
  await expect.poll(() => callId).toMatch(/^rtc_/);
  return () => callId;
}

/** Holds the talk button while `words` are said into the microphone, then lets go. */
async function sayHolding(
  page: Page,
  words: string,
): Promise<{ pressedAt: number; endedAt: number }> {
  await expect(talk(page)).toBeEnabled({ timeout: 30_000 });
  const box = await talk(page).boundingBox();
  if (!box) throw new Error('the talk button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const pressedAt = Date.now();
  await page.mouse.down();
  await expect(talk(page)).toHaveAttribute('aria-pressed', 'true');
  const endedAt = await sayInto(page, speak(words).wav);
  await page.mouse.up();
  return { pressedAt, endedAt };
}

/** The reader's function calls so far, by name, with their arguments. */
async function calls(page: Page): Promise<{ name: string; args: unknown }[]> {
  return (await channelEvents(page)).flatMap(({ from, event }) => {
    const item = event.item as { type?: unknown; name?: unknown; arguments?: unknown } | undefined;
    if (from !== 'agent' || event.type !== 'response.output_item.done') return [];
    if (item?.type !== 'function_call' || typeof item.name !== 'string') return [];
    return [{ name: item.name, args: JSON.parse(String(item.arguments)) as unknown }];
  });
}

/** Picks the first card each time the picker opens, until the spread is drawn and one is shown. */
async function drawEveryCard(page: Page): Promise<void> {
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
}

test('a spoken three-card reading about moving to a new city: heard, clarified by voice, three cards drawn', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const callId = await openVoiceReading(page);

  // The microphone's track flows between turns, silent: the reader hears frames, no sound.
  await expect.poll(async () => (await sound(callId())).heardFrames).toBeGreaterThan(100);
  expect((await sound(callId())).voicedFrames).toBe(0);

  const question = await sayHolding(
    page,
    "I'd like a three card reading about moving to a new city",
  );
  const releasedAt = Date.now();
  // Heard, in the visitor's own words, and answered with the one clarifying question.
  await expect(yours(page).first()).toContainText('new city', { timeout: 20_000 });
  await expect(answers(page).first()).toContainText('Thank you for bringing that', {
    timeout: 20_000,
  });
  // The reader speaks its words on its track, in a stream as OpenAI's is: the page hears them.
  expect(
    await page.evaluate(() => (Reflect.get(window, '__remoteStreams') as MediaStream[]).length),
  ).toBeGreaterThan(0);
  await expect.poll(() => remoteLevel(page, 500), { timeout: 20_000 }).toBeGreaterThan(0.02);
  // Sound only while the button was held.
  const after = await sound(callId());
  expect(after.spans.length).toBeGreaterThan(0);
  for (const span of after.spans) {
    expect(span.from).toBeGreaterThanOrEqual(question.pressedAt);
    // the jitter buffer may still be playing out what was said just before the release
    expect(span.to).toBeLessThanOrEqual(releasedAt + 1_000);
  }

  // The clarifying question, answered by voice: the intent handoff carries the visitor's words.
  await sayHolding(page, 'Yes, mostly about making new friends there');
  await expect(yours(page).nth(1)).toContainText('friends', { timeout: 20_000 });
  await expect
    .poll(
      async () => (await calls(page)).some((call) => call.name === 'transfer_to_SpreadGeneration'),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  const handoff = (await calls(page)).find((call) => call.name === 'transfer_to_SpreadGeneration');
  const intent = IntentHandoff.parse(handoff?.args);
  expect(intent.intentSummary.toLowerCase()).toContain('new city');
  expect(intent.hiddenConcern.toLowerCase()).toContain('friends');

  await drawEveryCard(page);
  expect((await calls(page)).filter((call) => call.name === 'draw_card')).toHaveLength(3);
  await expect(page.locator('tarot-card-stage [part="figure"] [part="name"]')).not.toBeEmpty();
});

test('"just one card about love", said aloud, gets one card about love', async ({ page }) => {
  test.setTimeout(180_000);
  await openVoiceReading(page);
  await sayHolding(page, 'Just one card about love');
  // The words that matter heard (a busy machine's audio may blur a small one: "about").
  await expect(yours(page).first()).toContainText(/one.card/i, { timeout: 20_000 });
  await expect(yours(page).first()).toContainText('love');
  await expect(answers(page).first()).toContainText('Thank you for bringing that', {
    timeout: 20_000,
  });
  await sayHolding(page, 'I want to know if my partner still loves me');
  await expect
    .poll(
      async () => (await calls(page)).some((call) => call.name === 'transfer_to_SpreadGeneration'),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  const handoff = (await calls(page)).find((call) => call.name === 'transfer_to_SpreadGeneration');
  expect(IntentHandoff.parse(handoff?.args).topic).toBe('love');
  await drawEveryCard(page);
  expect((await calls(page)).filter((call) => call.name === 'draw_card')).toHaveLength(1);
});
