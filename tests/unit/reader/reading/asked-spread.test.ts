/**
 * The reading follows what was asked, on typed text: a number of cards the visitor names wins
 * over the spread the policy would have chosen, and a question no topic covers is asked about and
 * carried in the visitor's own words.
 */
import { describe, expect, it } from 'vitest';
import {
  IntentHandoff,
  SpreadHandoff,
  handoffToolName,
} from '../../../../contracts/reading-schema.ts';
import { chooseSpread } from '../../../../reader/reading/spreads.ts';
import { requestedCardCount, subjectOf } from '../../../../reader/reading/text.ts';
import { WORDS_ES } from '../../../../reader/reading/words-es.ts';
import { inProcess, runReading, type Line } from '../../../support/reader-driver.ts';

function handoffArgs(lines: readonly Line[], to: 'SpreadGeneration' | 'Reading') {
  const line = lines.find(
    (entry) => entry.kind === 'call' && entry.call.name === handoffToolName(to),
  );
  return line?.kind === 'call' ? line.call.args : undefined;
}

describe('a number of cards the visitor names', () => {
  it.each([
    ['just one card about love', 1],
    ['a single card please', 1],
    ['Give me a two-card reading', 2],
    ["I'd like a three card reading about moving to a new city", 3],
    ['four cards on my health', 4],
    ['Could you do 5 cards for me?', 5],
    ['seis cartas sobre mi familia', 6],
    ['una carta sobre el amor', 1],
    ['What card should I draw?', undefined],
    ['I read three books about cards', undefined],
    ['twelve cards', undefined],
  ])('"%s" asks for %s', (text, count) => {
    expect(requestedCardCount(text)).toBe(count);
  });

  it('wins over the spread the question would get: one card about love, where love gets five', () => {
    // Without a number, a love question gets the five-card Relationship Spread.
    expect(
      chooseSpread('Tell me about my love life', 'love', 'the coming months').layout.positions,
    ).toHaveLength(5);
    const { driver } = inProcess();
    runReading(driver, 'Just one card about love', 'Whether he will call me back.');
    const intent = IntentHandoff.parse(handoffArgs(driver.lines, 'SpreadGeneration'));
    expect(intent.topic).toBe('love');
    const spread = SpreadHandoff.parse(handoffArgs(driver.lines, 'Reading'));
    expect(spread.spread.positions).toHaveLength(1);
    expect(driver.callsTo('draw_card')).toHaveLength(1);
    expect(driver.said('SpreadGeneration').join(' ')).toContain('You asked for one card');
  });

  it('wins over the policy where the question alone would get six: three cards, drawn three times', () => {
    const long =
      'My sister and I run a shop together, she wants to expand and I want to sell, our parents are involved, and I am not sure how to talk about it without hurting anyone. Three cards, please.';
    const { driver } = inProcess();
    runReading(driver, long, 'Mostly how to talk to her.');
    const spread = SpreadHandoff.parse(handoffArgs(driver.lines, 'Reading'));
    expect(spread.spread.positions).toHaveLength(3);
    expect(driver.callsTo('draw_card')).toHaveLength(3);
  });

  it('is heard in the answer to the clarifying question too', () => {
    const { driver } = inProcess();
    runReading(driver, 'What is coming for my family?', 'Four cards, please: my brother is ill.');
    expect(driver.callsTo('draw_card')).toHaveLength(4);
  });

  it('past six gets the fullest spread, and the reader says six is the most it lays out', () => {
    const { driver } = inProcess();
    runReading(driver, 'Ten cards about my career', 'Whether to ask for a raise.');
    expect(driver.callsTo('draw_card')).toHaveLength(6);
    expect(driver.said('SpreadGeneration').join(' ')).toContain('six is the most I lay out');
  });

  it('says why in Spanish in a Spanish reading', () => {
    const spread = chooseSpread('tres cartas sobre mi trabajo', 'career', 'este año', WORDS_ES);
    expect(spread.layout.positions).toHaveLength(3);
    expect(spread.why).toBe('Has pedido tres cartas, así que eso es lo que vamos a disponer.');
  });
});

describe('a question no topic covers', () => {
  it.each([
    ["I'd like a three card reading about moving to a new city", 'moving to a new city'],
    ['Tell me about my garden.', 'your garden'],
    ['Una lectura sobre mi viaje a Lisboa', 'tu viaje a Lisboa'],
    ['What does the future hold?', undefined],
  ])('"%s" is about %s', (text, subject) => {
    expect(subjectOf(text)).toBe(subject);
  });

  it('is asked about in the visitor’s own words, and the handoff carries those words', () => {
    const { driver } = inProcess();
    driver.open();
    driver.say("I'd like a three card reading about moving to a new city");
    const [clarifying] = driver.said('IntentAssessment');
    expect(clarifying).toContain('what about moving to a new city matters most to you');
    driver.say('Mostly whether I will make friends there.');
    const intent = IntentHandoff.parse(handoffArgs(driver.lines, 'SpreadGeneration'));
    expect(intent.topic).toBe('general');
    expect(intent.intentSummary).toContain('moving to a new city');
    expect(driver.callsTo('draw_card')).toHaveLength(3);
  });
});
