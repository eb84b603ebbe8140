/**
 * The hosted /bmo page driven as a person does, for the BMO specs: opening it, asking, and reading
 * what the person has (the cassette in the slot and the transcript), so each fault test
 * (bmo-faults*.spec.ts) can assert it is the same before and after its fault.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type {} from '../../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import { startAgentWorker, type AgentWorker } from '../../support/agent-worker.ts';
import { freeTcpPort } from '../../support/free-port.ts';
import { askBmo } from './bmo-chat.ts';

/**
 * The real BMO worker in `start` mode, as `npm start` runs it: prewarmed job processes, so BMO
 * joins at once on a busy machine. `livekit` holds LIVEKIT_URL, LIVEKIT_API_KEY and
 * LIVEKIT_API_SECRET.
 */
export async function startBmoWorker(livekit: Record<string, string>): Promise<AgentWorker> {
  return startAgentWorker(
    { ...livekit, BMO_AGENT_HTTP_PORT: String(await freeTcpPort()) },
    { mode: 'start' },
  );
}

/** A job process boots for each new room; on a busy machine that takes a while. */
export const JOB_BOOT_MS = 60_000;
export const REPLY_MS = 30_000;

/** Waits until BMO is in the room and the text box takes input. */
export async function ready(page: Page): Promise<void> {
  await expect(page.getByRole('textbox', { name: 'Type to BMO' })).toBeEnabled({
    timeout: JOB_BOOT_MS,
  });
  await expect(
    page.getByRole('img', { name: /^BMO is (listening|thinking|speaking)$/ }),
  ).toBeVisible();
}

/** Opens /bmo (on `base`, or the shared edge), connects, and waits for BMO's greeting. */
export async function connect(page: Page, base = ''): Promise<void> {
  await page.goto(`${base}/bmo`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await ready(page);
  await expect(page.getByRole('log').getByRole('listitem').first()).toContainText('BMO', {
    timeout: REPLY_MS,
  });
}

/**
 * Types a question (asked once in the conversation); resolves with BMO's reply line (it fills in
 * as it streams). A BMO that has just joined may still be saying its greeting, whose line can come
 * before the question's (askBmo finds both by their words).
 */
export function ask(page: Page, question: string): Promise<Locator> {
  return askBmo(page.locator('bmo-assistant'), question);
}

/** The transcript as the person reads it, one string per line. */
export async function transcript(page: Page): Promise<string[]> {
  const lines = await page.getByRole('log').getByRole('listitem').allInnerTexts();
  return lines.map((line) => line.replace(/\s+/g, ' ').trim());
}

/** What the cassette in the slot holds: its title and its content, opened as the person would. */
export async function cassette(page: Page): Promise<{ title: string; content: string }> {
  const button = page.getByRole('button', { name: /^Open cassette: / });
  await expect(button).toBeVisible();
  await expect(page.locator('bmo-cassette-slot')).toHaveAttribute('phase', 'idle');
  const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const content = (await dialog.locator('[part="content"]').innerText()).trim();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return { title: name.replace(/^Open cassette: /, ''), content };
}

/**
 * Asks for the PhilHealth ID and waits until its cassette sits in the slot and BMO has said its
 * answer to the end: a spoken answer's line fills in as it is said, so the transcript is whole
 * only once BMO listens again.
 */
export async function getCassette(page: Page): Promise<void> {
  await expect(await ask(page, "What's my PhilHealth ID?")).toContainText(/cassette/i, {
    timeout: REPLY_MS,
  });
  await expect(page.getByRole('button', { name: 'Open cassette: PhilHealth ID' })).toBeVisible({
    timeout: REPLY_MS,
  });
  await expect(page.getByRole('img', { name: 'BMO is listening' })).toBeVisible({
    timeout: REPLY_MS,
  });
}

/** What the person holds before a fault: the cassette in the slot, the transcript, and the room. */
export interface Held {
  cassette: { title: string; content: string };
  transcript: string[];
  room: string | undefined;
}

/**
 * Connects on /bmo (on `base`, or the shared edge), asks for the PhilHealth ID until its cassette
 * sits in the slot, and returns what the person then holds.
 */
export async function holdACassette(page: Page, base = ''): Promise<Held> {
  await connect(page, base);
  await getCassette(page);
  return {
    cassette: await cassette(page),
    transcript: await transcript(page),
    room: await roomName(page),
  };
}

/**
 * After a fault, nothing is lost and the session goes on: the same cassette, the transcript before
 * the fault as it was, and BMO answers the next question without touching the cassette.
 */
export async function keptAndGoesOn(page: Page, held: Held): Promise<void> {
  expect(await cassette(page)).toEqual(held.cassette);
  expect((await transcript(page)).slice(0, held.transcript.length)).toEqual(held.transcript);
  await expect(await ask(page, 'What time is it in Tokyo right now?')).toContainText(/Tokyo/, {
    timeout: REPLY_MS,
  });
  expect(await cassette(page)).toEqual(held.cassette);
}

/** The name of the room the page is in, or undefined when it is in none. */
export function roomName(page: Page): Promise<string | undefined> {
  return page
    .locator('bmo-assistant')
    .evaluate((el: HTMLElementTagNameMap['bmo-assistant']) => el.roomController?.room?.name);
}

/** Every announcement the assistant's status region makes from now on, in order. */
export async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.locator('bmo-assistant').evaluate((el: HTMLElement) => {
    const heard: string[] = [];
    Object.assign(window, { bmoHeard: heard });
    const region = el.shadowRoot?.querySelector('[role="status"]');
    if (!region) throw new Error('no status region');
    new MutationObserver(() => {
      const text = region.textContent?.trim();
      if (text && heard.at(-1) !== text) heard.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { bmoHeard: string[] }).bmoHeard]);
}
