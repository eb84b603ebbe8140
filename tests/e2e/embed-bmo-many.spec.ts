import { expect, test, type Locator, type Page } from '@playwright/test';
import type {} from '../../web-components/bmo/bmo-assistant.ts';
import { startAgentWorker, type AgentWorker } from '../support/agent-worker.ts';
import {
  isAfterToolCall,
  lastUserText,
  startChatStandin,
  type ChatStandin,
  type ChatTurn,
  type RecordedChatRequest,
} from '../support/openai-chat-standin.ts';
import { startWrangler, type RunningWrangler } from '../support/wrangler.ts';

// Two <bmo-assistant> on a site owner's plain HTML page on another origin, loaded by one script
// tag from /embed/bmo.js, each talking to its own BMO through the real edge (which lists the site
// in ALLOWED_ORIGINS), the real livekit-server, the real agent worker and Chromium. The model is a
// local stand-in for OpenAI's chat API that puts on a cassette exactly what it is asked to, so the
// two assistants receive DIFFERENT cassettes over the real data channel.

const SITE = 'https://site.invalid';

// The site's page is fulfilled by Playwright (a "public" page to Chromium) while the edge runs on
// loopback; Local Network Access would refuse that script, hence the permission (see embed.spec).
test.use({ permissions: ['local-network-access'] });

/** The model: greet; `Put "<content>" on a cassette titled "<title>"` → present_to_cassette. */
function playModel(request: RecordedChatRequest): ChatTurn {
  const question = lastUserText(request);
  if (!question) return { say: 'Hi! BMO here.' };
  const asked = /Put "([^"]+)" on a cassette titled "([^"]+)"/.exec(question);
  if (!asked) return { say: 'BMO does not know that one.' };
  const [, content = '', title = ''] = asked;
  if (!isAfterToolCall(request)) {
    return { toolCalls: [{ name: 'present_to_cassette', args: { title, content } }] };
  }
  return { say: `Done: ${title} is on your cassette.` };
}

let standin: ChatStandin;
let worker: AgentWorker;
let edge: RunningWrangler;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = process.env;
  if (!url || !apiKey || !apiSecret) throw new Error('the global setup did not start LiveKit');
  standin = await startChatStandin(playModel);
  worker = await startAgentWorker({
    LIVEKIT_URL: url,
    LIVEKIT_API_KEY: apiKey,
    LIVEKIT_API_SECRET: apiSecret,
    OPENAI_API_KEY: 'sk-e2e-standin',
    OPENAI_BASE_URL: standin.baseURL,
    BMO_MODE: 'text',
  });
  // An edge of this test's own that allows the site (the shared one refuses other origins).
  edge = await startWrangler({
    vars: {
      LIVEKIT_URL: url,
      LIVEKIT_API_KEY: apiKey,
      LIVEKIT_API_SECRET: apiSecret,
      READER_TOKEN_SECRET: 'e2e-reader-secret',
      ALLOWED_ORIGINS: SITE,
    },
  });
});

test.afterAll(async () => {
  await edge?.stop();
  await worker?.stop();
  await standin?.close();
});

test.describe.configure({ timeout: 180_000 });

/** Records, per assistant, its events and every text its status and alert regions show. */
async function listen(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await customElements.whenDefined('bmo-assistant');
    const events: Record<string, string[]> = { left: [], right: [] };
    const heard: Record<string, string[]> = { left: [], right: [] };
    Object.assign(window, { bmoEvents: events, bmoHeard: heard });
    const detailOf = (e: Event) => {
      if (!(e instanceof CustomEvent)) return '';
      const d: unknown = e.detail;
      if (typeof d !== 'object' || d === null) return '';
      for (const key of ['connection', 'title', 'code']) {
        if (key in d) return String((d as Record<string, unknown>)[key]);
      }
      return '';
    };
    for (const type of ['bmo-connection-change', 'bmo-cassette-receive', 'bmo-error']) {
      document.addEventListener(type, (e) => {
        const who = e.target instanceof Element ? e.target.id : '';
        events[who]?.push(`${type.slice(4)} ${detailOf(e)}`);
      });
    }
    for (const id of ['left', 'right']) {
      const host = document.getElementById(id);
      if (!host || !('updateComplete' in host)) throw new Error(`no assistant #${id}`);
      await host.updateComplete;
      const shadow = host.shadowRoot;
      const slot = shadow?.querySelector('bmo-cassette-slot')?.shadowRoot;
      if (!shadow || !slot) throw new Error(`#${id} has not rendered`);
      // Each region's text, recorded whenever it changes (what a screen reader would be told).
      const last = new Map<Element, string>();
      const collect = () => {
        for (const root of [shadow, slot]) {
          for (const region of root.querySelectorAll('[role="status"], [role="alert"]')) {
            const text = region.textContent?.replace(/\s+/g, ' ').trim() ?? '';
            if (text === last.get(region)) continue;
            last.set(region, text);
            if (text) heard[id]?.push(`${region.getAttribute('role')}: ${text}`);
          }
        }
      };
      const observer = new MutationObserver(collect);
      for (const root of [shadow, slot]) {
        observer.observe(root, { subtree: true, childList: true, characterData: true });
      }
    }
  });
}

const recorded = (page: Page, what: 'bmoEvents' | 'bmoHeard', id: 'left' | 'right') =>
  page.evaluate(
    ([key, who]) => [
      ...((window as unknown as Record<string, Record<string, string[]>>)[key]?.[who] ?? []),
    ],
    [what, id] as const,
  );

async function ask(assistant: Locator, question: string): Promise<void> {
  const box = assistant.getByRole('textbox', { name: 'Type to BMO' });
  await box.fill(question);
  await box.press('Enter');
  await expect(assistant.getByRole('log').getByText(question)).toBeVisible();
}

test('two assistants on another site hold different cassettes and conversations; ending one leaves the other running, and each is heard in its own regions', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(`${SITE}/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Two helpers</title>
        <script type="module" src="${edge.url}/embed/bmo.js"></script>
        <main>
          <h1>Two helpers</h1>
          <section aria-label="Left helper"><bmo-assistant id="left" api-base="${edge.url}"></bmo-assistant></section>
          <section aria-label="Right helper"><bmo-assistant id="right" api-base="${edge.url}"></bmo-assistant></section>
          <aside aria-label="Sidebar"><bmo-cassette-slot for="left"></bmo-cassette-slot></aside>
        </main></html>`,
    }),
  );
  await page.goto(`${SITE}/`);
  await listen(page);
  const left = page.locator('#left');
  const right = page.locator('#right');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(page.locator('voice-announcer')).toHaveCount(0);

  // One starts from its own button, the other from the host page's command.
  await left.getByRole('button', { name: 'Connect without microphone' }).click();
  await right.evaluate((el: HTMLElementTagNameMap['bmo-assistant']) =>
    el.start({ textOnly: true }),
  );
  for (const assistant of [left, right]) {
    await expect(assistant.getByRole('textbox', { name: 'Type to BMO' })).toBeEnabled({
      timeout: 90_000,
    });
  }
  const rooms = await Promise.all(
    [left, right].map((a) =>
      a.evaluate((el: HTMLElementTagNameMap['bmo-assistant']) => el.roomController?.room?.name),
    ),
  );
  expect(rooms[0], 'each assistant is in a room of its own').not.toBe(rooms[1]);

  // Different cassettes over the real data channel: one typed, one sent by the host page.
  await ask(left, 'Put "alpha-111" on a cassette titled "Code One"');
  await right.evaluate((el: HTMLElementTagNameMap['bmo-assistant']) =>
    el.send('Put "beta-222" on a cassette titled "Code Two"'),
  );
  await expect(left.getByRole('button', { name: 'Open cassette: Code One' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(right.getByRole('button', { name: 'Open cassette: Code Two' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(sidebar.getByRole('button', { name: 'Open cassette: Code One' })).toBeVisible();
  await expect(left.getByRole('button', { name: /Code Two/ })).toHaveCount(0);
  await expect(right.getByRole('button', { name: /Code One/ })).toHaveCount(0);
  await expect(right.getByRole('log')).toContainText('beta-222');
  await expect(left.getByRole('log')).not.toContainText('beta-222');
  await expect(right.getByRole('log')).not.toContainText('alpha-111');

  // Ending the left one leaves the right one running: it still answers and takes a new cassette.
  await left.getByRole('button', { name: 'Disconnect' }).click();
  await expect(left.getByText('Not connected')).toBeVisible();
  await ask(right, 'Put "gamma-333" on a cassette titled "Code Three"');
  await expect(right.getByRole('button', { name: 'Open cassette: Code Three' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(right.getByRole('log')).toContainText('Done: Code Three is on your cassette.');
  await expect(left.getByRole('button', { name: 'Open cassette: Code One' })).toBeVisible();
  await expect(left.getByRole('log')).not.toContainText('gamma-333');

  // An error in the right one is its own: its alert says so, the left one's stays quiet.
  await right.evaluate((el: HTMLElementTagNameMap['bmo-assistant']) =>
    el.roomController?.room?.simulateScenario('server-leave'),
  );
  await expect(right.getByRole('alert')).toContainText('The connection to BMO was lost.');
  await expect(left.getByRole('alert')).toHaveText('');

  // What a host page and a screen reader got, per assistant.
  expect(await recorded(page, 'bmoEvents', 'left')).toEqual([
    'connection-change connecting',
    'connection-change connected',
    'cassette-receive Code One',
    'connection-change disconnected',
  ]);
  await expect
    .poll(() => recorded(page, 'bmoEvents', 'right'))
    .toEqual([
      'connection-change connecting',
      'connection-change connected',
      'cassette-receive Code Two',
      'cassette-receive Code Three',
      'connection-change disconnected',
      'error connection_lost',
    ]);
  const heardLeft = await recorded(page, 'bmoHeard', 'left');
  const heardRight = await recorded(page, 'bmoHeard', 'right');
  expect(heardLeft).toContain('status: BMO is here. Type to BMO.');
  expect(heardLeft).toContain('status: cassette received: Code One');
  expect(heardLeft).toContain('status: Disconnected from BMO.');
  expect(heardRight, 'agent state: BMO working on an answer').toContain('status: BMO is thinking…');
  expect(heardRight).toContain('status: cassette received: Code Two');
  expect(heardRight).toContain('status: cassette received: Code Three');
  // (the alert holds its way out too: the Reconnect button)
  expect(heardRight).toContain('alert: The connection to BMO was lost. Reconnect');
  expect(heardLeft.join('\n')).not.toMatch(/Code Two|Code Three|connection to BMO was lost/);
  expect(heardRight.join('\n')).not.toMatch(/Code One|Disconnected from BMO/);
  expect(errors).toEqual([]);
});
