/**
 * A reading resumed into a new reader session, as the page does after a dropped connection: a new
 * socket, the active agent's tools and instructions (written by the page's own agents from its
 * run context), the past messages replayed with their ids before any response.create, then the
 * page's carry-on note or the person's next words. The reader rebuilds what it knew and goes on
 * where it was instead of starting again.
 */
import { describe, expect, it } from 'vitest';
import {
  APP_NOTE_PREFIX,
  type AgentName,
  type DrawnCard,
  IntentHandoff,
  ReadingHandoff,
  SpreadHandoff,
  handoffToolName,
} from '../../../../contracts/reading-schema.ts';
import {
  cardsFrom,
  intentFrom,
  readingFrom,
  spreadFrom,
} from '../../../../reader/reading/history.ts';
import {
  type ReadingFacts,
  createReadingFacts,
} from '../../../../web-components/tarot/agents/context.ts';
import { pageInstructions } from '../../helpers/page-agents.ts';
import { DEFAULT_PICKS, type ReaderDriver, inProcess } from '../../../support/reader-driver.ts';

const QUESTION = 'What should I focus on in my career this year?';
const ANSWER = "I feel stuck at work and I'm not sure whether to stay.";
const CARRY_ON = `${APP_NOTE_PREFIX} The connection dropped and was restored; the conversation so far is above. Carry on from where you were.`;

/** Replays the user's and the reader's past messages, each with its id, in order. */
function replay(driver: ReaderDriver, messages: readonly ['user' | 'assistant', string][]): void {
  let previous = 'root';
  messages.forEach(([role, text], index) => {
    const id = `item_past_${index}`;
    driver.replay(role, text, id, previous);
    previous = id;
  });
}

function argsOf(driver: ReaderDriver, name: string): Record<string, unknown>[] {
  return driver.callsTo(name).map((call) => call.args);
}

/** A whole reading in one session, to Followup: what the first socket saw. */
function firstSession() {
  const { driver } = inProcess();
  driver.open();
  driver.say(QUESTION);
  driver.say(ANSWER);
  const handoff = (to: AgentName) =>
    driver.callsTo(handoffToolName(to))[0]?.args ?? new Error(`no handoff to ${to}`);
  return {
    driver,
    intent: IntentHandoff.parse(handoff('SpreadGeneration')),
    spread: SpreadHandoff.parse(handoff('Reading')),
    reading: ReadingHandoff.parse(handoff('Followup')),
  };
}

describe('a reading resumed into a new reader session', () => {
  it('reads the page’s instructions back: the question, the spread, the cards and the reading', async () => {
    const first = firstSession();
    const facts: ReadingFacts = {
      ...createReadingFacts('text'),
      intent: first.intent,
      spread: first.spread.spread,
      cards: first.spread.cards,
      reading: first.reading,
    };
    const instructions = await pageInstructions('Followup', facts);
    expect(intentFrom(instructions)).toEqual(first.intent);
    expect(spreadFrom(instructions)).toEqual(first.spread.spread);
    expect(cardsFrom(instructions)).toEqual(first.spread.cards);
    expect(readingFrom(instructions)).toEqual(first.reading);
  });

  it('resumed mid-spread, draws only the remaining positions and hands off every card', async () => {
    const first = firstSession();
    const positions = first.spread.spread.positions;
    expect(positions.length).toBeGreaterThanOrEqual(3);
    const drawnBefore: DrawnCard[] = first.spread.cards.slice(0, 1);
    const facts: ReadingFacts = {
      ...createReadingFacts('text'),
      intent: first.intent,
      cards: drawnBefore,
    };
    // The second socket: the rest of the picks come from where the first socket left off.
    const { driver } = inProcess({ picks: DEFAULT_PICKS.slice(1) });
    driver.open('SpreadGeneration', await pageInstructions('SpreadGeneration', facts));
    replay(driver, [
      ['user', QUESTION],
      ['assistant', first.driver.said('IntentAssessment')[0] ?? ''],
      ['user', ANSWER],
      ['assistant', first.driver.said('SpreadGeneration')[0] ?? ''],
    ]);
    expect(driver.responsesDone).toBe(0);
    expect(driver.errors()).toEqual([]);

    driver.say(CARRY_ON);

    const draws = argsOf(driver, 'draw_card');
    expect(draws).toEqual(
      positions.slice(1).map((position) => ({
        positionLabel: position.label,
        promptRole: position.role,
      })),
    );
    expect(driver.said('SpreadGeneration').join(' ')).not.toContain("I'll use this spread");
    const handoff = SpreadHandoff.parse(driver.callsTo(handoffToolName('Reading'))[0]?.args);
    expect(handoff.spread).toEqual(first.spread.spread);
    expect(handoff.cards).toEqual(first.spread.cards);
  });

  it('resumed in Followup, answers a follow-up from the same cards without drawing', async () => {
    const first = firstSession();
    const followUp = 'What does the Future card say about my next step?';
    first.driver.say(followUp);
    const answerBefore = first.driver.said('Followup').at(-1);

    const facts: ReadingFacts = {
      ...createReadingFacts('text'),
      intent: first.intent,
      spread: first.spread.spread,
      cards: first.spread.cards,
      shownCardIds: first.spread.cards.map((card) => card.cardId),
      reading: first.reading,
    };
    const { driver } = inProcess();
    driver.open('Followup', await pageInstructions('Followup', facts));
    replay(driver, [
      ['user', QUESTION],
      ['user', ANSWER],
      ['assistant', first.driver.said('Reading').at(-1) ?? ''],
    ]);
    driver.say(followUp);

    expect(driver.calls).toEqual([]);
    const [answer] = driver.said('Followup');
    expect(answer).toBe(answerBefore);
    expect(answer).toMatch(/look to .+ in the Future position/);
  });

  it('takes a replayed question as history: the next words answer the clarifying question', () => {
    const { driver } = inProcess();
    driver.open('IntentAssessment');
    replay(driver, [['user', QUESTION]]);
    driver.say(ANSWER);
    const intent = IntentHandoff.parse(
      driver.callsTo(handoffToolName('SpreadGeneration'))[0]?.args,
    );
    expect(intent.intentSummary).toBe(QUESTION);
    expect(intent.hiddenConcern).toContain('stuck at work');
  });

  it('keeps a fresh session’s first message a new turn (it carries no id)', () => {
    const { driver } = inProcess();
    driver.open();
    driver.say(QUESTION);
    expect(driver.said()[0]).toMatch(/^Thank you for bringing that to the cards/);
  });
});
