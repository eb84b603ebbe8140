/**
 * What the fault tests compare before and after a fault in a text reading (question, spread, cards
 * drawn and shown, transcript, phase), the reader's sockets watched through Playwright, and a
 * reading taken to its Followup phase.
 */
import { type Locator, type Page, type WebSocketRoute, expect } from '@playwright/test';
import {
  drawUntilReading,
  lastAnswer,
  openTextReading,
  phaseOf,
  reachSpreadGeneration,
  sendMessage,
} from './reading.ts';

/** The offline reader's first words as Followup, after the handoff: the reading has settled. */
export const FOLLOWUP_GREETING = 'Your reading is complete.';

export interface ReadingState {
  question: string;
  spread: string[];
  drawn: string[];
  shown: string[];
  transcript: string[];
  phase: string;
}

export async function stateOf(reading: Locator): Promise<ReadingState> {
  const view = reading.locator('tarot-reading-text');
  const texts = (locator: Locator) =>
    locator.evaluateAll((items) =>
      items.map((item) => item.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
    );
  const ids = (action: string) =>
    view
      .locator(`[part="card-entry"][data-action="${action}"]`)
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-card-id') ?? ''));
  return {
    question: (await texts(view.locator('[part~="message-user"]')))[0] ?? '',
    spread: await texts(reading.getByRole('group', { name: 'Your spread' }).getByRole('listitem')),
    drawn: await ids('drawn'),
    shown: await ids('shown'),
    transcript: await texts(
      reading.getByRole('log', { name: 'Conversation' }).getByRole('listitem'),
    ),
    phase: (await phaseOf(reading).textContent()) ?? '',
  };
}

/** The reader's sockets as the page opened them, and the tokens it asked for. */
export interface ReaderSockets {
  /** Each socket, in order, with the frames the page sent on it. */
  sockets: { route: WebSocketRoute; sent: string[] }[];
  /** How many reading tokens the page has asked the edge for. */
  tokens: () => number;
}

/** Passes the reader's sockets through, keeping each one and the frames the page sent on it. */
export async function watchReaderSockets(page: Page): Promise<ReaderSockets> {
  const sockets: { route: WebSocketRoute; sent: string[] }[] = [];
  await page.routeWebSocket(/\/api\/reader\/realtime/, (route) => {
    const entry = { route, sent: [] as string[] };
    sockets.push(entry);
    const server = route.connectToServer();
    route.onMessage((message) => {
      if (typeof message === 'string') entry.sent.push(message);
      server.send(message);
    });
    server.onMessage((message) => route.send(message));
  });
  let tokens = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/voice/token') && request.method() === 'POST') tokens += 1;
  });
  return { sockets, tokens: () => tokens };
}

/** A text reading taken to its Followup phase: question, answer, every card drawn and shown. */
export async function readToFollowup(page: Page): Promise<Locator> {
  const reading = await openTextReading(page);
  await reachSpreadGeneration(reading);
  const drawn = await drawUntilReading(reading, () => []);
  expect(drawn.length).toBeGreaterThan(0);
  await expect(phaseOf(reading)).toHaveText('Followup', { timeout: 30_000 });
  await expect(
    reading.locator('tarot-reading-text [part="card-entry"][data-action="shown"]'),
  ).toHaveCount(drawn.length);
  // Settled: the phase turns to Followup at the handoff, and Followup's greeting comes a turn
  // later. A state read between the two (a loaded machine reads there) misses the greeting, and one
  // read while the greeting is still arriving holds half of it, which a reload does not keep.
  await expect(lastAnswer(reading)).toContainText(FOLLOWUP_GREETING);
  await expect(lastAnswer(reading)).toHaveAttribute('data-done', 'true');
  return reading;
}

/** The reading answers one more message: it went on after the fault. */
export async function goesOn(reading: Locator): Promise<void> {
  const answers = reading.locator('tarot-reading-text [part~="message-assistant"]');
  const before = await answers.count();
  await sendMessage(reading, 'What does the Future card say about my next step?');
  await expect.poll(() => answers.count(), { timeout: 15_000 }).toBeGreaterThan(before);
}
