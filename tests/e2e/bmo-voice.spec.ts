import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../support/chromium.ts';
import { startAgentWorker, type AgentWorker } from '../support/agent-worker.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { ROOT } from '../support/paths.ts';
import { speak } from '../support/recognizer.ts';
import { remoteLevel, sayInto, useSpokenMicrophone } from '../support/spoken-microphone.ts';

// BMO by voice, end to end, with no key: the built page under `wrangler dev`, a real
// `livekit-server --dev`, the real worker on the offline BMO hearing through the run's speech
// recognizer (the global setup's) and speaking with espeak-ng. Each spoken turn is an espeak-ng
// WAV the test plays into the page's microphone; every word goes through the real recognizer and
// the offline model, and BMO's answer is sound on its track, heard by the page's analyser.

const PHILHEALTH_ID = /PhilHealth ID \(PIN\):\s*(\S+)/.exec(
  readFileSync(join(ROOT, 'agent/vault/Health insurance.md'), 'utf8'),
)?.[1];

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'],
  },
});

let worker: AgentWorker | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET } = process.env;
  if (!LIVEKIT_URL || !LIVEKIT_API_KEY || !LIVEKIT_API_SECRET) {
    throw new Error('the global setup did not start LiveKit');
  }
  worker = await startAgentWorker(
    {
      LIVEKIT_URL,
      LIVEKIT_API_KEY,
      LIVEKIT_API_SECRET,
      BMO_AGENT_HTTP_PORT: String(await freeTcpPort()),
      // BMO's answers brisker than its own pace: what they say is tested, not how long they take
      BMO_SPEECH_WPM: '260',
    },
    { mode: 'start', echo: process.env.ECHO_WORKER === '1' },
  );
});
test.afterAll(async () => {
  await worker?.stop();
});

test.describe.configure({ timeout: 150_000 });

const face = (page: Page, state: string) => page.getByRole('img', { name: `BMO is ${state}` });
const lines = (page: Page) => page.getByRole('log').getByRole('listitem');

test('by voice, BMO hears the PhilHealth question, puts the ID on the cassette and says so aloud, then honestly says what the notes do not hold', async ({
  page,
}) => {
  if (!PHILHEALTH_ID) throw new Error('the sample note has no PhilHealth ID');
  await useSpokenMicrophone(page);
  await page.goto('/bmo');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();

  // BMO joins, says it hears (no "typing only"), greets aloud, and listens
  await expect(page.locator('bmo-assistant [part="notice"]')).toHaveText(
    'Offline BMO: talk or type. It hears English.',
    { timeout: 60_000 },
  );
  await expect(page.getByRole('button', { name: 'Mute microphone' })).toBeEnabled();
  await expect(page.locator('[part="status"]')).not.toContainText('typing only');
  await expect(lines(page).first()).toContainText('BMO', { timeout: 30_000 });
  await expect(face(page, 'listening')).toBeVisible({ timeout: 30_000 });

  await sayInto(page, speak('What is my PhilHealth ID?').wav);
  // the cassette holds the ID
  await expect(page.getByRole('button', { name: 'Open cassette: PhilHealth ID' })).toBeVisible({
    timeout: 30_000,
  });
  // BMO's answer is sound on its track, while it speaks
  await expect(face(page, 'speaking')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => remoteLevel(page, 300), { timeout: 10_000 }).toBeGreaterThan(0.02);
  // the transcript shows both sides' words: what BMO heard, and its answer
  const heard = lines(page)
    .filter({ hasText: /Phil ?Health ID/i })
    .first();
  await expect(heard).toContainText('You');
  const answer = lines(page).filter({ hasText: PHILHEALTH_ID });
  await expect(answer).toContainText(/cassette/i, { timeout: 30_000 });
  await expect(face(page, 'listening')).toBeVisible({ timeout: 30_000 });

  // a second question on the same session, about something the notes do not hold: an honest
  // answer in the words BMO heard (a busy machine can turn 'license number' into other words)
  await sayInto(page, speak("What is my driver's license number?").wav);
  await expect(
    lines(page)
      .filter({ hasText: /driver/i })
      .first(),
  ).toContainText('You', {
    timeout: 30_000,
  });
  await expect(lines(page).filter({ hasText: /couldn't find anything about/ })).toContainText(
    /about "driver.*Nothing to put on the cassette/,
    { timeout: 30_000 },
  );
  // the cassette still holds the ID
  await expect(page.getByRole('button', { name: 'Open cassette: PhilHealth ID' })).toBeVisible();
  expect(worker?.events.filter((e) => e.event === 'speech_heard').length).toBeGreaterThanOrEqual(2);
});
