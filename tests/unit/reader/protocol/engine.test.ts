/**
 * The local reader's engine and policy in-process, driven by a scripted client that behaves like
 * the SDK: the reading's shape (spreads chosen from the question), tool failures, the demo script
 * for audio turns, and the protocol details a stand-in must get right (every create answered).
 */
import { describe, expect, it } from 'vitest';
import { getCard } from '../../../../reader/reading/deck.ts';
import { LogEvent } from '../../../../contracts/events-schema.ts';
import { RealtimeErrorEvent } from '../../../../contracts/realtime.ts';
import {
  IntentHandoff,
  ReadingHandoff,
  SpreadHandoff,
  handoffToolName,
} from '../../../../contracts/reading-schema.ts';
import { ReaderSession } from '../../../../reader/protocol/engine.ts';
import { DEMO_DISCLOSURE, DEMO_SCRIPT } from '../../../../reader/reading/policy.ts';
import { findTimeframe, inferTopic } from '../../../../reader/reading/text.ts';
import { inProcess, runReading, type Line } from '../../../support/reader-driver.ts';

const SDK_TOOL_ERROR = 'An error occurred while running the tool. Please try again.';
const toolError = (code: string) =>
  JSON.stringify({ success: false, error: { code, message: `${code} failure` } });

function handoffArgs(lines: readonly Line[], to: 'SpreadGeneration' | 'Reading' | 'Followup') {
  const line = lines.find(
    (entry) => entry.kind === 'call' && entry.call.name === handoffToolName(to),
  );
  return line?.kind === 'call' ? line.call.args : undefined;
}

describe('the reading policy', () => {
  it('asks one clarifying question, then hands off with the intent it inferred', () => {
    const { driver } = inProcess();
    driver.open();
    driver.say('Will I find a better job next month?');
    expect(driver.calls).toEqual([]);
    const [question] = driver.said('IntentAssessment');
    expect(question?.match(/\?/g)).toHaveLength(1);

    driver.say('I am worried my boss overlooks me.');
    const intent = IntentHandoff.parse(handoffArgs(driver.lines, 'SpreadGeneration'));
    expect(intent).toEqual({
      intentSummary: 'Will I find a better job next month?',
      hiddenConcern: 'I am worried my boss overlooks me.',
      topic: 'career',
      timeframe: 'next month',
    });
  });

  it('greets a bare hello and waits for the question before clarifying', () => {
    const { driver } = inProcess();
    driver.open();
    driver.createResponse();
    driver.say('Hello!');
    expect(driver.said()).toHaveLength(2);
    expect(driver.said().every((text) => text.includes('What question'))).toBe(true);
    driver.say('How can I feel more at peace?');
    expect(driver.said()[2]).toMatch(/^Thank you for bringing that/);
    expect(driver.calls).toEqual([]);
  });

  it('does not read the page’s app notes as the visitor’s words: a note takes the next step', () => {
    const { driver } = inProcess();
    driver.open();
    driver.createResponse();
    driver.say('[app note] The visitor has been quiet; continue the reading.');
    // No question was asked yet, so the next step is still to ask for one.
    expect(driver.said().at(-1)).toContain('What question');
    driver.say('What should I focus on in my career this year?');
    driver.say('[app note] Proceed with the reading.');
    expect(driver.said().join(' ')).not.toContain('app note');
    // The note did not count as the answer to the clarifying question: no handoff yet.
    expect(driver.calls).toEqual([]);
  });

  it.each([
    ['Should I take the job?', 1],
    ['What should I focus on in my career this year?', 3],
    ['Should I stay in my job or move abroad?', 3],
    ['How can I feel more at peace?', 3],
    ['How can I rebuild trust with my partner?', 5],
    [
      'My sister and I run a shop together, she wants to expand and I want to sell, our parents are involved, and I am not sure how to talk about it without hurting anyone. What should I do?',
      6,
    ],
  ])('lays out a spread that fits the question: "%s" → %i cards', (question, size) => {
    const { driver } = inProcess();
    runReading(driver, question, 'That is what has been on my mind lately.');
    const spread = SpreadHandoff.parse(handoffArgs(driver.lines, 'Reading'));
    expect(spread.spread.positions).toHaveLength(size);
    expect(driver.callsTo('draw_card').map((call) => call.args)).toEqual(
      spread.spread.positions.map((p) => ({ positionLabel: p.label, promptRole: p.role })),
    );
    // The same question always gets the same spread.
    const again = inProcess();
    runReading(again.driver, question, 'That is what has been on my mind lately.');
    expect(handoffArgs(again.driver.lines, 'Reading')).toEqual(
      handoffArgs(driver.lines, 'Reading'),
    );
  });

  it('describes each position before drawing it and waits for each card before the next', () => {
    const { driver } = inProcess();
    runReading(driver);
    const spreadLines = driver.lines.filter((line) => line.agent === 'SpreadGeneration');
    const spread = SpreadHandoff.parse(handoffArgs(driver.lines, 'Reading'));
    for (const position of spread.spread.positions) {
      const drawAt = spreadLines.findIndex(
        (line) => line.kind === 'call' && line.call.args.positionLabel === position.label,
      );
      const describedAt = spreadLines.findIndex(
        (line) => line.kind === 'say' && line.text.includes(position.role),
      );
      expect(describedAt).toBeGreaterThanOrEqual(0);
      expect(describedAt).toBeLessThan(drawAt);
    }
    // One call per response: no response carries two calls.
    const perResponse = new Map<string, number>();
    for (const event of driver.events) {
      if (event.type === 'response.output_item.done' && typeof event.response_id === 'string') {
        const item = event.item;
        if (
          typeof item === 'object' &&
          item !== null &&
          'type' in item &&
          item.type === 'function_call'
        ) {
          perResponse.set(event.response_id, (perResponse.get(event.response_id) ?? 0) + 1);
        }
      }
    }
    expect(Math.max(...perResponse.values())).toBe(1);
  });

  it('shows each card before interpreting it, from the deck, then gives a synthesis and advice', () => {
    const { driver } = inProcess();
    runReading(driver);
    expect(driver.agent).toBe('Followup');
    const spread = SpreadHandoff.parse(handoffArgs(driver.lines, 'Reading'));
    const reading = ReadingHandoff.parse(handoffArgs(driver.lines, 'Followup'));
    const lines = driver.lines.filter((line) => line.agent === 'Reading');
    for (const drawn of spread.cards) {
      const card = getCard(drawn.cardId);
      if (!card) throw new Error(`unknown card ${drawn.cardId}`);
      const meaning = (drawn.reversed ? card.reversed : card.upright).meaning;
      const shownAt = lines.findIndex(
        (line) =>
          line.kind === 'call' &&
          line.call.name === 'show_card' &&
          line.call.args.cardId === drawn.cardId,
      );
      const readAt = lines.findIndex(
        (line) =>
          line.kind === 'say' && line.text.includes(card.name) && line.text.includes(meaning),
      );
      expect(shownAt).toBeGreaterThanOrEqual(0);
      expect(readAt).toBeGreaterThan(shownAt);
      expect(lines[readAt]?.kind === 'say' && lines[readAt].text).toContain(drawn.positionLabel);
      if (drawn.reversed)
        expect(lines[readAt]?.kind === 'say' && lines[readAt].text).toContain('reversed');
    }
    expect(reading.interpretations.map((i) => i.cardId)).toEqual(spread.cards.map((c) => c.cardId));
    const closing = driver.said('Reading').at(-1) ?? '';
    expect(closing).toContain(reading.synthesis);
    expect(closing).toContain(reading.advice);
  });

  it('answers follow-ups from the cards on the table and draws at most three clarification cards', () => {
    const { driver } = inProcess();
    runReading(driver);
    const spread = SpreadHandoff.parse(handoffArgs(driver.lines, 'Reading'));
    const star = spread.cards.find((card) => card.cardId === 'the-star');
    driver.say('What does the Star mean for me?');
    expect(driver.said('Followup').at(-1)).toContain('The Star');
    expect(driver.said('Followup').at(-1)).toContain(star?.positionLabel);

    for (let round = 1; round <= 3; round += 1) {
      driver.say('Can you draw another card to clarify the next step?');
      expect(driver.callsTo('draw_card')).toHaveLength(spread.cards.length + round);
      expect(driver.callsTo('show_card')).toHaveLength(spread.cards.length + round);
    }
    const drawsBefore = driver.callsTo('draw_card').length;
    driver.say('Draw one more clarification card please.');
    expect(driver.callsTo('draw_card')).toHaveLength(drawsBefore);
    expect(driver.said('Followup').at(-1)).toContain('three clarification cards');
    driver.say('Thank you, that is all.');
    expect(driver.said('Followup').at(-1)).toMatch(/^Thank you for reading with me/);
  });
});

describe('tool failures', () => {
  it('apologises and retries a failed draw once, then carries on', () => {
    const { driver } = inProcess({
      toolOutput: (call, nth) =>
        call.name === 'draw_card' && nth === 0 ? toolError('ui') : undefined,
    });
    runReading(driver);
    const draws = driver.callsTo('draw_card');
    expect(draws[0]?.args).toEqual(draws[1]?.args);
    expect(driver.said('SpreadGeneration').some((text) => /sorry/i.test(text))).toBe(true);
    const spread = SpreadHandoff.parse(handoffArgs(driver.lines, 'Reading'));
    expect(spread.cards).toHaveLength(spread.spread.positions.length);
  });

  it('skips a position whose draw fails twice (the SDK’s default error text) and hands off the rest', () => {
    const { driver } = inProcess({
      toolOutput: (call, nth) =>
        call.name === 'draw_card' && nth < 2 ? SDK_TOOL_ERROR : undefined,
    });
    runReading(driver);
    const spread = SpreadHandoff.parse(handoffArgs(driver.lines, 'Reading'));
    const first = spread.spread.positions[0];
    expect(
      driver.callsTo('draw_card').filter((call) => call.args.positionLabel === first?.label),
    ).toHaveLength(2);
    expect(spread.cards.map((card) => card.positionLabel)).toEqual(
      spread.spread.positions.slice(1).map((p) => p.label),
    );
    expect(
      driver.said('SpreadGeneration').some((text) => text.includes(`leave the ${first?.label}`)),
    ).toBe(true);
    expect(driver.agent).toBe('Followup');
  });

  it('does not hand off when no card could be drawn, and starts over when asked', () => {
    let failing = true;
    const { driver } = inProcess({
      toolOutput: (call) => (call.name === 'draw_card' && failing ? toolError('ui') : undefined),
    });
    runReading(driver);
    expect(driver.agent).toBe('SpreadGeneration');
    expect(driver.said('SpreadGeneration').at(-1)).toMatch(/couldn't draw any cards/);
    failing = false;
    driver.say("Let's try again.");
    expect(driver.agent).toBe('Followup');
  });

  it('skips a card whose show_card fails and carries on with the rest', () => {
    const { driver } = inProcess({
      toolOutput: (call, nth) =>
        call.name === 'show_card' && nth === 1 ? toolError('not_found') : undefined,
    });
    runReading(driver);
    const spread = SpreadHandoff.parse(handoffArgs(driver.lines, 'Reading'));
    const reading = ReadingHandoff.parse(handoffArgs(driver.lines, 'Followup'));
    const skipped = spread.cards[1];
    expect(reading.interpretations.map((i) => i.cardId)).toEqual(
      spread.cards.filter((card) => card !== skipped).map((card) => card.cardId),
    );
    const name = skipped ? getCard(skipped.cardId)?.name : undefined;
    expect(driver.said('Reading').some((text) => text.includes(`couldn't show ${name}`))).toBe(
      true,
    );
    expect(driver.callsTo('show_card')).toHaveLength(spread.cards.length);
  });
});

describe('audio turns (push-to-talk)', () => {
  it('says plainly on the first audio turn that it follows a demo script, then follows it', () => {
    const { driver } = inProcess({ modality: 'audio' });
    driver.open();
    driver.speak();
    const first = driver.said()[0] ?? '';
    expect(first.startsWith(DEMO_DISCLOSURE)).toBe(true);
    expect(first).toContain(DEMO_SCRIPT.question);
    const committed = driver.events.filter(
      (event) => event.type === 'input_audio_buffer.committed',
    );
    expect(committed).toHaveLength(1);
    const audioItems = driver.events.filter(
      (event) =>
        event.type === 'conversation.item.added' &&
        JSON.stringify(event.item).includes('"type":"input_audio","transcript":null'),
    );
    expect(audioItems).toHaveLength(1);
    expect(
      driver.events.some((event) => event.type === 'response.output_audio_transcript.delta'),
    ).toBe(true);
    expect(driver.events.some((event) => event.type === 'response.output_text.delta')).toBe(false);

    driver.speak();
    expect(driver.said().at(-1)).not.toContain(DEMO_DISCLOSURE);
    expect(driver.agent).toBe('Followup');
    const intent = IntentHandoff.parse(handoffArgs(driver.lines, 'SpreadGeneration'));
    expect(intent.intentSummary).toBe(DEMO_SCRIPT.question);

    driver.speak();
    expect(driver.said('Followup').at(-1)).toContain(DEMO_SCRIPT.followups[0]);
  });

  it('greets a voice session by saying it cannot hear speech without an OpenAI key', () => {
    const { driver } = inProcess({ modality: 'audio' });
    driver.open();
    driver.createResponse();
    expect(driver.said()[0]).toMatch(/offline reader.*OpenAI key.*demo script/);
  });

  it('refuses an empty commit and acknowledges a clear', () => {
    const { driver } = inProcess();
    driver.open();
    driver.send({ type: 'input_audio_buffer.commit', event_id: 'commit_1' });
    const error = RealtimeErrorEvent.parse(driver.errors()[0]);
    expect(error.error.code).toBe('input_audio_buffer_commit_empty');
    expect(error.error.event_id).toBe('commit_1');
    driver.send({ type: 'input_audio_buffer.append', audio: 'AAAA' });
    driver.send({ type: 'input_audio_buffer.clear' });
    expect(driver.events.at(-1)?.type).toBe('input_audio_buffer.cleared');
    driver.send({ type: 'input_audio_buffer.commit' });
    expect(driver.errors()).toHaveLength(2);
  });
});

describe('protocol details', () => {
  it('answers every response.create with exactly one response.created and one response.done', () => {
    const { driver } = inProcess();
    runReading(driver);
    driver.say('What does the last card mean?');
    driver.say('Please draw a clarification card.');
    const creates = driver.events.filter((event) => event.type === 'response.created').length;
    const dones = driver.events.filter((event) => event.type === 'response.done').length;
    expect(creates).toBeGreaterThan(10);
    expect(dones).toBe(creates);
    expect(driver.errors()).toEqual([]);
    expect(new Set(driver.events.map((event) => event.event_id)).size).toBe(driver.events.length);
  });

  it('tolerates retrieve, truncate, delete and cancel', () => {
    const { driver } = inProcess();
    driver.open();
    driver.say('Will it rain on my parade?');
    const added = driver.events.find((event) => event.type === 'conversation.item.added');
    const item = added?.item;
    const itemId = typeof item === 'object' && item !== null && 'id' in item ? String(item.id) : '';
    driver.send({ type: 'conversation.item.retrieve', item_id: itemId });
    expect(driver.events.at(-1)?.type).toBe('conversation.item.retrieved');
    driver.send({
      type: 'conversation.item.truncate',
      item_id: itemId,
      content_index: 0,
      audio_end_ms: 0,
    });
    expect(driver.events.at(-1)?.type).toBe('conversation.item.truncated');
    const count = driver.events.length;
    driver.send({ type: 'response.cancel' });
    expect(driver.events).toHaveLength(count);
    driver.send({ type: 'conversation.item.delete', item_id: itemId });
    expect(driver.events.at(-1)?.type).toBe('conversation.item.deleted');
    driver.send({ type: 'conversation.item.retrieve', item_id: itemId, event_id: 'gone_1' });
    expect(RealtimeErrorEvent.parse(driver.events.at(-1)).error).toMatchObject({
      code: 'item_not_found',
      event_id: 'gone_1',
    });
  });

  it('logs the session in the shared event vocabulary, without the user’s words', () => {
    const logged: unknown[] = [];
    let clock = 1_000_000;
    const session = new ReaderSession({
      send: () => undefined,
      now: () => (clock += 5),
      sessionId: 'b6f0c9f4-0000-4000-8000-000000000000',
      onLog: (event) => logged.push(event),
    });
    session.start();
    session.handleMessage(
      JSON.stringify({
        type: 'session.update',
        session: { type: 'realtime', output_modalities: ['text'], tools: [] },
      }),
    );
    session.handleMessage('{"type":"nope"}');
    session.close();
    const events = logged.map((event) => LogEvent.parse(event));
    expect(events.map((event) => event.event)).toEqual([
      'session_start',
      'error',
      'session_summary',
    ]);
  });

  it('reads topics and timeframes from plain words', () => {
    expect(inferTopic('Will my boyfriend propose?')).toBe('love');
    expect(inferTopic('Can I pay off my debt?')).toBe('money');
    expect(inferTopic('How is my mother doing?')).toBe('family');
    expect(inferTopic('What is my purpose?')).toBe('spiritual');
    expect(inferTopic('Tell me something')).toBe('general');
    expect(findTimeframe('What happens this year?')).toBe('this year');
    expect(findTimeframe('over the next three months')).toBe('the next three months');
    expect(findTimeframe('in 6 weeks')).toBe('the next 6 weeks');
    expect(findTimeframe('Will it happen soon?')).toBe('the coming weeks');
    expect(findTimeframe('Will it happen?')).toBeUndefined();
  });
});
