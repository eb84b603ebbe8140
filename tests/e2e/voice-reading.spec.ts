import { type Page, type WebSocket, expect, test } from '@playwright/test';
import { type RelayedEdge, startRelayedEdge } from './helpers/relayed-edge.ts';

// The voice reading against the offline local reader, served by `wrangler dev` with no OpenAI key:
// the real Realtime SDK over the reader's WebSocket, push-to-talk sending real PCM16 captured from
// Chromium's fake microphone. The reader cannot hear, so each turn follows its demo script. And
// the same reading on OpenAI (a local stand-in with the reader's engine behind it) over the
// WebSocket fallback: the call through the edge cannot connect, so the page reads over the relay.

const OFFLINE_NOTICE =
  "Offline reader: it can't hear you, so each time you speak it follows a demo script.";

function talkButton(page: Page) {
  return page.locator('voice-speaker-button button');
}

function indicator(page: Page) {
  return page.locator('voice-agent-indicator [part="label"]');
}

async function readerLines(page: Page): Promise<number> {
  return page.locator('voice-transcript [part~="entry-assistant"]').count();
}

/** How many `input_audio_buffer.append` frames each page has sent on its WebSockets. */
const audioFrames = new WeakMap<Page, { sent: number }>();

/** Counts the audio frames `page` sends from now on (call before it connects). */
function watchAudio(page: Page): void {
  const counter = { sent: 0 };
  audioFrames.set(page, counter);
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => {
      if (
        typeof frame.payload === 'string' &&
        frame.payload.includes('input_audio_buffer.append')
      ) {
        counter.sent += 1;
      }
    });
  });
}

/** Holds the talk button (by mouse or by Space) while "speaking", then lets go; waits for the answer. */
async function holdToSpeak(page: Page, how: 'mouse' | 'keyboard'): Promise<void> {
  const button = talkButton(page);
  await expect(button).toBeEnabled();
  const before = await readerLines(page);
  const audio = audioFrames.get(page);
  if (!audio) throw new Error('watchAudio(page) first');
  const framesBefore = audio.sent;
  if (how === 'mouse') {
    const box = await button.boundingBox();
    if (!box) throw new Error('the talk button has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
  } else {
    await button.focus();
    await page.keyboard.down('Space');
  }
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toHaveText('Listening…');
  await expect(page.locator('tarot-reading-voice [part="status"]')).toHaveText(
    'Listening… let go to send.',
  );
  // Held until real audio from the microphone has gone out: 15 chunks of about 21 ms each, past
  // the shortest hold that counts as speech (250 ms).
  await expect
    .poll(() => audio.sent, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(framesBefore + 15);
  if (how === 'mouse') await page.mouse.up();
  else await page.keyboard.up('Space');
  await expect.poll(() => readerLines(page), { timeout: 10_000 }).toBeGreaterThan(before);
}

/** Picks the first face-down card of the open picker and waits until the draw is in the transcript. */
async function pickACard(page: Page): Promise<void> {
  const drawn = page.locator('voice-transcript [part~="entry"][data-kind="drawn"]');
  const before = await drawn.count();
  const picker = page.locator('tarot-card-picker');
  await expect(picker).toBeVisible();
  await expect(talkButton(page)).toHaveCount(0);
  await picker.getByRole('button', { name: /^Card 1 of \d+$/ }).click();
  await expect(drawn).toHaveCount(before + 1);
}

interface Line {
  kind: string;
  role: string;
  text: string;
}

async function transcript(page: Page): Promise<Line[]> {
  return page.locator('voice-transcript [part~="entry"]').evaluateAll((items) =>
    items.map((item) => ({
      kind: item.getAttribute('data-kind') ?? '',
      role: item.classList.contains('assistant')
        ? 'assistant'
        : item.classList.contains('user')
          ? 'user'
          : 'event',
      text: item.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    })),
  );
}

/** Records the agent indicator's label every few milliseconds, so no phase goes unseen. */
async function recordPhases(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Reflect.set(window, '__phases', seen);
    const read = (): string => {
      const page = document.querySelector('page-reading-voice');
      const element = page?.shadowRoot?.querySelector('tarot-reading');
      const reading = element?.shadowRoot?.querySelector('tarot-reading-voice');
      const indicator = reading?.shadowRoot?.querySelector('voice-agent-indicator');
      return indicator?.shadowRoot?.querySelector('[part="label"]')?.textContent?.trim() ?? '';
    };
    setInterval(() => {
      const label = read();
      if (label && seen.at(-1) !== label) seen.push(label);
    }, 20);
  });
  return () =>
    page.evaluate(() => {
      const seen: unknown = Reflect.get(window, '__phases');
      return Array.isArray(seen) ? seen.map(String) : [];
    });
}

/**
 * The whole reading on the edge at `base` ('' for the shared one): with the offline reader over its
 * socket, or on OpenAI over the relay after the page's call could not connect.
 */
async function wholeVoiceReading(page: Page, base: string, engine: 'local' | 'openai') {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => sockets.push(socket));
  const offers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/voice/calls') offers.push(response.status());
  });
  watchAudio(page);

  await page.goto(`${base}/reading`);
  await page.getByRole('link', { name: /Voice Reading/ }).click();
  await expect(page).toHaveURL(/\/reading\/voice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Voice reading' })).toBeVisible();
  if (engine === 'local') {
    await expect(page.locator('tarot-reading-voice [part="notice"]')).toHaveText(OFFLINE_NOTICE);
  }
  await expect(talkButton(page)).toBeEnabled();
  await expect(talkButton(page)).toHaveText('Hold to Speak');
  await expect(talkButton(page)).toHaveAttribute('aria-pressed', 'false');
  const phases = await recordPhases(page);
  await expect(indicator(page)).toHaveText('Intent Assessment');
  if (engine === 'local') {
    expect(sockets.map((socket) => new URL(socket.url()).pathname)).toEqual([
      '/api/reader/realtime',
    ]);
    expect(offers).toEqual([]);
  } else {
    // The call went to the edge (never to OpenAI) and could not connect; the relay took over.
    await expect(page.locator('tarot-reading-voice [part="notice"]')).toHaveCount(0);
    expect(offers).toEqual([201]);
    expect(sockets.map((socket) => new URL(socket.url()).pathname)).toEqual([
      '/api/voice/realtime',
    ]);
  }

  // The transcript starts open with the offline reader (it has no voice to hear), closed on
  // OpenAI; it hides and shows.
  const toggle = page.getByRole('button', { name: 'Transcript' });
  await expect(toggle).toHaveAttribute('aria-expanded', engine === 'local' ? 'true' : 'false');
  if (engine === 'local') {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('voice-transcript [part="log"]')).toBeHidden();
  }
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('voice-transcript [part="log"]')).toBeVisible();

  // Intent: two spoken turns (the demo question, then the answer to the clarifying question).
  await holdToSpeak(page, 'mouse');
  await expect(page.locator('voice-transcript [part~="entry-assistant"]').first()).toContainText(
    "I'm the offline reader and can't hear speech, so I'll follow a demo script:",
  );
  await holdToSpeak(page, 'mouse');

  // Spread generation: the picker takes the centre; pick each card until the reading begins.
  await expect(indicator(page)).toHaveText('Spread Generation');
  // The reading's own status region says so (nothing depends on the page's <voice-announcer>).
  await expect(
    page
      .locator('tarot-reading')
      .getByRole('status')
      .filter({ hasText: /Drawing a card for/ }),
  ).toContainText(/Drawing a card for the \w+ position/);
  let drawn = 0;
  const picker = page.locator('tarot-card-picker');
  while (drawn < 10) {
    await expect(
      picker.or(
        page.locator('voice-agent-indicator [part="label"]', { hasText: /^(Reading|Followup)$/ }),
      ),
    ).toBeVisible({
      timeout: 15_000,
    });
    if ((await picker.count()) === 0) break;
    await pickACard(page);
    drawn += 1;
  }
  expect(drawn).toBeGreaterThan(0);

  // Reading: each card on the stage before its interpretation; then Followup gives the button back.
  await expect(indicator(page)).toHaveText('Followup', { timeout: 30_000 });
  await expect(talkButton(page)).toBeEnabled();
  expect(await phases()).toEqual(['Intent Assessment', 'Spread Generation', 'Reading', 'Followup']);
  const lines = await transcript(page);
  const readingStart = lines.findIndex(
    (line) => line.kind === 'phase' && line.text === 'Reading phase',
  );
  expect(readingStart).toBeGreaterThan(0);
  const drawnCards = lines.filter((line) => line.kind === 'drawn');
  expect(drawnCards).toHaveLength(drawn);
  for (const card of drawnCards) {
    const name = /^Drawn: (.+?), (upright|reversed)/.exec(card.text)?.[1] ?? '';
    expect(name).not.toBe('');
    const shownAt = lines.findIndex(
      (line) => line.kind === 'shown' && line.text.startsWith(`Shown: ${name},`),
    );
    const readAt = lines.findIndex(
      (line, index) => index > shownAt && line.role === 'assistant' && line.text.includes(name),
    );
    expect(shownAt, `${name} is shown`).toBeGreaterThan(readingStart);
    expect(readAt, `${name} is read after it is shown`).toBeGreaterThan(shownAt);
  }

  // Followup: a question held with the keyboard, then a clarification card held with the mouse.
  await holdToSpeak(page, 'keyboard');
  await holdToSpeak(page, 'mouse');
  await pickACard(page);
  const clarification = (await transcript(page)).filter((line) => line.kind === 'drawn').at(-1);
  const clarificationName = /^Drawn: (.+?), /.exec(clarification?.text ?? '')?.[1] ?? '';
  await expect(
    page.locator('voice-transcript [part~="entry"][data-kind="shown"]').last(),
  ).toContainText(`Shown: ${clarificationName},`);
  await expect(page.locator('tarot-card-stage [part="figure"] [part="name"]')).toHaveText(
    clarificationName,
  );

  // Leave with the back button: confirm, and the connection closes.
  await page.getByRole('button', { name: 'Back' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave the reading?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  expect(sockets.every((socket) => !socket.isClosed())).toBe(true);
  await page.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/reading$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tarot reading' })).toBeVisible();
  await expect.poll(() => sockets.every((socket) => socket.isClosed())).toBe(true);
  expect(sockets).toHaveLength(1);
  expect(errors).toEqual([]);
}

test('a whole voice reading: push-to-talk by mouse and keyboard, all four agents, every card shown before it is read, the transcript, and leaving closes the connection', async ({
  page,
}) => {
  await wholeVoiceReading(page, '', 'local');
});

test.describe('on OpenAI through the edge, over the WebSocket fallback', () => {
  let relayed: RelayedEdge;
  test.beforeAll(async () => {
    relayed = await startRelayedEdge();
  });
  test.afterAll(async () => {
    await relayed?.stop();
  });

  test('the same whole voice reading over the relay, after the call could not connect, its audio reaching OpenAI and every session update pinned', async ({
    page,
  }) => {
    await wholeVoiceReading(page, relayed.url, 'openai');
    const { standin } = relayed;
    // The call reached OpenAI with the pinned session, then the reading went over the relay.
    expect([...standin.calls.values()].map((call) => call.offered)).toEqual([
      expect.objectContaining({ output_modalities: ['audio'], tracing: null }),
    ]);
    expect(standin.sessions).toHaveLength(1);
    const received = standin.sessions[0]?.received ?? [];
    expect(received.some((event) => event.type === 'input_audio_buffer.append')).toBe(true);
    for (const update of received.filter((event) => event.type === 'session.update')) {
      expect(update.session).toMatchObject({
        model: 'gpt-realtime',
        output_modalities: ['audio'],
        max_output_tokens: 1024,
        tracing: null,
        audio: { output: { voice: 'alloy' } },
      });
    }
  });
});

test('a browser without WebRTC: the exact message, browser advice, and the switch to text chat', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'RTCPeerConnection');
  });
  let tokens = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/voice/token')) tokens += 1;
  });
  await page.goto('/reading/voice');
  await expect(page.locator('tarot-reading-voice [part="problem"] h2')).toHaveText(
    "Your browser doesn't support voice readings",
  );
  await expect(page.locator('tarot-reading-voice [part="problem"]')).toContainText(
    'Chrome, Edge, Firefox or Safari',
  );
  await expect(page.locator('tarot-reading voice-announcer').getByRole('alert')).toContainText(
    "Your browser doesn't support voice readings",
  );
  await expect(talkButton(page)).toHaveCount(0);
  expect(tokens).toBe(0);
  await page.getByRole('button', { name: 'Switch to Text Chat' }).click();
  await expect(page).toHaveURL(/\/reading\/text$/);
  await expect(page.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
});

test('a refused microphone gets its own message and the same way out', async ({ page }) => {
  await page.addInitScript(() => {
    const refuse = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { value: refuse });
  });
  await page.goto('/reading/voice');
  await expect(page.locator('tarot-reading-voice [part="problem"]')).toContainText(
    'The microphone is blocked for this site.',
  );
  await page.getByRole('button', { name: 'Switch to Text Chat' }).click();
  await expect(page).toHaveURL(/\/reading\/text$/);
});

test('a failing token endpoint: a fitting message, Retry mints a fresh token, and Switch to Text Mode works', async ({
  page,
}) => {
  const requests: { sessionId: string; mode: string }[] = [];
  await page.route('**/api/voice/token', async (route) => {
    const body: unknown = route.request().postDataJSON();
    const sessionId =
      typeof body === 'object' && body !== null ? String(Reflect.get(body, 'sessionId')) : '';
    const mode = typeof body === 'object' && body !== null ? String(Reflect.get(body, 'mode')) : '';
    requests.push({ sessionId, mode });
    // Every attempt for the first session fails (the edge client retries a 503 before it gives up).
    if (sessionId === requests[0]?.sessionId) {
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'upstream_unavailable', message: 'The upstream is down.' },
        }),
      });
      return;
    }
    await route.continue();
  });

  await page.goto('/reading/voice');
  const problem = page.locator('tarot-reading-voice [part="problem"]');
  await expect(problem).toContainText(
    'The reading service is unavailable right now. Try again in a moment.',
  );
  await expect(page.getByRole('button', { name: 'Switch to Text Mode' })).toBeVisible();
  await expect(page.locator('tarot-reading voice-announcer').getByRole('alert')).toHaveText(
    'The reading service is unavailable right now. Try again in a moment.',
  );
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(talkButton(page)).toBeEnabled();
  await expect(problem).toHaveCount(0);
  // Three attempts with backoff for the first session, then one for the fresh session of Retry.
  expect(requests).toHaveLength(4);
  expect(new Set(requests.slice(0, 3).map((request) => request.sessionId)).size).toBe(1);
  expect(requests[3]?.sessionId).not.toBe(requests[0]?.sessionId);
  expect(requests.every((request) => request.mode === 'voice')).toBe(true);

  // Fail again, and take the way out to text this time.
  requests.length = 0;
  await page.goto('/reading/voice');
  await expect(problem).toContainText('The reading service is unavailable right now.');
  await page.getByRole('button', { name: 'Switch to Text Mode' }).click();
  await expect(page).toHaveURL(/\/reading\/text$/);
  await expect(page.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
  expect(requests.map((request) => request.mode)).toEqual(['voice', 'voice', 'voice', 'text']);
});

test('on the openai engine the page offers its own muted microphone in its call through the edge, never to OpenAI, and a refused call token reads plainly', async ({
  page,
}) => {
  // Nothing may leave the machine: every outside request is refused (OpenAI's among them: the
  // page never calls it), and the SDK's SDP post to the edge's call route is answered here.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
  const posts: {
    authorization: string;
    contentType: string;
    body: string;
    microphoneLive: unknown;
  }[] = [];
  const callUrl = new URL('/api/voice/calls', process.env.E2E_BASE_URL).toString();
  await page.route(callUrl, async (route) => {
    const headers = route.request().headers();
    posts.push({
      authorization: headers['authorization'] ?? '',
      contentType: headers['content-type'] ?? '',
      body: route.request().postData() ?? '',
      // Whether any microphone track is live (enabled) while the offer is made: it must not be.
      microphoneLive: await page.evaluate(() => {
        const stream: unknown = Reflect.get(window, '__microphone');
        return stream instanceof MediaStream
          ? stream.getAudioTracks().some((track) => track.enabled)
          : 'no stream';
      }),
    });
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unauthorized', message: 'Not valid.' } }),
    });
  });
  await page.route('**/api/voice/token', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        engine: 'openai',
        token: 'ek_call_test_not_a_real_token',
        expiresAt: Math.floor(Date.now() / 1000) + 60,
        model: 'gpt-realtime',
        callUrl,
      }),
    }),
  );
  // Count microphone requests: the page opens one stream and hands it to the SDK.
  await page.addInitScript(() => {
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    let calls = 0;
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
      value: async (constraints: MediaStreamConstraints) => {
        calls += 1;
        Reflect.set(window, '__microphoneRequests', calls);
        const stream = await original(constraints);
        Reflect.set(window, '__microphone', stream);
        return stream;
      },
    });
  });

  await page.goto('/reading/voice');
  await expect(page.locator('tarot-reading-voice [part="problem"]')).toContainText(
    "This voice reading's pass was already used or has expired. Start again.",
  );
  expect(posts).toHaveLength(1);
  expect(posts[0]?.authorization).toBe('Bearer ek_call_test_not_a_real_token');
  expect(posts[0]?.contentType).toBe('application/sdp');
  expect(posts[0]?.body).toContain('m=audio');
  expect(posts[0]?.microphoneLive).toBe(false);
  expect(await page.evaluate(() => Reflect.get(window, '__microphoneRequests'))).toBe(1);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => posts.length).toBe(2);
  await expect(page.getByRole('button', { name: 'Switch to Text Mode' })).toBeVisible();
  expect(await page.evaluate(() => Reflect.get(window, '__microphoneRequests'))).toBe(1);
});
