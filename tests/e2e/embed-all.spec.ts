import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import type {} from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import type {} from '../../web-components/tarot/tarot-reading/tarot-reading.ts';
import { startAgentWorker, type AgentWorker } from '../support/agent-worker.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { askBmo as ask, bmoLines as lines } from './helpers/bmo-chat.ts';
import {
  CLARIFICATION,
  QUESTION,
  drawUntilReading,
  drawnIds,
  expectClarifyingQuestion,
  phaseOf,
  pickCard,
  sendMessage,
} from './helpers/reading.ts';
import { expect, test } from './helpers/fixtures.ts';
import { shownText } from './helpers/site.ts';

// Everything a site owner may embed, on ONE plain HTML page on another origin (the visitor site the
// shared edge allows), loaded by script tag from /embed/bmo.js and /embed/tarot.js: two
// <bmo-assistant> (and a sidebar slot mirroring the left one) and two text <tarot-reading>. All
// real: the edge under wrangler, livekit-server, the agent worker with no OpenAI key (the offline
// BMO) and the reader's offline engine. What BMO puts on a cassette comes from a vault written for
// this run, never from the test: the expected codes are read back from the notes as written.

/** A code made for this run only: nothing in the code base or the other tests knows it. */
const runCode = (prefix: string) =>
  `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}-${Date.now() % 10_000}`;

/** The public notes a visitor may read, each with its label and its code. */
const NOTES = {
  locker: {
    file: 'Gym.md',
    label: 'Locker combination',
    code: runCode('LK'),
    question: "What's my gym locker combination?",
  },
  bike: {
    file: 'Bike.md',
    label: 'Bike lock code',
    code: runCode('BK'),
    question: 'What is the code for my bike lock?',
  },
  gate: {
    file: 'Storage.md',
    label: 'Gate code',
    code: runCode('GT'),
    question: 'What is the gate code for my storage unit?',
  },
} as const;

let vault = '';
let worker: AgentWorker;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = process.env;
  if (!url || !apiKey || !apiSecret) throw new Error('the global setup did not start LiveKit');
  vault = await mkdtemp(join(tmpdir(), 'bmo-e2e-embed-vault-'));
  const public_ = '---\npublic: true\n---\n';
  await writeFile(
    join(vault, NOTES.locker.file),
    `${public_}# Gym\n\nOpen 6 AM to 10 PM.\n\n## Locker\n\n${NOTES.locker.label}: ${NOTES.locker.code}\nLocker 17, second row.\n`,
  );
  await writeFile(
    join(vault, NOTES.bike.file),
    `${public_}# Bike\n\nThe blue bike lives in the shed.\n\n## Lock\n\n${NOTES.bike.label}: ${NOTES.bike.code}\n`,
  );
  await writeFile(
    join(vault, NOTES.gate.file),
    `${public_}# Storage unit\n\nUnit 4B, behind the hardware store.\n\n${NOTES.gate.label}: ${NOTES.gate.code}\n`,
  );
  // `start` mode, as `npm start` runs it: prewarmed job processes, so both BMOs join at once
  // (see bmo.spec.ts); with no OPENAI_API_KEY the worker thinks with the offline model.
  worker = await startAgentWorker(
    {
      LIVEKIT_URL: url,
      LIVEKIT_API_KEY: apiKey,
      LIVEKIT_API_SECRET: apiSecret,
      BMO_AGENT_HTTP_PORT: String(await freeTcpPort()),
      OBSIDIAN_VAULT_PATH: vault,
    },
    { mode: 'start', echo: process.env.ECHO_WORKER === '1' },
  );
});

// On a failure, the worker's own events (tool calls, re-sends, job ends: no visitor text) say
// which side went wrong.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach('worker events', {
    body: JSON.stringify(worker.events, null, 1),
    contentType: 'application/json',
  });
});

test.afterAll(async () => {
  await worker?.stop();
  if (vault) await rm(vault, { recursive: true, force: true });
});

test.describe.configure({ timeout: 240_000 });

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

/**
 * An assistant's events, less a slow join's warning that BMO then answered after. `agent_timeout`
 * is a warning: BMO has not joined 15 s after the page did, cleared when it comes, and a job
 * process that starts while another spec boots a cluster beside it can take longer. This spec is
 * about each element keeping its own state, not how fast a job starts; any other error,
 * or a warning BMO never answered after, still shows.
 */
async function bmoEvents(page: Page, id: 'left' | 'right'): Promise<string[]> {
  const events = await recorded(page, 'bmoEvents', id);
  const answered = events.findIndex((event) => event.startsWith('cassette-receive'));
  return events.filter((event, index) => !(event === 'error agent_timeout' && index < answered));
}

/** Opens the cassette titled `title` in `holder` (an assistant or a slot) and returns its text. */
async function cassetteIn(page: Page, holder: Locator, title: string): Promise<string> {
  const button = holder.getByRole('button', { name: `Open cassette: ${title}` });
  await expect(button).toBeVisible({ timeout: 30_000 });
  await button.click();
  const dialog = holder.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const content = (await dialog.locator('[part="content"]').innerText()).trim();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return content;
}

test('one page on another site holds two assistants and two readings: each keeps its own question, cassette, cards, picker, phase and transcript, and ending one of a kind leaves the other answering', async ({
  page,
  site,
}) => {
  await site.open({
    family: 'bmo',
    head: `<script type="module" src="${site.edge}/embed/tarot.js"></script>`,
    body: `<main>
      <h1>Everything at once</h1>
      <section aria-label="Left helper"><bmo-assistant id="left" api-base="${site.edge}"></bmo-assistant></section>
      <section aria-label="Right helper"><bmo-assistant id="right" api-base="${site.edge}"></bmo-assistant></section>
      <tarot-reading label="First reading" mode="text" api-base="${site.edge}"></tarot-reading>
      <tarot-reading label="Second reading" mode="text" api-base="${site.edge}"></tarot-reading>
    </main>
    <aside aria-label="Sidebar"><bmo-cassette-slot for="left"></bmo-cassette-slot></aside>`,
  });
  await listen(page);
  const left = page.locator('#left');
  const right = page.locator('#right');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const first = page.locator('tarot-reading[label="First reading"]');
  const second = page.locator('tarot-reading[label="Second reading"]');
  const assistants = [left, right];
  const readings = [first, second];

  // One assistant starts from its own button, the other from the host page's command; the
  // readings start by themselves (mode="text").
  await left.getByRole('button', { name: 'Connect without microphone' }).click();
  await right.evaluate((el: HTMLElementTagNameMap['bmo-assistant']) =>
    el.start({ textOnly: true }),
  );
  for (const reading of readings) {
    await expect(reading.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
    await expect(phaseOf(reading)).toHaveText('Intent Assessment');
  }
  for (const assistant of assistants) {
    await expect(assistant.getByRole('textbox', { name: 'Type to BMO' })).toBeEnabled({
      timeout: 90_000,
    });
    // BMO is in the room (not its greeting: the job may greet before the page has joined)
    await expect(
      assistant.getByRole('img', { name: /^BMO is (listening|thinking|speaking)$/ }),
    ).toBeVisible({ timeout: 30_000 });
  }
  const rooms = await Promise.all(
    assistants.map((a) =>
      a.evaluate((el: HTMLElementTagNameMap['bmo-assistant']) => el.roomController?.room?.name),
    ),
  );
  expect(rooms[0], 'each assistant is in a room of its own').not.toBe(rooms[1]);

  // Interleaved: a question to each of the four, by turns.
  const questions = [QUESTION, 'Will my garden grow in the spring?'];
  const answers = [CLARIFICATION, 'I planted roses and I worry about the frost.'];
  const leftReply = await ask(left, NOTES.locker.question);
  await sendMessage(first, questions[0] ?? '');
  await right.evaluate(
    (el: HTMLElementTagNameMap['bmo-assistant'], text) => el.send(text),
    NOTES.bike.question,
  );
  await sendMessage(second, questions[1] ?? '');
  for (const reading of readings) await expectClarifyingQuestion(reading);

  // Each assistant holds exactly its own code; the sidebar slot mirrors the left one.
  await expect(leftReply).toContainText(/cassette/i, { timeout: 30_000 });
  await expect(lines(right).filter({ hasText: NOTES.bike.question })).toHaveCount(1);
  await expect(lines(right).last()).toContainText(/cassette/i, { timeout: 30_000 });
  expect(await cassetteIn(page, left, NOTES.locker.label)).toBe(NOTES.locker.code);
  expect(await cassetteIn(page, right, NOTES.bike.label)).toBe(NOTES.bike.code);
  expect(await cassetteIn(page, sidebar, NOTES.locker.label)).toBe(NOTES.locker.code);

  // Each reading answers its clarifying question and draws, while the other waits its turn.
  await sendMessage(first, answers[0] ?? '');
  await expect(phaseOf(first)).toHaveText('Spread Generation');
  await expect(first.locator('tarot-card-picker')).toBeVisible({ timeout: 15_000 });
  await expect(phaseOf(second)).toHaveText('Intent Assessment');
  await expect(second.locator('tarot-card-picker')).toHaveCount(0);
  const firstCard = await pickCard(first, []);
  await sendMessage(second, answers[1] ?? '');
  await expect(phaseOf(second)).toHaveText('Spread Generation');
  const secondCard = await pickCard(second, await drawnIds(first));
  expect(secondCard).not.toBe(firstCard);

  // Nothing of one shows in another: not a question, code, cassette, log line or card.
  const shown = {
    left: await shownText(left),
    right: await shownText(right),
    first: await shownText(first),
    second: await shownText(second),
  };
  const own = {
    left: [NOTES.locker.question, NOTES.locker.code, NOTES.locker.label],
    right: [NOTES.bike.question, NOTES.bike.code, NOTES.bike.label],
    first: [questions[0] ?? '', answers[0] ?? ''],
    second: [questions[1] ?? '', answers[1] ?? ''],
  };
  for (const [who, text] of Object.entries(shown)) {
    for (const [whose, theirs] of Object.entries(own)) {
      if (whose === who) continue;
      for (const piece of theirs)
        expect(text, `${whose}'s "${piece}" in ${who}`).not.toContain(piece);
    }
  }
  await expect(left.getByRole('button', { name: /^Open cassette/ })).toHaveCount(1);
  await expect(right.getByRole('button', { name: /^Open cassette/ })).toHaveCount(1);
  const cardsOf = { first: await drawnIds(first), second: await drawnIds(second) };
  expect(cardsOf.first.filter((id) => cardsOf.second.includes(id))).toEqual([]);
  for (const id of cardsOf.first) {
    await expect(second.locator(`tarot-reading-text [data-card-id="${id}"]`)).toHaveCount(0);
  }
  for (const id of cardsOf.second) {
    await expect(first.locator(`tarot-reading-text [data-card-id="${id}"]`)).toHaveCount(0);
  }
  for (const assistant of assistants) {
    await expect(assistant.locator('[data-card-id], tarot-card-picker')).toHaveCount(0);
  }
  for (const [reading, mine] of [
    [first, questions[0]],
    [second, questions[1]],
  ] as const) {
    const said = reading.locator('tarot-reading-text [part~="message-user"]');
    await expect(said).toHaveCount(2);
    await expect(said.first()).toContainText(mine ?? '');
  }

  // Ending the left assistant leaves the right one answering a new question.
  await left.getByRole('button', { name: 'Disconnect' }).click();
  await expect(left.getByText('Not connected')).toBeVisible();
  await expect(await ask(right, NOTES.gate.question)).toContainText(/cassette/i, {
    timeout: 30_000,
  });
  expect(await cassetteIn(page, right, NOTES.gate.label)).toBe(NOTES.gate.code);
  expect(await cassetteIn(page, left, NOTES.locker.label)).toBe(NOTES.locker.code);
  expect(await shownText(left)).not.toContain(NOTES.gate.code);

  // Ending the first reading (the host's end()) leaves the second one reading and answering.
  await first.evaluate((el: HTMLElementTagNameMap['tarot-reading']) => el.end());
  await expect(first.locator('tarot-reading-text [part="ended"]')).toContainText(
    'The reading has ended.',
  );
  await expect(second.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');
  await drawUntilReading(second, () => cardsOf.first);
  await expect(phaseOf(second)).toHaveText('Followup', { timeout: 30_000 });
  const replies = second.locator('tarot-reading-text [part~="message-assistant"]');
  const before = await replies.count();
  await sendMessage(second, 'What should I do first?');
  await expect.poll(() => replies.count(), { timeout: 15_000 }).toBeGreaterThan(before);
  await expect(second.getByRole('textbox', { name: 'Your message' })).toBeEnabled();
  expect(await drawnIds(first)).toEqual(cardsOf.first);

  // An error in the right assistant is its own: its alert says so, the left one's stays quiet.
  await right.evaluate((el: HTMLElementTagNameMap['bmo-assistant']) =>
    el.roomController?.room?.simulateScenario('server-leave'),
  );
  await expect(right.getByRole('alert')).toContainText('The connection to BMO was lost.');
  await expect(left.getByRole('alert')).toHaveText('');
  await expect(second.locator('tarot-reading-text [part="connection"]')).toHaveText('Connected');

  // What a host page and a screen reader got, per assistant.
  expect(await bmoEvents(page, 'left')).toEqual([
    'connection-change connecting',
    'connection-change connected',
    `cassette-receive ${NOTES.locker.label}`,
    'connection-change disconnected',
  ]);
  await expect
    .poll(() => bmoEvents(page, 'right'))
    .toEqual([
      'connection-change connecting',
      'connection-change connected',
      `cassette-receive ${NOTES.bike.label}`,
      `cassette-receive ${NOTES.gate.label}`,
      'connection-change disconnected',
      'error connection_lost',
    ]);
  const heardLeft = await recorded(page, 'bmoHeard', 'left');
  const heardRight = await recorded(page, 'bmoHeard', 'right');
  // each said, in its own status region, that its BMO runs offline and hears (what BMO's
  // participant says; "BMO is here" may come before it, when the page learns it late)
  for (const heard of [heardLeft, heardRight]) {
    expect(heard).toContain('status: Offline BMO: talk or type. It hears English.');
  }
  expect(heardLeft).toContain(`status: cassette received: ${NOTES.locker.label}`);
  expect(heardLeft).toContain('status: Disconnected from BMO.');
  expect(heardRight, 'agent state: BMO working on an answer').toContain('status: BMO is thinking…');
  expect(heardRight).toContain(`status: cassette received: ${NOTES.bike.label}`);
  expect(heardRight).toContain(`status: cassette received: ${NOTES.gate.label}`);
  // (the alert holds its way out too: the Reconnect button)
  expect(heardRight).toContain('alert: The connection to BMO was lost. Reconnect');
  expect(heardLeft.join('\n')).not.toMatch(
    new RegExp(`${NOTES.bike.label}|${NOTES.gate.label}|connection to BMO was lost`),
  );
  expect(heardRight.join('\n')).not.toMatch(
    new RegExp(`${NOTES.locker.label}|Disconnected from BMO`),
  );
  // the readings said nothing through BMO's regions, nor BMO through theirs
  for (const text of [...heardLeft, ...heardRight]) expect(text).not.toMatch(/phase|card/i);
  for (const reading of readings) {
    await expect(reading.locator('voice-announcer')).not.toContainText(/BMO|cassette/);
  }
});
